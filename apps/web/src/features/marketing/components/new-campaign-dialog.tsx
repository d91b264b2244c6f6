import { zodResolver } from '@hookform/resolvers/zod';
import {
  campaignStatuses,
  campaignStatusLabels,
  campaignTypeLabels,
  campaignTypes,
  createCampaignSchema,
  maxCampaignSegments,
  type CampaignDetails,
  type CreateCampaignValues,
} from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { emptyAsNullNumber, emptyAsUndefinedNumber } from '../../../lib/form-values';
import { useWorkspaceTimeZone } from '../../workspace';
import { campaignQueryOptions, createCampaign, refreshCampaigns } from '../api/campaigns.queries';
import { segmentListQueryOptions } from '../api/segments.queries';
import {
  createCampaignRequest,
  emptyNewCampaign,
  type NewCampaignFormValues,
} from '../lib/new-campaign-form';

const fieldNames = [
  'name',
  'type',
  'description',
  'budget',
  'segmentIds',
  'status',
  'startsAt',
  'sent',
  'delivered',
  'opened',
  'clicked',
  'revenue',
] as const satisfies readonly (keyof NewCampaignFormValues)[];

const resultFields = [
  { name: 'sent', label: 'Sent' },
  { name: 'delivered', label: 'Delivered' },
  { name: 'opened', label: 'Opened' },
  { name: 'clicked', label: 'Clicked' },
] as const;

/** The shared schema checks the request the form turns into (a start date becomes an instant). */
function newCampaignResolver(
  timeZone: string,
): Resolver<NewCampaignFormValues, unknown, CreateCampaignValues> {
  const validate = zodResolver(createCampaignSchema);
  return async (values, context, options) =>
    (await validate(
      createCampaignRequest(values, timeZone),
      context,
      options as unknown as Parameters<typeof validate>[2],
    )) as Awaited<ReturnType<Resolver<NewCampaignFormValues, unknown, CreateCampaignValues>>>;
}

/**
 * New campaign (issue 23): an email campaign starts as a draft and opens in the email editor; an
 * sms, social or webinar campaign is planned and tracked by hand, so its status, start and results
 * are entered here.
 */
export function NewCampaignDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title="New campaign"
      description="Email campaigns are written and sent from Atrium; SMS, social and webinar campaigns are planned here and their results entered by hand."
    >
      {/* Mounted only while open, so every opening starts empty. */}
      <NewCampaignForm onClose={onClose} />
    </Modal>
  );
}

function NewCampaignForm({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const timeZone = useWorkspaceTimeZone() ?? 'UTC';
  const form = useForm<NewCampaignFormValues, unknown, CreateCampaignValues>({
    resolver: newCampaignResolver(timeZone),
    defaultValues: emptyNewCampaign,
  });
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const planned = type !== 'email';

  const save = useMutation({
    mutationFn: createCampaign,
    onSuccess: (campaign: CampaignDetails) => {
      queryClient.setQueryData(campaignQueryOptions(campaign.id).queryKey, campaign);
      void refreshCampaigns(queryClient);
      toast.success(`Campaign “${campaign.name}” was created`);
      onClose();
      void navigate(
        campaign.type === 'email'
          ? `/marketing/campaigns/${campaign.id}/edit`
          : `/marketing/campaigns/${campaign.id}`,
      );
    },
    onError: (error) => {
      setServerFieldErrors(error, fieldNames, form.setError);
      // The server names the one segment it refuses (segmentIds.2); the form shows it at the list.
      const segmentProblem =
        error instanceof ApiError
          ? Object.entries(error.fields ?? {}).find(([field]) => field.startsWith('segmentIds.'))
          : undefined;
      if (segmentProblem) form.setError('segmentIds', { type: 'server', message: segmentProblem[1] });
    },
  });

  const segmentsError =
    errors.segmentIds?.message ??
    (Array.isArray(errors.segmentIds)
      ? errors.segmentIds.find((segmentError) => segmentError?.message)?.message
      : undefined);
  const showRequestError =
    save.error &&
    !isFieldError(save.error, fieldNames) &&
    !(
      save.error instanceof ApiError &&
      Object.keys(save.error.fields ?? {}).some((f) => f.startsWith('segmentIds.'))
    );

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-5">
      {showRequestError ? (
        <ServerErrorAlert error={save.error} title="The campaign could not be created" />
      ) : null}

      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <Field label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" maxLength={120} {...form.register('name')} />}
        </Field>
        <Field label="Type" error={errors.type?.message}>
          {(control) => (
            <Select {...control} {...form.register('type')}>
              {campaignTypes.map((option) => (
                <option key={option} value={option}>
                  {campaignTypeLabels[option]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <Field label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={2} maxLength={2000} {...form.register('description')} />}
      </Field>

      <Field label="Budget (USD)" hint="Leave empty for no budget" error={errors.budget?.message}>
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 5000"
            className="sm:max-w-48"
            {...form.register('budget', { setValueAs: emptyAsNullNumber })}
          />
        )}
      </Field>

      <Controller
        control={form.control}
        name="segmentIds"
        render={({ field }) => (
          <SegmentChoice
            value={field.value}
            onChange={field.onChange}
            error={segmentsError}
            hint={
              planned
                ? 'Who the campaign is for, for your own records.'
                : 'The leads of these segments receive the email, each once; suppressed addresses never do.'
            }
          />
        )}
      />

      {planned ? (
        <fieldset className="space-y-5 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <legend className="sr-only">Plan and results</legend>
          <p aria-hidden="true" className="text-sm font-semibold text-slate-900">
            Plan and results
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Status" error={errors.status?.message}>
              {(control) => (
                <Select {...control} {...form.register('status')}>
                  {campaignStatuses.map((option) => (
                    <option key={option} value={option}>
                      {campaignStatusLabels[option]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field
              label="Start date"
              hint={`In the workspace time zone (${timeZone})`}
              error={errors.startsAt?.message}
            >
              {(control) => <Input {...control} type="date" {...form.register('startsAt')} />}
            </Field>
          </div>
          <div className="grid grid-cols-2 gap-5 sm:grid-cols-4">
            {resultFields.map(({ name, label }) => (
              <Field key={name} label={label} error={errors[name]?.message}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="0"
                    {...form.register(name, { setValueAs: emptyAsUndefinedNumber })}
                  />
                )}
              </Field>
            ))}
          </div>
          <Field label="Revenue (USD)" error={errors.revenue?.message}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0"
                className="sm:max-w-48"
                {...form.register('revenue', { setValueAs: emptyAsUndefinedNumber })}
              />
            )}
          </Field>
          <p className="text-sm text-slate-600">
            No more can be delivered than were sent, and no more opened or clicked than were delivered.
          </p>
        </fieldset>
      ) : (
        <p className="rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-900">
          The campaign starts as a draft; next you write its email in the editor.
        </p>
      )}

      <FormActions
        submitLabel={planned ? 'Create campaign' : 'Create and write email'}
        pending={save.isPending}
        onCancel={onClose}
      />
    </form>
  );
}

/** The audience: any of the workspace's segments, ticked in a list that scrolls when it is long. */
function SegmentChoice({
  value,
  onChange,
  error,
  hint,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
  hint: string;
}) {
  const segments = useQuery(segmentListQueryOptions());
  const id = useId();
  const describedBy = error ? `${id}-error` : `${id}-hint`;
  const toggle = (segmentId: string) =>
    onChange(
      value.includes(segmentId) ? value.filter((other) => other !== segmentId) : [...value, segmentId],
    );
  const list = segments.data?.data ?? [];

  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-800">
        Audience segments
        {value.length > 0 ? (
          <span className="font-normal text-slate-600"> ({value.length} chosen)</span>
        ) : null}
      </legend>
      <div className="mt-1.5 rounded-lg ring-1 ring-slate-300 ring-inset">
        {segments.isPending ? (
          <p role="status" className="flex items-center gap-2 p-3 text-sm text-slate-600">
            <Spinner /> Loading the segments…
          </p>
        ) : segments.isError ? (
          <div className="flex flex-wrap items-center gap-3 p-3 text-sm text-red-700">
            The segments could not be loaded.
            <Button variant="secondary" size="sm" onClick={() => void segments.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="p-3 text-sm text-slate-600">
            No segments yet. Build one under Marketing › Segments to choose an audience.
          </p>
        ) : (
          <ul className="max-h-44 divide-y divide-slate-100 overflow-y-auto">
            {list.map((segment) => {
              const checked = value.includes(segment.id);
              const full = !checked && value.length >= maxCampaignSegments;
              return (
                <li key={segment.id}>
                  <label className="flex cursor-pointer items-start gap-3 px-3 py-2 text-sm hover:bg-slate-50 has-[:focus-visible]:bg-slate-50">
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={full}
                      onChange={() => toggle(segment.id)}
                      className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
                    />
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900 [overflow-wrap:anywhere]">
                        {segment.name}
                      </span>
                      {segment.summary ? (
                        <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
                          {segment.summary}
                        </span>
                      ) : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
