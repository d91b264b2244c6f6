import { zodResolver } from '@hookform/resolvers/zod';
import {
  campaignResultsProblems,
  campaignStatuses,
  campaignStatusLabels,
  deliveredRate,
  isoDate,
  localDate,
  startOfLocalDay,
  updateCampaignSchema,
  type CampaignDetails,
  type UpdateCampaignInput,
} from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { SaveProblems } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { emptyAsNullNumber } from '../../../lib/form-values';
import { campaignQueryOptions, refreshCampaigns, updateCampaign } from '../api/campaigns.queries';
import { formatMoney, formatRate } from '../lib/campaign-format';

/** What is typed by hand for an sms, social or webinar campaign, checked as the server checks it. */
const trackedFormSchema = updateCampaignSchema
  .pick({
    status: true,
    budget: true,
    sent: true,
    delivered: true,
    opened: true,
    clicked: true,
    revenue: true,
  })
  .required({ status: true, sent: true, delivered: true, opened: true, clicked: true, revenue: true })
  .extend({ startDate: z.union([z.literal(''), isoDate('Enter a valid date')]) })
  .superRefine((values, ctx) => {
    for (const [field, message] of Object.entries(campaignResultsProblems(values))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });

type FormValues = z.input<typeof trackedFormSchema>;
type FormOutput = z.output<typeof trackedFormSchema>;

const fieldNames = ['status', 'budget', 'sent', 'delivered', 'opened', 'clicked', 'revenue'] as const;

function valuesOf(campaign: CampaignDetails): FormValues {
  return {
    status: campaign.status,
    startDate: campaign.startsAt ? localDate(new Date(campaign.startsAt), campaign.timeZone) : '',
    budget: campaign.budget,
    sent: campaign.sent,
    delivered: campaign.delivered,
    opened: campaign.opened,
    clicked: campaign.clicked,
    revenue: campaign.revenue,
  };
}

/** Only what changed goes to the server: an edit must not overwrite a field someone else changed. */
function changesOf(values: FormOutput, campaign: CampaignDetails): Omit<UpdateCampaignInput, 'version'> {
  const before = valuesOf(campaign);
  const changes: Omit<UpdateCampaignInput, 'version'> = {};
  for (const name of fieldNames) {
    if (values[name] !== before[name]) Object.assign(changes, { [name]: values[name] });
  }
  if (values.startDate !== before.startDate) {
    changes.startsAt = values.startDate
      ? startOfLocalDay(values.startDate, campaign.timeZone).toISOString()
      : null;
  }
  return changes;
}

const numberBox = { type: 'text', inputMode: 'numeric', autoComplete: 'off' } as const;

/**
 * An sms, social or webinar campaign is run outside Atrium (issue 23): its status, start, budget and
 * results are entered here by hand and saved with the version read (412: someone else saved first).
 */
export function CampaignTrackedResultsForm({ campaign }: { campaign: CampaignDetails }) {
  const queryClient = useQueryClient();
  const [base, setBase] = useState(campaign);
  const [stale, setStale] = useState(false);
  const [reloadError, setReloadError] = useState<Error | null>(null);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(trackedFormSchema),
    defaultValues: valuesOf(campaign),
  });
  const { errors, isDirty } = form.formState;
  const detailsKey = campaignQueryOptions(campaign.id).queryKey;

  const restart = (next: CampaignDetails) => {
    setBase(next);
    form.reset(valuesOf(next));
  };

  const save = useMutation({
    mutationFn: (values: FormOutput) =>
      updateCampaign(base.id, { ...changesOf(values, base), version: base.version }),
    onMutate: () => {
      setStale(false);
      setReloadError(null);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(detailsKey, saved);
      void refreshCampaigns(queryClient);
      restart(saved);
      toast.success('The results were saved');
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 412) {
        void refreshCampaigns(queryClient);
        try {
          restart(await queryClient.fetchQuery({ ...campaignQueryOptions(base.id), staleTime: 0 }));
          setStale(true);
        } catch (failure) {
          setReloadError(failure as Error);
        }
        return;
      }
      setServerFieldErrors(error, [...fieldNames], form.setError);
      if (error instanceof ApiError && error.fields?.startsAt) {
        form.setError('startDate', { type: 'server', message: error.fields.startsAt });
      }
    },
  });

  const submit = form.handleSubmit((values) => {
    if (Object.keys(changesOf(values, base)).length === 0) return;
    save.mutate(values);
  });

  const watched = useWatch({ control: form.control });
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  const delivered = number(watched.delivered);
  const requestError =
    save.error &&
    !(save.error instanceof ApiError && save.error.status === 412) &&
    !isFieldError(save.error, [...fieldNames, 'startsAt'])
      ? save.error
      : null;

  return (
    <section
      aria-labelledby="tracked-results-heading"
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div>
        <h2 id="tracked-results-heading" className="text-base font-semibold text-slate-900">
          Status and results
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          This campaign runs outside Atrium: enter its status and results as they come in. Rates are per
          delivered message.
        </p>
      </div>
      <form noValidate onSubmit={submit} className="space-y-5">
        <SaveProblems
          record="campaign"
          stale={stale}
          reloadError={reloadError}
          requestError={requestError}
          requestTitle="The results could not be saved"
        />
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 [&>*]:min-w-0">
          <Field label="Status" error={errors.status?.message}>
            {(control) => (
              <Select {...control} {...form.register('status')}>
                {campaignStatuses.map((status) => (
                  <option key={status} value={status}>
                    {campaignStatusLabels[status]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Start date" hint="Optional" error={errors.startDate?.message}>
            {(control) => <Input {...control} type="date" {...form.register('startDate')} />}
          </Field>
          <Field label="Budget (USD)" hint="Optional" error={errors.budget?.message}>
            {(control) => (
              <Input
                {...control}
                {...numberBox}
                inputMode="decimal"
                {...form.register('budget', { setValueAs: emptyAsNullNumber })}
              />
            )}
          </Field>
          <Field label="Sent" error={errors.sent?.message}>
            {(control) => (
              <Input
                {...control}
                {...numberBox}
                {...form.register('sent', { setValueAs: emptyAsNullNumber, deps: ['delivered'] })}
              />
            )}
          </Field>
          <Field label="Delivered" error={errors.delivered?.message}>
            {(control) => (
              <Input
                {...control}
                {...numberBox}
                {...form.register('delivered', {
                  setValueAs: emptyAsNullNumber,
                  deps: ['opened', 'clicked'],
                })}
              />
            )}
          </Field>
          <Field
            label="Opened"
            hint={`Open rate ${formatRate(deliveredRate(number(watched.opened), delivered))}`}
            error={errors.opened?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...numberBox}
                {...form.register('opened', { setValueAs: emptyAsNullNumber })}
              />
            )}
          </Field>
          <Field
            label="Clicked"
            hint={`Click rate ${formatRate(deliveredRate(number(watched.clicked), delivered))}`}
            error={errors.clicked?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...numberBox}
                {...form.register('clicked', { setValueAs: emptyAsNullNumber })}
              />
            )}
          </Field>
          <Field
            label="Revenue (USD)"
            hint={`Budget ${formatMoney(typeof watched.budget === 'number' ? watched.budget : null)}`}
            error={errors.revenue?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...numberBox}
                inputMode="decimal"
                {...form.register('revenue', { setValueAs: emptyAsNullNumber })}
              />
            )}
          </Field>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-3">
          {isDirty ? <p className="text-sm text-slate-600">Unsaved changes</p> : null}
          <Button variant="secondary" onClick={() => restart(base)} disabled={!isDirty || save.isPending}>
            Undo changes
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            Save results
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The same figures for someone who may only look. */
export function CampaignTrackedResultsSummary({ campaign }: { campaign: CampaignDetails }) {
  const figures = [
    ['Sent', campaign.sent.toLocaleString('en-US')],
    ['Delivered', campaign.delivered.toLocaleString('en-US')],
    ['Opened', `${campaign.opened.toLocaleString('en-US')} · ${formatRate(campaign.openRate)}`],
    ['Clicked', `${campaign.clicked.toLocaleString('en-US')} · ${formatRate(campaign.clickRate)}`],
    ['Revenue', formatMoney(campaign.revenue)],
    ['Budget', formatMoney(campaign.budget)],
  ] as const;
  return (
    <section
      aria-labelledby="tracked-results-heading"
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="tracked-results-heading" className="text-base font-semibold text-slate-900">
        Results
      </h2>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
