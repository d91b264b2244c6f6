import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Filter, Plus } from 'lucide-react';
import { useCallback, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchField } from '../../../components/ui/search-field';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { isUuid, searchParamsWith, searchTextFrom, useAddressState } from '../../../lib/search-params';
import { hasPermission, useMe } from '../../accounts';
import { segmentListQueryOptions, segmentQueryOptions } from '../api/segments.queries';
import { SegmentEditor } from '../components/segment-editor';
import { SegmentList } from '../components/segment-list';

/** The open segment: a saved one by id, or a new one. */
type Address = { q: string; segment: string | undefined };

const readAddress = (params: URLSearchParams): Address => {
  const segment = params.get('segment');
  return { q: searchTextFrom(params), segment: segment === 'new' || isUuid(segment) ? segment : undefined };
};
const writeAddress = (address: Address) =>
  searchParamsWith(new URLSearchParams(), { q: address.q, segment: address.segment });
const hrefOf = (address: Address) => {
  const search = writeAddress(address).toString();
  return search ? `?${search}` : '.';
};

/** A saved segment, loaded fresh (its version) before the builder opens on it. */
function SavedSegment({
  id,
  canManage,
  onDeleted,
  onDirtyChange,
}: {
  id: string;
  canManage: boolean;
  onDeleted: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const segment = useQuery(segmentQueryOptions(id));
  if (segment.isPending) return <ListSkeleton label="Loading the segment…" rows={4} />;
  if (segment.isError) {
    const gone = segment.error instanceof ApiError && segment.error.status === 404;
    return gone ? (
      <EmptyState
        icon={Filter}
        title="This segment no longer exists"
        description="Someone may have deleted it."
      />
    ) : (
      <LoadError
        error={segment.error}
        title="The segment could not be loaded"
        onRetry={() => void segment.refetch()}
      />
    );
  }
  return (
    <SegmentEditor
      key={segment.data.id}
      segment={segment.data}
      canManage={canManage}
      onCreated={() => undefined}
      onDeleted={onDeleted}
      onDirtyChange={onDirtyChange}
    />
  );
}

/**
 * /marketing/segments (issue 23): the saved audiences of campaigns, and a builder for their rules
 * with a live count of the leads they select.
 */
export function SegmentsPage() {
  const me = useMe();
  const canManage = hasPermission(me, 'marketing:manage');
  const [address, show] = useAddressState(readAddress, writeAddress);
  const segments = useQuery(segmentListQueryOptions());
  const [dirty, setDirty] = useState(false);
  // Where the user asked to go while the builder had unsaved changes.
  const [leavingFor, setLeavingFor] = useState<string | undefined | null>(null);
  const onDirtyChange = useCallback((next: boolean) => setDirty(next), []);

  const open = (segment: string | undefined) => {
    setDirty(false);
    setLeavingFor(null);
    show((current) => ({ ...current, segment }));
  };
  /** Opening another segment drops the changes of this one: ask first. */
  const ask = (event: MouseEvent, segment: string | undefined) => {
    event.preventDefault();
    if (segment === address.segment) return;
    if (dirty) setLeavingFor(segment);
    else open(segment);
  };

  const selected = address.segment;
  const list = (
    <div className="space-y-3">
      <SearchField
        label="Search segments"
        placeholder="Search segments"
        value={address.q}
        onSearch={(q) => show((current) => ({ ...current, q }))}
        searching={false}
      />
      {segments.isPending ? (
        <ListSkeleton label="Loading the segments…" rows={4} />
      ) : segments.isError ? (
        <LoadError
          error={segments.error}
          title="The segments could not be loaded"
          onRetry={() => void segments.refetch()}
        />
      ) : (
        <SegmentList
          segments={segments.data.data}
          search={address.q}
          selectedId={selected}
          hrefOf={(id) => hrefOf({ ...address, segment: id })}
          onOpen={(event, id) => ask(event, id)}
        />
      )}
    </div>
  );

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title="Segments"
        description="Saved groups of leads that campaigns go to, counted as you build them."
        actions={
          canManage ? (
            <Link
              to={hrefOf({ ...address, segment: 'new' })}
              onClick={(event) => ask(event, 'new')}
              className={buttonClasses({})}
            >
              <Plus aria-hidden="true" className="size-4" />
              New segment
            </Link>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        {/* On a phone the open segment takes the screen; the list is a step back. */}
        <nav aria-label="Segments list" className={cn(selected ? 'hidden lg:block' : undefined)}>
          {list}
        </nav>
        <section
          aria-label={selected === 'new' ? 'New segment' : 'Segment'}
          className={cn(
            'min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6',
            selected ? undefined : 'hidden lg:block',
          )}
        >
          {selected ? (
            <div className="mb-4 flex items-center justify-between gap-3">
              <h2 className="text-lg font-semibold text-slate-900">
                {selected === 'new' ? 'New segment' : 'Edit segment'}
              </h2>
              <Link
                to={hrefOf({ ...address, segment: undefined })}
                onClick={(event) => ask(event, undefined)}
                className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'lg:hidden' })}
              >
                <ArrowLeft aria-hidden="true" className="size-4" />
                All segments
              </Link>
            </div>
          ) : null}
          {selected === 'new' ? (
            canManage ? (
              <SegmentEditor
                segment={null}
                canManage
                onCreated={(saved) => open(saved.id)}
                onDeleted={() => open(undefined)}
                onDirtyChange={onDirtyChange}
              />
            ) : (
              <EmptyState icon={Filter} title="Creating segments needs the marketing manager’s permission" />
            )
          ) : selected ? (
            <SavedSegment
              id={selected}
              canManage={canManage}
              onDeleted={() => open(undefined)}
              onDirtyChange={onDirtyChange}
            />
          ) : (
            <EmptyState
              icon={Filter}
              title="Open a segment"
              description="Choose one from the list to see its rules and leads, or build a new one."
              action={
                canManage ? (
                  <Button onClick={(event) => ask(event, 'new')}>
                    <Plus aria-hidden="true" className="size-4" />
                    New segment
                  </Button>
                ) : undefined
              }
            />
          )}
        </section>
      </div>
      <ConfirmDialog
        open={leavingFor !== null}
        onClose={() => setLeavingFor(null)}
        title="Leave without saving?"
        description="Your changes to this segment are not saved yet; opening another drops them."
        confirmLabel="Leave without saving"
        onConfirm={() => open(leavingFor ?? undefined)}
        pending={false}
      />
    </div>
  );
}
