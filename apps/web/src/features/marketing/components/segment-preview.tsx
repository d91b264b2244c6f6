import {
  countOf,
  formatCount,
  nounFor,
  type SegmentPreview as Preview,
  type SegmentRules,
} from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { segmentPreviewQueryOptions } from '../api/segments.queries';
import { validRulesOf, type SegmentFormOutput, type SegmentFormValues } from '../lib/segment-rules-form';
import { SegmentLeadTable } from './segment-lead-table';

const leadNoun = { one: 'lead', other: 'leads' };
const everyLead: SegmentRules = { match: 'all', groups: [] };

export type SegmentPreviewState = {
  /** False while a condition is unfinished: nothing is asked then. */
  complete: boolean;
  /** The answer for the rules on screen, or the one before while the next is on its way. */
  shown: Preview | null;
  waiting: boolean;
  error: Error | null;
};

/**
 * The live count of the rules being edited: asked again once the rules stop changing for 400 ms,
 * and only when they are complete (a half-filled condition would only answer 422).
 */
export function useSegmentPreview(
  control: Control<SegmentFormValues, unknown, SegmentFormOutput>,
): SegmentPreviewState {
  const draft = useWatch({ control, name: 'rules' });
  const rules = validRulesOf(draft);
  // Compared as text: the watched draft is a new object on every render.
  const key = rules ? JSON.stringify(rules) : '';
  const settledKey = useDebouncedValue(key, 400);
  const settled = useMemo(() => (settledKey ? (JSON.parse(settledKey) as SegmentRules) : null), [settledKey]);
  const preview = useQuery({
    ...segmentPreviewQueryOptions(settled ?? everyLead),
    enabled: settled !== null,
  });
  const complete = rules !== null;
  return {
    complete,
    shown: complete && preview.data && !preview.isError ? preview.data : null,
    waiting: complete && (key !== settledKey || preview.isFetching),
    error: complete ? preview.error : null,
  };
}

/** "42 leads match", announced as it changes; it sits by the Save button, in view while editing. */
export function SegmentCount({ preview }: { preview: SegmentPreviewState }) {
  const { complete, shown, waiting, error } = preview;
  return (
    <div aria-busy={waiting} data-testid="segment-count" className="flex min-w-0 items-center gap-2 text-sm">
      <p role="status" aria-live="polite" className="text-slate-700" data-testid="segment-live-count">
        {!complete ? (
          'Finish the conditions to see how many leads match.'
        ) : shown ? (
          <>
            <span className="text-xl font-bold text-slate-900 tabular-nums">{formatCount(shown.count)}</span>{' '}
            {nounFor(shown.count, leadNoun)} {shown.count === 1 ? 'matches' : 'match'}
          </>
        ) : error ? (
          'The leads could not be counted.'
        ) : (
          'Counting the leads…'
        )}
      </p>
      {waiting ? (
        <span className="flex items-center gap-1.5 text-slate-600">
          <Spinner /> <span className="sr-only sm:not-sr-only">Counting…</span>
        </span>
      ) : null}
    </div>
  );
}

/** The first ten matching leads by name, or why they cannot be shown. */
export function SegmentPreviewLeads({ preview }: { preview: SegmentPreviewState }) {
  const { complete, shown, error } = preview;
  return (
    <section aria-labelledby="segment-preview-heading" className="space-y-3">
      <h3 id="segment-preview-heading" className="text-base font-semibold text-slate-900">
        Matching leads
      </h3>
      {error ? <ServerErrorAlert error={error} title="The leads could not be counted" /> : null}
      {!complete ? (
        <p className="text-sm text-slate-600">Finish the conditions to see which leads match.</p>
      ) : shown && shown.leads.length > 0 ? (
        <>
          <SegmentLeadTable
            caption={`The first ${countOf(shown.leads.length, leadNoun)} that match, by name`}
            leads={shown.leads}
          />
          {shown.count > shown.leads.length ? (
            <p className="text-sm text-slate-600">
              The first {shown.leads.length} by name of {formatCount(shown.count)}.
            </p>
          ) : null}
        </>
      ) : shown ? (
        <p className="text-sm text-slate-600">No lead matches these conditions.</p>
      ) : null}
    </section>
  );
}
