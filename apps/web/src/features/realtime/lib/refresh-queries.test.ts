import { InfiniteQueryObserver, MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { deletionKey, refreshQueries } from './refresh-queries';

/** A paged list on screen whose pages answer only when the test says so. */
function pagedList() {
  const queryClient = new QueryClient();
  const requested: { page: number; answer(): void }[] = [];
  const observer = new InfiniteQueryObserver(queryClient, {
    queryKey: ['employees', 'list'],
    initialPageParam: 0,
    getNextPageParam: (_last: string, pages: string[]) => (pages.length < 3 ? pages.length : undefined),
    queryFn: ({ pageParam }) =>
      new Promise<string>((resolve) => {
        requested.push({ page: pageParam, answer: () => resolve(`page ${pageParam}`) });
      }),
  });
  const unsubscribe = observer.subscribe(() => {});
  const answerAll = async () => {
    while (requested.length > 0) {
      requested.shift()!.answer();
      await new Promise((resolve) => setTimeout(resolve));
    }
  };
  return { queryClient, observer, requested, answerAll, unsubscribe };
}

describe('refreshing the queries a change affects', () => {
  it('waits while a list loads its next page, then refetches every page shown', async () => {
    const { queryClient, observer, requested, answerAll, unsubscribe } = pagedList();
    await answerAll();
    const loadingMore = observer.fetchNextPage();

    expect(refreshQueries(queryClient, ['employees', 'activity'])).toBe(false);
    expect(refreshQueries(queryClient, 'everything')).toBe(false);
    await answerAll();
    expect((await loadingMore).data?.pages).toEqual(['page 0', 'page 1']);

    expect(refreshQueries(queryClient, ['employees'])).toBe(true);
    expect(requested.map(({ page }) => page)).toEqual([0]);
    await answerAll();
    expect(requested).toEqual([]);
    expect(observer.getCurrentResult().data?.pages).toEqual(['page 0', 'page 1']);
    expect(queryClient.getQueryState(['employees', 'list'])?.dataUpdateCount).toBe(3);
    unsubscribe();
  });

  it('does not wait for a list the change leaves alone', async () => {
    const { queryClient, observer, requested, answerAll, unsubscribe } = pagedList();
    await answerAll();
    void observer.fetchNextPage();
    expect(refreshQueries(queryClient, ['tasks'])).toBe(true);
    expect(requested.map(({ page }) => page)).toEqual([1]);
    unsubscribe();
  });

  it('leaves alone the queries of a record this tab is deleting, and refreshes the rest', async () => {
    const queryClient = new QueryClient();
    const fetched: string[] = [];
    const watch = (queryKey: string[]) =>
      new QueryObserver(queryClient, {
        queryKey,
        queryFn: () => {
          fetched.push(queryKey.join('/'));
          return queryKey.join('/');
        },
      }).subscribe(() => {});
    const unsubscribe = [watch(['campaigns', 'details', 'c1']), watch(['campaigns', 'list'])];
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    fetched.length = 0;

    let answer = () => {};
    const deleting = new MutationObserver(queryClient, {
      mutationKey: deletionKey('c1'),
      mutationFn: () => new Promise<void>((resolve) => (answer = resolve)),
    });
    const deleted = deleting.mutate();
    expect(refreshQueries(queryClient, 'everything')).toBe(true);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fetched).toEqual(['campaigns/list']);
    answer();
    await deleted;
    expect(refreshQueries(queryClient, ['campaigns'])).toBe(true);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fetched).toEqual(['campaigns/list', 'campaigns/list']);
    for (const stop of unsubscribe) stop();
  });
});
