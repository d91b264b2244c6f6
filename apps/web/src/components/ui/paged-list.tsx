import { formatCount, nounFor } from '@atrium/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { Button } from './button';
import { ServerErrorAlert } from './server-error-alert';
import { Spinner } from './spinner';

/** What a screen's list is made of, for its texts: "employee" and "employees". */
export type ListNoun = { one: string; many: string };

/** A page of a server-paged list; the first page says how many there are in all. */
type ListPage = { data: readonly unknown[]; total?: number | undefined };

/** The parts of a server-paged list (an infinite query) that its heading and Load more read. */
export type PagedListQuery = Pick<
  UseInfiniteQueryResult<InfiniteData<ListPage, unknown>, Error>,
  | 'data'
  | 'isPending'
  | 'error'
  | 'refetch'
  | 'hasNextPage'
  | 'isFetchNextPageError'
  | 'isFetchingNextPage'
  | 'isPlaceholderData'
  | 'fetchNextPage'
>;

/** The list's heading: "Showing 25 of 1,204 employees", announced as it changes. */
export function PagedListHeading({ id, list, noun }: { id: string; list: PagedListQuery; noun: ListNoun }) {
  const pages = list.data?.pages ?? [];
  const shown = pages.reduce((rows, page) => rows + page.data.length, 0);
  const total = pages[0]?.total;
  return (
    <h2 id={id} aria-live="polite" className="text-sm text-slate-700">
      {list.isPending ? (
        `Loading ${noun.many}…`
      ) : total === undefined ? (
        noun.many.charAt(0).toUpperCase() + noun.many.slice(1)
      ) : (
        <>
          Showing <span className="font-semibold text-slate-900">{formatCount(shown)}</span> of{' '}
          <span className="font-semibold text-slate-900">{formatCount(total)}</span>{' '}
          {nounFor(total, { one: noun.one, other: noun.many })}
        </>
      )}
    </h2>
  );
}

/** The first page could not be loaded: nothing to show but what went wrong and a way to try again. */
export function PagedListError({ list, noun }: { list: PagedListQuery & { error: Error }; noun: ListNoun }) {
  return (
    <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <ServerErrorAlert error={list.error} title={`The ${noun.many} could not be loaded`} />
      <Button variant="secondary" className="mt-4" onClick={() => void list.refetch()}>
        Try again
      </Button>
    </div>
  );
}

/**
 * The next page on request. While a new search is on its way (placeholder rows) there is nothing to
 * add to, so the button waits for the answer.
 */
export function LoadMore({ list, noun }: { list: PagedListQuery; noun: ListNoun }) {
  return (
    <>
      {list.isFetchNextPageError && list.error ? (
        <ServerErrorAlert error={list.error} title={`More ${noun.many} could not be loaded`} />
      ) : null}
      {list.hasNextPage && !list.isPlaceholderData ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? <Spinner /> : null}
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * The rows of a paged list inside a settings panel, or what stands in for them: a spinner while the
 * first page loads, what went wrong when it could not be, or the empty state. Announced as it changes.
 */
export function PanelListBody({
  list,
  noun,
  empty,
  emptyIcon: EmptyIcon,
  children,
}: {
  list: PagedListQuery;
  noun: ListNoun;
  /** What an empty list says; shown when the first page came back without rows. */
  empty: ReactNode;
  emptyIcon: ComponentType<{ 'aria-hidden': 'true'; className: string }>;
  children: ReactNode;
}) {
  const rows = list.data?.pages.reduce((count, page) => count + page.data.length, 0) ?? 0;
  return (
    <div className="border-t border-slate-200" aria-live="polite" aria-busy={list.isPending}>
      {list.isPending ? (
        <div role="status" className="flex items-center gap-2 p-6 text-sm text-slate-600">
          <Spinner /> Loading the {noun.many}…
        </div>
      ) : list.error && !list.isFetchNextPageError ? (
        <div className="p-4 sm:p-6">
          <PagedListError list={{ ...list, error: list.error }} noun={noun} />
        </div>
      ) : rows === 0 ? (
        <div className="px-6 py-12 text-center">
          <EmptyIcon aria-hidden="true" className="mx-auto size-10 text-slate-400" />
          <p className="mt-3 font-medium text-slate-900">{empty}</p>
        </div>
      ) : (
        children
      )}
    </div>
  );
}
