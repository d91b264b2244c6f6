import { zodResolver } from '@hookform/resolvers/zod';
import {
  leadStatuses,
  leadStatusLabels,
  updateLeadSchema,
  type LeadDetails,
  type UpdateLeadValues,
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
import { refreshCampaigns } from '../api/campaigns.queries';
import { leadQueryOptions, updateLead } from '../api/leads.queries';
import { readPastTime, scheduleWallTimeAt, timeZoneLabel } from '../lib/campaign-schedule';

const leadFormSchema = (timeZone: string) =>
  z
    .object({
      status: z.enum(leadStatuses, 'Choose a stage from the list'),
      value: updateLeadSchema.shape.value.unwrap(),
      date: z.string(),
      time: z.string(),
    })
    .superRefine((values, ctx) => {
      // Left empty, a new customer became one now; a date alone or a time alone is half an answer.
      if (values.status !== 'customer' || (!values.date && !values.time)) return;
      const reading = readPastTime({ date: values.date, time: values.time }, timeZone);
      if (!reading.ok) ctx.addIssue({ code: 'custom', path: [reading.field], message: reading.message });
    });

type FormValues = z.input<ReturnType<typeof leadFormSchema>>;
type FormOutput = z.output<ReturnType<typeof leadFormSchema>>;

function valuesOf(lead: LeadDetails, timeZone: string): FormValues {
  const since = lead.convertedAt ? scheduleWallTimeAt(new Date(lead.convertedAt), timeZone) : null;
  return { status: lead.status, value: lead.value, date: since?.date ?? '', time: since?.time ?? '' };
}

/** Only what changed goes to the server, so a save never overwrites what someone else changed. */
function changesOf(
  values: FormOutput,
  lead: LeadDetails,
  timeZone: string,
): Omit<UpdateLeadValues, 'version'> {
  const changes: Omit<UpdateLeadValues, 'version'> = {};
  if (values.status !== lead.status) changes.status = values.status;
  if (values.value !== lead.value) changes.value = values.value;
  if (values.status === 'customer' && values.date && values.time) {
    const reading = readPastTime({ date: values.date, time: values.time }, timeZone);
    const before = valuesOf(lead, timeZone);
    const moved = values.date !== before.date || values.time !== before.time;
    if (reading.ok && (lead.status !== 'customer' || moved))
      changes.convertedAt = reading.instant.toISOString();
  }
  return changes;
}

const fieldNames = ['status', 'value'] as const;

/**
 * A lead's stage and value (issue 23). A lead that becomes a customer counts its value as the
 * revenue of the campaign it last clicked before then; saved with the version read (412: someone
 * else saved first).
 */
export function LeadStageForm({ lead, timeZone }: { lead: LeadDetails; timeZone: string }) {
  const queryClient = useQueryClient();
  const [base, setBase] = useState(lead);
  const [stale, setStale] = useState(false);
  const [reloadError, setReloadError] = useState<Error | null>(null);
  const schema = leadFormSchema(timeZone);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(lead, timeZone),
  });
  const { errors, isDirty } = form.formState;
  const status = useWatch({ control: form.control, name: 'status' });

  const restart = (next: LeadDetails) => {
    setBase(next);
    form.reset(valuesOf(next, timeZone));
  };

  const save = useMutation({
    mutationFn: (values: FormOutput) =>
      updateLead(base.id, { ...changesOf(values, base, timeZone), version: base.version }),
    onMutate: () => {
      setStale(false);
      setReloadError(null);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(leadQueryOptions(saved.id).queryKey, saved);
      // The campaign it counts for (before and after) shows a new revenue.
      void refreshCampaigns(queryClient);
      restart(saved);
      toast.success(`${saved.firstName} ${saved.lastName} was saved`);
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 412) {
        try {
          restart(await queryClient.fetchQuery({ ...leadQueryOptions(base.id), staleTime: 0 }));
          setStale(true);
        } catch (failure) {
          setReloadError(failure as Error);
        }
        return;
      }
      setServerFieldErrors(error, [...fieldNames], form.setError);
      if (error instanceof ApiError && error.fields?.convertedAt) {
        form.setError('time', { type: 'server', message: error.fields.convertedAt });
      }
    },
  });

  const submit = form.handleSubmit((values) => {
    if (Object.keys(changesOf(values, base, timeZone)).length === 0) return;
    save.mutate(values);
  });

  const requestError =
    save.error &&
    !(save.error instanceof ApiError && save.error.status === 412) &&
    !isFieldError(save.error, [...fieldNames, 'convertedAt'])
      ? save.error
      : null;
  const becomesCustomer = status === 'customer' && base.status !== 'customer';

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <SaveProblems
        record="lead"
        stale={stale}
        reloadError={reloadError}
        requestError={requestError}
        requestTitle="The lead could not be saved"
      />
      <div className="grid gap-5 sm:grid-cols-2 [&>*]:min-w-0">
        <Field label="Stage" error={errors.status?.message}>
          {(control) => (
            <Select {...control} {...form.register('status')}>
              {leadStatuses.map((option) => (
                <option key={option} value={option}>
                  {leadStatusLabels[option]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Value (USD)"
          hint="What it is worth as a customer. Optional"
          error={errors.value?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              {...form.register('value', { setValueAs: emptyAsNullNumber })}
            />
          )}
        </Field>
      </div>
      {status === 'customer' ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Became a customer</legend>
          <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
            <Field
              label="Date"
              hint={becomesCustomer ? 'Empty: now' : undefined}
              error={errors.date?.message}
            >
              {(control) => <Input {...control} type="date" {...form.register('date', { deps: ['time'] })} />}
            </Field>
            <Field label="Time" error={errors.time?.message}>
              {(control) => <Input {...control} type="time" step={60} {...form.register('time')} />}
            </Field>
          </div>
          <p className="text-sm text-slate-600">
            In the workspace’s time zone,{' '}
            <span className="font-medium text-slate-800">{timeZoneLabel(timeZone)}</span>. Its value counts
            for the campaign it last clicked before then.
          </p>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {isDirty ? <p className="text-sm text-slate-600">Unsaved changes</p> : null}
        <Button variant="secondary" onClick={() => restart(base)} disabled={!isDirty || save.isPending}>
          Undo changes
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save
        </Button>
      </div>
    </form>
  );
}
