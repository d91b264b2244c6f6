import { zodResolver } from '@hookform/resolvers/zod';
import {
  marketingSettingsInputSchema,
  maxSendRatePerSecond,
  type MarketingSettings,
  type MarketingSettingsValues,
} from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import {
  marketingSettingsQueryKey,
  marketingSettingsQueryOptions,
  saveMarketingSettings,
} from '../api/marketing-settings.queries';

/**
 * The form's own shape: the rate is a choice (a limit, or none) plus a number, and tracking a choice
 * of two; the resolver turns it into the request and checks that with the shared schema.
 */
type SettingsForm = {
  rateMode: 'limited' | 'unlimited';
  /** NaN while the box is empty. */
  sendRatePerSecond: number;
  trackPeople: 'people' | 'counts';
  fromName: string;
  fromEmail: string;
  postalAddress: string;
};

const fieldNames = ['sendRatePerSecond', 'trackPeople', 'fromName', 'fromEmail', 'postalAddress'] as const;

function formValuesOf(settings: MarketingSettings): SettingsForm {
  return {
    rateMode: settings.sendRatePerSecond === null ? 'unlimited' : 'limited',
    // With no limit saved, choosing a limit starts from the workspace default.
    sendRatePerSecond: settings.sendRatePerSecond ?? 10,
    trackPeople: settings.trackPeople ? 'people' : 'counts',
    fromName: settings.fromName ?? '',
    fromEmail: settings.fromEmail ?? '',
    postalAddress: settings.postalAddress,
  };
}

function settingsResolver(version: number): Resolver<SettingsForm, unknown, MarketingSettingsValues> {
  const validate = zodResolver(marketingSettingsInputSchema);
  return async (values, context, options) =>
    (await validate(
      {
        sendRatePerSecond: values.rateMode === 'unlimited' ? null : values.sendRatePerSecond,
        trackPeople: values.trackPeople === 'people',
        fromName: values.fromName,
        fromEmail: values.fromEmail,
        postalAddress: values.postalAddress,
        version,
      },
      context,
      options as unknown as Parameters<typeof validate>[2],
    )) as Awaited<ReturnType<Resolver<SettingsForm, unknown, MarketingSettingsValues>>>;
}

const choiceClasses =
  'flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ring-slate-200 has-checked:bg-indigo-50 has-checked:ring-indigo-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600';

/** One option of a radio group, with a sentence saying what it means. */
function Choice({ input, label, description }: { input: ReactNode; label: string; description: ReactNode }) {
  return (
    <label className={choiceClasses}>
      {input}
      <span>
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        <span className="mt-0.5 block text-sm text-slate-600">{description}</span>
      </span>
    </label>
  );
}

const radioClasses = 'mt-0.5 size-4 shrink-0 accent-indigo-600';

function SettingsFormBody({ settings }: { settings: MarketingSettings }) {
  const queryClient = useQueryClient();
  const [savedOnce, setSavedOnce] = useState(false);
  const form = useForm<SettingsForm, unknown, MarketingSettingsValues>({
    resolver: settingsResolver(settings.version),
    // Follows the stored copy (after a save, or a reload after someone else's) but keeps what the
    // manager has changed and not saved yet.
    values: formValuesOf(settings),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, dirtyFields } = form.formState;
  const isDirty = Object.keys(dirtyFields).length > 0;
  const rateMode = useWatch({ control: form.control, name: 'rateMode' });

  const save = useMutation({
    // The version as last read: after someone else's save (412) it is theirs, and saving again is safe.
    mutationFn: (values: MarketingSettingsValues) =>
      saveMarketingSettings({ ...values, version: settings.version }),
    onSuccess: (saved) => {
      form.reset(formValuesOf(saved), { keepDirtyValues: false });
      queryClient.setQueryData(marketingSettingsQueryKey, saved);
      setSavedOnce(true);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 412) {
        toast.error('The marketing settings were changed by someone else', {
          description: 'Their changes are loaded and yours are kept: check them and save again.',
        });
        void queryClient.invalidateQueries({ queryKey: marketingSettingsQueryKey });
        return;
      }
      setServerFieldErrors(error, fieldNames, form.setError);
    },
  });

  const error = save.error;
  const showAlert =
    error && !(error instanceof ApiError && error.status === 412) && !isFieldError(error, fieldNames);

  return (
    <form
      noValidate
      aria-labelledby="marketing-settings-title"
      onSubmit={form.handleSubmit((values) => {
        save.reset();
        save.mutate(values);
      })}
      className="space-y-8"
    >
      {showAlert ? (
        <ServerErrorAlert error={error} title="The marketing settings could not be saved" />
      ) : null}

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-slate-900">Sending rate</legend>
        <p className="text-sm text-slate-600">
          How fast campaigns leave, counted across all of Atrium’s servers together. Stay under what your mail
          provider allows, or it may start refusing messages.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Choice
            input={
              <input type="radio" value="limited" className={radioClasses} {...form.register('rateMode')} />
            }
            label="Limit the rate"
            description="At most the number of messages a second you set below."
          />
          <Choice
            input={
              <input type="radio" value="unlimited" className={radioClasses} {...form.register('rateMode')} />
            }
            label="No limit"
            description="As fast as the mail server takes them."
          />
        </div>
        {rateMode === 'limited' ? (
          <Field
            label="Messages a second"
            hint={`A whole number from 1 to ${maxSendRatePerSecond.toLocaleString('en-US')}.`}
            error={errors.sendRatePerSecond?.message}
            className="max-w-xs"
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={maxSendRatePerSecond}
                step={1}
                {...form.register('sendRatePerSecond', { valueAsNumber: true })}
              />
            )}
          </Field>
        ) : null}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-slate-900">Open and click tracking</legend>
        {errors.trackPeople?.message ? (
          <p className="text-sm font-medium text-red-700">{errors.trackPeople.message}</p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <Choice
            input={
              <input type="radio" value="people" className={radioClasses} {...form.register('trackPeople')} />
            }
            label="Per person"
            description="Records who opened and who clicked: campaign pages list each recipient’s activity, and segments can pick the people who opened or clicked a campaign."
          />
          <Choice
            input={
              <input type="radio" value="counts" className={radioClasses} {...form.register('trackPeople')} />
            }
            label="Counts only"
            description="Counts opens and clicks per campaign without recording who: the rates stay, nobody’s activity is kept. For privacy rules that ask for it."
          />
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-slate-900">Default sender</legend>
        <p className="text-sm text-slate-600">
          Campaigns that name no sender of their own go out from this name and address. Use an address on a
          domain your mail server may send for.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Sender name" hint="E.g. “Acme Newsletter”." error={errors.fromName?.message}>
            {(control) => (
              <Input {...control} autoComplete="off" maxLength={100} {...form.register('fromName')} />
            )}
          </Field>
          <Field label="Sender address" hint="E.g. news@acme.example." error={errors.fromEmail?.message}>
            {(control) => (
              <Input
                {...control}
                type="email"
                inputMode="email"
                autoComplete="off"
                spellCheck={false}
                {...form.register('fromEmail')}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-slate-900">Postal address</legend>
        {settings.postalAddress.trim() === '' ? (
          <Alert tone="info" title="No postal address yet">
            Anti-spam laws (CAN-SPAM in the United States, among others) ask every marketing email to show the
            sender’s physical address. Add yours before sending campaigns.
          </Alert>
        ) : null}
        <Field
          label="Postal address"
          hint="Shown in the footer of every campaign, under the workspace name. Line breaks are kept."
          error={errors.postalAddress?.message}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={500}
              autoComplete="street-address"
              {...form.register('postalAddress')}
            />
          )}
        </Field>
      </fieldset>

      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-5">
        <p role="status" className="mr-auto text-sm text-slate-600">
          {savedOnce && !isDirty && !save.isPending ? (
            <span className="flex items-center gap-1.5 text-emerald-700">
              <Check aria-hidden="true" className="size-4" /> Saved
            </span>
          ) : isDirty ? (
            'Unsaved changes'
          ) : null}
        </p>
        <Button
          variant="secondary"
          disabled={!isDirty || save.isPending}
          onClick={() => form.reset(undefined, { keepDirtyValues: false })}
        >
          Discard changes
        </Button>
        <Button type="submit" disabled={!isDirty || save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** Settings > Marketing (issue 23): sending rate, per-person tracking, default sender, postal address. */
export function MarketingSettingsPanel() {
  const settings = useQuery(marketingSettingsQueryOptions());
  return (
    <section
      aria-labelledby="marketing-settings-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="marketing-settings-title" className="text-lg font-semibold text-slate-900">
        Marketing
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        How this workspace’s email campaigns are sent and tracked.
      </p>
      <div className="mt-6">
        {settings.isPending ? (
          <ListSkeleton label="Loading the marketing settings" rows={4} />
        ) : settings.isError ? (
          <LoadError
            error={settings.error}
            title="The marketing settings could not be loaded"
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <SettingsFormBody settings={settings.data} />
        )}
      </div>
    </section>
  );
}
