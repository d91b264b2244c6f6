import { describe, expect, it } from 'vitest';
import { keysetPages, readAllPages } from './batches';

const rows = Array.from({ length: 10 }, (_, i) => ({ id: i }));

/** A keyset query over `rows` by id, as a repository answers it, with a log of what it was asked. */
function table(log: string[] = []) {
  return async (after: number | undefined, size: number) => {
    log.push(`page after ${after ?? '-'}`);
    return rows.filter((row) => after === undefined || row.id > after).slice(0, size);
  };
}

describe('reading a long query in short statements (issue 17)', () => {
  it('reads page after page by the last key, and stops at a short page or at max', async () => {
    const log: string[] = [];
    const pages: number[][] = [];
    for await (const page of keysetPages(table(log), (row) => row.id, { batchSize: 4 })) {
      pages.push(page.map((row) => row.id));
    }
    expect(pages).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
    expect(log).toEqual(['page after -', 'page after 3', 'page after 7']);

    expect((await readAllPages(table(), (row) => row.id, 6, 4)).map((row) => row.id)).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    // A last full page needs one more (empty) read to know it was the last.
    expect(await readAllPages(table(), (row) => row.id, Number.POSITIVE_INFINITY, 5)).toHaveLength(10);
  });

  it('lets work that arrived meanwhile run between its statements', async () => {
    const log: string[] = [];
    const fetchPage = table(log);
    const pages = keysetPages(
      async (after: number | undefined, size: number) => {
        // A request arriving while this statement runs: it is handled before the next statement.
        setImmediate(() => log.push('other request'));
        return fetchPage(after, size);
      },
      (row) => row.id,
      { batchSize: 4 },
    );
    for await (const _page of pages) {
      // consumed as an export does
    }
    expect(log).toEqual(['page after -', 'other request', 'page after 3', 'other request', 'page after 7']);
  });
});
