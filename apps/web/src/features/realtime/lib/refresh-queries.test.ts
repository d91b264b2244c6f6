import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshQueries } from './refresh-queries';

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
});
