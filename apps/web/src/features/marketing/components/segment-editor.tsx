import { campaignStatusLabels, type Segment } from '@atrium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { useLeaveGuard } from '../../../components/ui/leave-guard';
import { SaveProblems, ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { afterNextPaint } from '../../../lib/after-next-paint';
import {
  createSegment,
  deleteSegment,
  refreshSegments,
  segmentQueryOptions,
  segmentsQueryKey,
  updateSegment,
} from '../api/segments.queries';
import {
  segmentChanges,
  segmentFormSchema,
  segmentFormValuesOf,
  type SegmentFormOutput,
  type SegmentFormValues,
} from '../lib/segment-rules-form';
import { SegmentLeadsDialog } from './segment-leads-dialog';
import { SegmentCount, SegmentPreviewLeads, useSegmentPreview } from './segment-preview';
import { SegmentRulesBuilder, type RulesErrors } from './segment-rules-builder';
import { deletionKey } from '../../realtime';

// The first box the schema or the server found wrong: a box itself, or the first checkbox of a group.
const firstInvalidBox = ['input', 'select', 'textarea', 'fieldset']
  .map((box) => `form[aria-label="Segment"] ${box}[aria-invalid="true"]${box === 'fieldset' ? ' input' : ''}`)
  .join(', ');

/** Moves the focus to the first box found wrong (the rules' boxes have no refs for the form to focus). */
const focusFirstError = () =>
  void afterNextPaint().then(() => document.querySelector<HTMLElement>(firstInvalidBox)?.focus());

/**
 * A segment's name, description and rules, with the live count of what the rules select. `segment`
 * is null for a new one. Saves send the version read; someone else's save first (412) loads theirs.
 */
export function SegmentEditor({
  segment,
  canManage,
  onCreated,
  onDeleted,
  onDirtyChange,
}: {
  segment: Segment | null;
  canManage: boolean;
  onCreated: (segment: Segment) => void;
  onDeleted: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [staleNotice, setStaleNotice] = useState(false);
  const [reloadError, setReloadError] = useState<Error | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [showingLeads, setShowingLeads] = useState(false);

  const form = useForm<SegmentFormValues, unknown, SegmentFormOutput>({
    resolver: zodResolver(segmentFormSchema),
    defaultValues: segmentFormValuesOf(segment),
  });
  const { errors, isDirty } = form.formState;
  const leaveGuard = useLeaveGuard(isDirty);
  const preview = useSegmentPreview(form.control);

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const remember = (saved: Segment) => {
    queryClient.setQueryData(segmentQueryOptions(saved.id).queryKey, saved);
    void refreshSegments(queryClient);
  };

  const save = useMutation({
    mutationFn: (values: SegmentFormOutput) =>
      segment
        ? updateSegment(segment.id, { ...segmentChanges(values, segment), version: segment.version })
        : createSegment(values),
    onSuccess: (saved) => {
      remember(saved);
      form.reset(segmentFormValuesOf(saved));
      toast.success(segment ? `Segment “${saved.name}” saved` : `Segment “${saved.name}” created`);
      if (!segment) {
        leaveGuard.allowLeaving();
        onCreated(saved);
      }
    },
    onError: async (error) => {
      if (segment && error instanceof ApiError && error.status === 412) {
        void refreshSegments(queryClient);
        try {
          const fresh = await queryClient.fetchQuery({ ...segmentQueryOptions(segment.id), staleTime: 0 });
          form.reset(segmentFormValuesOf(fresh));
          setStaleNotice(true);
        } catch (reloadFailure) {
          setReloadError(reloadFailure as Error);
        }
        return;
      }
      if (error instanceof ApiError && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) {
          form.setError(name as Path<SegmentFormValues>, { type: 'server', message });
        }
        focusFirstError();
      }
    },
  });

  const remove = useMutation({
    mutationKey: deletionKey(segment?.id ?? ''),
    mutationFn: () => deleteSegment(segment!.id),
    onSuccess: () => {
      setConfirmingDelete(false);
      queryClient.removeQueries({ queryKey: [...segmentsQueryKey, 'details', segment!.id] });
      void refreshSegments(queryClient);
      toast.success(`Segment “${segment!.name}” deleted`);
      leaveGuard.allowLeaving();
      onDeleted();
    },
    // Refused (campaigns go to it) or failed: the dialog closes and the reason shows by the button.
    onError: () => setConfirmingDelete(false),
  });

  const submit = form.handleSubmit(
    (values) => {
      setStaleNotice(false);
      setReloadError(null);
      if (segment && Object.keys(segmentChanges(values, segment)).length === 0) {
        toast.info('Nothing to save: the segment is as it was.');
        return;
      }
      save.mutate(values);
    },
    () => focusFirstError(),
  );

  const fieldErrorShown = save.error instanceof ApiError && save.error.fields !== undefined;
  const requestError =
    save.error && !(save.error instanceof ApiError && save.error.status === 412) && !fieldErrorShown
      ? save.error
      : null;

  return (
    <form noValidate onSubmit={submit} aria-label="Segment" className="space-y-6">
      {leaveGuard.dialog}
      <SaveProblems
        record="segment"
        stale={staleNotice}
        reloadError={reloadError}
        requestError={requestError}
        requestTitle={segment ? 'The segment could not be saved' : 'The segment could not be created'}
      />
      {!canManage ? (
        <Alert tone="info" title="You can look, not change">
          Changing segments needs the marketing manager’s permission.
        </Alert>
      ) : null}
      <fieldset disabled={!canManage} className="space-y-6">
        <Field label="Name" error={errors.name?.message} className="sm:max-w-md">
          {(control) => <Input {...control} autoComplete="off" maxLength={100} {...form.register('name')} />}
        </Field>
        <Field
          label="Description"
          hint="Optional: who this audience is for"
          error={errors.description?.message}
        >
          {(control) => <Textarea {...control} rows={2} maxLength={500} {...form.register('description')} />}
        </Field>

        <section aria-labelledby="segment-rules-heading" className="space-y-3">
          <h3 id="segment-rules-heading" className="text-base font-semibold text-slate-900">
            Who is in it
          </h3>
          <Controller
            control={form.control}
            name="rules"
            render={({ field }) => (
              <SegmentRulesBuilder
                value={field.value}
                onChange={field.onChange}
                errors={errors.rules as RulesErrors | undefined}
              />
            )}
          />
        </section>
      </fieldset>

      <SegmentPreviewLeads preview={preview} />

      {segment && segment.usedBy.length > 0 ? (
        <section aria-labelledby="segment-used-by-heading">
          <h3 id="segment-used-by-heading" className="text-sm font-semibold text-slate-900">
            Campaigns going to this segment
          </h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {segment.usedBy.map((campaign) => (
              <li key={campaign.id}>
                <Link
                  to={`/marketing/campaigns/${campaign.id}`}
                  className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-indigo-700 ring-1 ring-slate-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                >
                  {campaign.name}
                  <span className="text-xs font-normal text-slate-600">
                    {campaignStatusLabels[campaign.status]}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {remove.error ? (
        <ServerErrorAlert error={remove.error} title="The segment could not be deleted" />
      ) : null}
      {segment ? (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button variant="secondary" onClick={() => setShowingLeads(true)}>
            <Users aria-hidden="true" className="size-4" />
            View all leads
          </Button>
          {canManage ? (
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={() => {
                remove.reset();
                setConfirmingDelete(true);
              }}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete segment
            </Button>
          ) : null}
        </div>
      ) : null}

      {/* The count and Save stay in view at the foot of the screen while the rules are edited. */}
      <div className="sticky bottom-0 z-10 -mx-4 -mb-4 flex flex-wrap items-center justify-between gap-3 rounded-b-2xl border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:-mb-6 sm:px-6">
        <SegmentCount preview={preview} />
        {canManage ? (
          <div className="flex items-center gap-3">
            {isDirty ? <span className="text-sm text-slate-600">Unsaved changes</span> : null}
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              {segment ? 'Save segment' : 'Create segment'}
            </Button>
          </div>
        ) : null}
      </div>

      {segment ? (
        <>
          <SegmentLeadsDialog segment={segment} open={showingLeads} onClose={() => setShowingLeads(false)} />
          <ConfirmDialog
            open={confirmingDelete}
            onClose={() => setConfirmingDelete(false)}
            title={`Delete “${segment.name}”?`}
            description={
              segment.usedBy.length > 0
                ? 'Campaigns go to this segment: take it off them before deleting it.'
                : 'The segment goes for good. Its leads stay as they are.'
            }
            confirmLabel="Delete segment"
            onConfirm={() => remove.mutate()}
            pending={remove.isPending}
          />
        </>
      ) : null}
    </form>
  );
}
