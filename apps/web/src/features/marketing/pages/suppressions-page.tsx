import {
  suppressionReasonLabels,
  suppressionReasons,
  type Suppression,
  type SuppressionReason,
} from '@atrium/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MailX, SearchX, UserRoundX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FilterSelect } from '../../../components/ui/filter-select';
import { ListSkeleton } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadMore, PagedListError, PagedListHeading, type ListNoun } from '../../../components/ui/paged-list';
import { SearchField } from '../../../components/ui/search-field';
import { cn } from '../../../lib/cn';
import { searchParamsDifferingFrom, searchTextFrom, useAddressState } from '../../../lib/search-params';
import { hasPermission, useMe } from '../../accounts';
import { useWorkspaceTimeZone } from '../../workspace';
import {
  releaseSuppression,
  suppressionListQueryOptions,
  suppressionsQueryKey,
} from '../api/suppressions.queries';
import { SuppressionAddDialog } from '../components/suppression-add-dialog';
import { SuppressionRow } from '../components/suppression-row';

const addressNoun: ListNoun = { one: 'suppressed address', many: 'suppressed addresses' };

type Search = { q: string; reason: SuppressionReason | '' };
const noSearch: Search = { q: '', reason: '' };
const isReason = (value: string | null): value is SuppressionReason =>
  suppressionReasons.includes(value as SuppressionReason);
const searchOf = (params: URLSearchParams): Search => {
  const reason = params.get('reason');
  return { q: searchTextFrom(params), reason: isReason(reason) ? reason : '' };
};
const paramsOf = (search: Search) => searchParamsDifferingFrom(search, noSearch);

/** What releasing means for this entry: an unsubscribe was the person's own wish. */
function releaseWarning(suppression: Suppression): string {
  const again = `${suppression.email} will receive campaigns again whenever it is in a campaign’s audience.`;
  switch (suppression.reason) {
    case 'unsubscribed':
      return `${again} This person unsubscribed: release the address only if they asked to hear from you again.`;
    case 'complaint':
      return `${again} This person marked a campaign as spam: mailing them again can hurt your sender reputation.`;
    case 'hard-bounce':
    case 'soft-bounces':
      return `${again} Mail to it bounced: release it only if you know the address works now.`;
    case 'manual':
      return again;
  }
}

/**
 * /marketing/suppressions (issue 23): the addresses no campaign is sent to — unsubscribes, bounces
 * and spam complaints add themselves; a marketing manager suppresses or releases an address by hand.
 */
export function SuppressionsPage() {
  const me = useMe();
  const canManage = hasPermission(me, 'marketing:manage');
  const timeZone = useWorkspaceTimeZone();
  const queryClient = useQueryClient();
  const [search, showSearch] = useAddressState(searchOf, paramsOf);
  const [adding, setAdding] = useState(false);
  const [releasing, setReleasing] = useState<Suppression | null>(null);

  const list = useInfiniteQuery(suppressionListQueryOptions(search.q, search.reason));
  const suppressions = list.data?.pages.flatMap((page) => page.data) ?? [];
  const searching = search.q !== '' || search.reason !== '';

  const release = useMutation({
    mutationFn: (suppression: Suppression) => releaseSuppression(suppression.id),
    onSuccess: (_, suppression) => {
      toast.success(`${suppression.email} is released`, {
        description: 'Campaigns reach it again when it is in their audience.',
      });
      setReleasing(null);
    },
    // The server's own words: the address may have been released by someone else meanwhile.
    onError: (error) => {
      toast.error('The address could not be released', { description: error.message });
      setReleasing(null);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: suppressionsQueryKey }),
  });

  const addButton = canManage ? (
    <Button onClick={() => setAdding(true)}>
      <UserRoundX aria-hidden="true" className="size-4" />
      Suppress an address
    </Button>
  ) : null;

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Suppression list — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title="Suppression list"
        description="Addresses no campaign is sent to, whatever segment they are in."
        actions={addButton}
      />

      <div className="flex flex-wrap items-center gap-3">
        <div className="w-full max-w-md">
          <SearchField
            label="Search suppressed addresses"
            placeholder="Search by address…"
            value={search.q}
            onSearch={(q) => showSearch({ ...search, q })}
            searching={list.isFetching && !list.isFetchingNextPage && list.isPlaceholderData}
          />
        </div>
        <FilterSelect
          label="Reason"
          allLabel="All reasons"
          values={suppressionReasons}
          labels={suppressionReasonLabels}
          value={search.reason}
          onChange={(reason) => showSearch({ ...search, reason })}
          className="w-auto"
        />
      </div>

      <section aria-labelledby="suppression-results" aria-busy={list.isFetching} className="space-y-4">
        <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
          <PagedListHeading id="suppression-results" list={list} noun={addressNoun} />
          {searching ? (
            <Button variant="ghost" size="sm" onClick={() => showSearch(noSearch)}>
              Clear filters
            </Button>
          ) : null}
        </div>

        {list.isPending ? (
          <ListSkeleton label="Loading the suppression list" />
        ) : list.isError && suppressions.length === 0 ? (
          <PagedListError list={list} noun={addressNoun} />
        ) : suppressions.length === 0 ? (
          searching ? (
            <EmptyState
              icon={SearchX}
              title="No suppressed address matches"
              description={
                search.q
                  ? `Nothing on the list contains “${search.q}”${search.reason ? ` with the reason “${suppressionReasonLabels[search.reason]}”` : ''}. Try part of the address, such as its domain.`
                  : `No address is on the list for the reason “${suppressionReasonLabels[search.reason as SuppressionReason]}”.`
              }
              action={
                <Button variant="secondary" onClick={() => showSearch(noSearch)}>
                  Clear search
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={MailX}
              title="No suppressed addresses"
              description="Addresses land here by themselves when someone unsubscribes, when mail to them bounces (for good, or three times in a row), or when they mark a campaign as spam. No campaign is sent to an address on this list."
              action={addButton}
            />
          )
        ) : (
          <ul
            aria-label="Suppressed addresses"
            className={cn(
              'divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition-opacity',
              list.isPlaceholderData && 'opacity-60',
            )}
          >
            {suppressions.map((suppression) => (
              <SuppressionRow
                key={suppression.id}
                suppression={suppression}
                timeZone={timeZone}
                onRelease={canManage ? setReleasing : undefined}
              />
            ))}
          </ul>
        )}

        <LoadMore list={list} noun={addressNoun} />
      </section>

      {canManage ? <SuppressionAddDialog open={adding} onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        open={releasing !== null}
        onClose={() => setReleasing(null)}
        title={`Release ${releasing?.email ?? 'this address'}?`}
        description={releasing ? releaseWarning(releasing) : ''}
        confirmLabel="Release address"
        pending={release.isPending}
        onConfirm={() => {
          if (releasing) release.mutate(releasing);
        }}
      />
    </div>
  );
}
