import { zodResolver } from '@hookform/resolvers/zod';
import {
  slaPausableStatuses,
  ticketStatusLabels,
  updateSlaPolicySchema,
  type BusinessCalendarView,
  type SlaPolicy,
  type UpdateSlaPolicyInput,
  type UpdateSlaPolicyValues,
} from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { TableScroller } from '../../../components/ui/list-states';
import { SaveProblems } from '../../../components/ui/server-error-alert';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { refreshAfterSlaChange, updateSlaPolicy } from '../api/sla.queries';

const fieldNames = [
  'firstResponseHours',
  'resolutionHours',
  'calendarId',
  'pauseStatuses',
] as const satisfies readonly (keyof UpdateSlaPolicyInput)[];

const calendarName = (policy: SlaPolicy, calendars: readonly BusinessCalendarView[]) =>
  (policy.calendarId
    ? calendars.find((calendar) => calendar.id === policy.calendarId)?.name
    : `${calendars.find((calendar) => calendar.isDefault)?.name ?? 'Business hours'} (default)`) ?? '—';

const pausesText = (policy: SlaPolicy) =>
  policy.pauseStatuses.length === 0
    ? 'Never'
    : policy.pauseStatuses.map((status) => ticketStatusLabels[status]).join(', ');

/**
 * The four tiers' SLA policies (issue 21; spec 9): targets in business hours, the calendar they
 * count in, and the statuses that stop the clocks. Managers edit a tier in a dialog.
 */
export function SlaPoliciesTable({
  policies,
  calendars,
  mayManage,
}: {
  policies: readonly SlaPolicy[];
  calendars: readonly BusinessCalendarView[];
  mayManage: boolean;
}) {
  const [editingId, setEditingId] = useState<string | null>(null);
  // Someone else saved the policy first: the list brings their version and the form starts again from it.
  const [stale, setStale] = useState(false);
  const editing = policies.find((policy) => policy.id === editingId) ?? null;
  const headingId = useId();
  const close = () => {
    setEditingId(null);
    setStale(false);
  };
  return (
    <>
      <h3 id={headingId} className="sr-only">
        Policies by tier
      </h3>
      <TableScroller labelledBy={headingId}>
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Tier
              </th>
              <th scope="col" className="px-4 py-3">
                First response
              </th>
              <th scope="col" className="px-4 py-3">
                Resolution
              </th>
              <th scope="col" className="px-4 py-3">
                Calendar
              </th>
              <th scope="col" className="px-4 py-3">
                Paused while
              </th>
              {mayManage ? (
                <th scope="col" className="relative px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {policies.map((policy) => (
              <tr key={policy.id}>
                <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                  {policy.tier}
                </th>
                <td className="px-4 py-3 text-slate-800">{policy.firstResponseHours} business h</td>
                <td className="px-4 py-3 text-slate-800">{policy.resolutionHours} business h</td>
                <td className="px-4 py-3 text-slate-800">{calendarName(policy, calendars)}</td>
                <td className="px-4 py-3 text-slate-800">{pausesText(policy)}</td>
                {mayManage ? (
                  <td className="px-4 py-3 text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Edit ${policy.tier} policy`}
                      onClick={() => setEditingId(policy.id)}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <Modal
        open={editing !== null}
        onClose={close}
        title={editing ? `${editing.tier} policy` : 'Policy'}
        description="Targets count business hours of the calendar. Tickets still open get their due times again."
      >
        {editing ? (
          <SlaPolicyForm
            key={`${editing.id}-${editing.version}`}
            policy={editing}
            calendars={calendars}
            stale={stale}
            onStale={() => setStale(true)}
            onClose={close}
          />
        ) : null}
      </Modal>
    </>
  );
}

function SlaPolicyForm({
  policy,
  calendars,
  stale,
  onStale,
  onClose,
}: {
  policy: SlaPolicy;
  calendars: readonly BusinessCalendarView[];
  stale: boolean;
  onStale: () => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<UpdateSlaPolicyInput, unknown, UpdateSlaPolicyValues>({
    resolver: zodResolver(updateSlaPolicySchema),
    defaultValues: {
      firstResponseHours: policy.firstResponseHours,
      resolutionHours: policy.resolutionHours,
      calendarId: policy.calendarId,
      pauseStatuses: policy.pauseStatuses.filter((status) =>
        (slaPausableStatuses as readonly string[]).includes(status),
      ) as UpdateSlaPolicyInput['pauseStatuses'],
      version: policy.version,
    },
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: UpdateSlaPolicyValues) => updateSlaPolicy(policy.id, values),
    onSuccess: (saved) => {
      void refreshAfterSlaChange(queryClient);
      toast.success(`The ${saved.tier} policy was saved`);
      onClose();
    },
    onError: (error) => {
      setServerFieldErrors(error, fieldNames, form.setError);
      if (error instanceof ApiError && error.status === 412) {
        onStale();
        void refreshAfterSlaChange(queryClient);
      }
    },
  });
  const staleError = save.error instanceof ApiError && save.error.status === 412;
  const requestError = save.error && !staleError && !isFieldError(save.error, fieldNames) ? save.error : null;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-5">
      <SaveProblems
        record="policy"
        stale={stale || staleError}
        reloadError={null}
        requestError={requestError}
        requestTitle="The policy could not be saved"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First response (business hours)" error={errors.firstResponseHours?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...form.register('firstResponseHours', { valueAsNumber: true })}
            />
          )}
        </Field>
        <Field label="Resolution (business hours)" error={errors.resolutionHours?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...form.register('resolutionHours', { valueAsNumber: true })}
            />
          )}
        </Field>
      </div>
      <Field label="Calendar" error={errors.calendarId?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="calendarId"
            render={({ field }) => (
              <Select
                {...control}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
                onBlur={field.onBlur}
              >
                <option value="">The default calendar</option>
                {calendars.map((calendar) => (
                  <option key={calendar.id} value={calendar.id}>
                    {calendar.name}
                  </option>
                ))}
              </Select>
            )}
          />
        )}
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">
          The clocks stand still while the ticket is
        </legend>
        <Controller
          control={form.control}
          name="pauseStatuses"
          render={({ field }) => (
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {slaPausableStatuses.map((status) => (
                <label key={status} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-indigo-600"
                    checked={field.value.includes(status)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...field.value, status]
                          : field.value.filter((chosen) => chosen !== status),
                      )
                    }
                  />
                  {ticketStatusLabels[status]}
                </label>
              ))}
            </div>
          )}
        />
        {errors.pauseStatuses?.message ? (
          <p className="mt-1.5 text-sm font-medium text-red-700">{errors.pauseStatuses.message}</p>
        ) : null}
      </fieldset>
      <FormActions submitLabel="Save policy" pending={save.isPending} onCancel={onClose} />
    </form>
  );
}
