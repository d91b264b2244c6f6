import { zodResolver } from '@hookform/resolvers/zod';
import { workspaceSettingsSchema, type WorkspaceSettings, type WorkspaceSettingsInput } from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { meQueryKey } from '../../accounts';
import { updateWorkspaceSettings, workspaceSettingsQueryOptions } from '../api/workspace.queries';

const fieldNames = [
  'name',
  'timeZone',
  'weekStart',
  'workdayStart',
  'workdayEnd',
  'breakMinutes',
  'weeklyHours',
] as const;

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function formValuesOf(settings: WorkspaceSettings): WorkspaceSettingsInput {
  const { name, timeZone, weekStart, workdayStart, workdayEnd, breakMinutes, weeklyHours } = settings;
  return { name, timeZone, weekStart, workdayStart, workdayEnd, breakMinutes, weeklyHours };
}

function SettingsForm({ settings }: { settings: WorkspaceSettings }) {
  const queryClient = useQueryClient();
  const timeZones = useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes(settings.timeZone) ? zones : [settings.timeZone, ...zones];
  }, [settings.timeZone]);

  const form = useForm({
    resolver: zodResolver(workspaceSettingsSchema),
    // Follows the server copy (someone else's save arrives with the live updates, or after a 412)
    // but keeps the fields the admin has changed and not saved yet. Every reset takes these options,
    // so Discard and a save say keepDirtyValues: false.
    values: formValuesOf(settings),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, dirtyFields } = form.formState;
  // Not formState.isDirty: that compares with the server copy, which an update moves under the
  // admin's unsaved changes and so reads false; the changed fields are what is unsaved.
  const isDirty = Object.keys(dirtyFields).length > 0;

  const save = useMutation({
    mutationFn: (values: WorkspaceSettingsInput) =>
      updateWorkspaceSettings({ ...values, version: settings.version }),
    onSuccess: (saved) => {
      // Saved, nothing is unsaved any more: the form starts again from what the server keeps.
      form.reset(formValuesOf(saved), { keepDirtyValues: false });
      queryClient.setQueryData(workspaceSettingsQueryOptions().queryKey, saved);
      // The header shows the workspace name.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      toast.success('Workspace settings saved');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 412) {
        toast.error('These settings were changed by someone else', {
          description: 'Their changes are loaded and yours are kept: check them and save again.',
        });
        void queryClient.invalidateQueries({ queryKey: workspaceSettingsQueryOptions().queryKey });
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
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="space-y-6"
      aria-labelledby="workspace-settings-title"
    >
      {showAlert ? <ServerErrorAlert error={error} title="The settings could not be saved" /> : null}
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="Workspace name" error={errors.name?.message} className="sm:col-span-2">
          {(control) => <Input {...control} autoComplete="organization" {...form.register('name')} />}
        </Field>
        <Field
          label="Time zone"
          hint="Dates and times across the workspace are shown in this zone."
          error={errors.timeZone?.message}
        >
          {(control) => (
            <Select {...control} {...form.register('timeZone')}>
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Week starts on" error={errors.weekStart?.message}>
          {(control) => (
            <Select {...control} {...form.register('weekStart', { setValueAs: Number })}>
              {weekdays.map((day, index) => (
                <option key={day} value={index}>
                  {day}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Working day starts" error={errors.workdayStart?.message}>
          {(control) => <Input {...control} type="time" step={60} {...form.register('workdayStart')} />}
        </Field>
        <Field label="Working day ends" error={errors.workdayEnd?.message}>
          {(control) => <Input {...control} type="time" step={60} {...form.register('workdayEnd')} />}
        </Field>
        <Field label="Break (minutes)" error={errors.breakMinutes?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={240}
              {...form.register('breakMinutes', { valueAsNumber: true })}
            />
          )}
        </Field>
        <Field
          label="Weekly hours"
          hint="Above this, hours count as overtime."
          error={errors.weeklyHours?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={80}
              {...form.register('weeklyHours', { valueAsNumber: true })}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-5">
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

/** Settings > Workspace (issue 3): name, time zone, week start and working hours (spec section 9 defaults). */
export function WorkspaceSettingsForm() {
  const settings = useQuery(workspaceSettingsQueryOptions());
  return (
    <section
      aria-labelledby="workspace-settings-title"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="workspace-settings-title" className="text-lg font-semibold text-slate-900">
        Workspace
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The name everyone sees, and the working hours that time tracking and scheduling start from.
      </p>
      <div className="mt-6">
        {settings.isPending ? (
          <div role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Loading the settings…
          </div>
        ) : settings.isError ? (
          <ServerErrorAlert error={settings.error} title="The settings could not be loaded" />
        ) : (
          <SettingsForm settings={settings.data} />
        )}
      </div>
    </section>
  );
}
