import { countOf, formatCount, segmentWord, type Segment } from '@atrium/shared';
import { Filter } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';

/** Segments whose name, description or rules in words hold the search, whatever its case. */
export function filterSegments(segments: readonly Segment[], search: string): Segment[] {
  const word = segmentWord(search.trim());
  if (!word) return [...segments];
  return segments.filter((segment) =>
    [segment.name, segment.description, segment.summary].some((text) => segmentWord(text).includes(word)),
  );
}

/** "Used by A, B, C and 97 more": the list names the first few of a segment's campaigns. */
export function usedByText(segment: Pick<Segment, 'usedBy' | 'usedByCount'>): string {
  if (segment.usedByCount === 0) return 'No campaign goes to it';
  const names = segment.usedBy.map((campaign) => campaign.name).join(', ');
  const more = segment.usedByCount - segment.usedBy.length;
  return more > 0 ? `Used by ${names} and ${formatCount(more)} more` : `Used by ${names}`;
}

/**
 * The workspace's segments by name; each opens in the builder (?segment=<id>, so a campaign's page
 * can link to one). `onOpen` may stop a click, to ask about unsaved changes first.
 */
export function SegmentList({
  segments,
  search,
  selectedId,
  hrefOf,
  onOpen,
}: {
  segments: readonly Segment[];
  search: string;
  selectedId: string | undefined;
  hrefOf: (id: string) => string;
  onOpen: (event: MouseEvent<HTMLAnchorElement>, id: string) => void;
}) {
  const shown = filterSegments(segments, search);
  if (segments.length === 0) {
    return (
      <EmptyState
        icon={Filter}
        title="No segments yet"
        description="A segment saves who a campaign goes to: leads by status, score, tags and more."
      />
    );
  }
  return (
    <div className="space-y-2">
      <p aria-live="polite" className="text-sm text-slate-600">
        {search ? `${countOf(shown.length, { one: 'segment', other: 'segments' })} found` : null}
      </p>
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          No segment matches “{search}”.
        </p>
      ) : (
        <ul aria-label="Segments" className="space-y-2">
          {shown.map((segment) => {
            const selected = segment.id === selectedId;
            return (
              <li key={segment.id}>
                <Link
                  to={hrefOf(segment.id)}
                  aria-current={selected ? 'true' : undefined}
                  onClick={(event) => onOpen(event, segment.id)}
                  className={cn(
                    'block rounded-xl bg-white p-3 shadow-sm ring-1 transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                    selected ? 'ring-2 ring-indigo-600' : 'ring-slate-200 hover:bg-slate-50',
                  )}
                >
                  <span className="block font-semibold text-slate-900">{segment.name}</span>
                  {segment.description ? (
                    <span className="mt-0.5 line-clamp-2 block text-sm text-slate-600">
                      {segment.description}
                    </span>
                  ) : null}
                  <span className="mt-1 line-clamp-2 block text-xs text-slate-600">{segment.summary}</span>
                  <span className="mt-1.5 block text-xs font-medium text-slate-700">
                    {usedByText(segment)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
