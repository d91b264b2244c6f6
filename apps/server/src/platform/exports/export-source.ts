import { csvLine, type CsvValue } from '@atrium/shared';

/** How far a file being made has got, in the export's own unit (employees, rows). */
export type ExportProgress = (done: number, total: number | null) => void;

/**
 * A file an export route answers with (issue 17). Its pieces each come from a short statement, with
 * yieldToOtherRequests between them, so that making it never holds other requests for long.
 */
export type ExportFile = {
  fileName: string;
  contentType: string;
  pieces(progress: ExportProgress): AsyncIterable<string | Uint8Array>;
};

/** A file that may be big: the route sends it as it is made, or makes it in the background (sendExport). */
export type ExportSource = ExportFile & {
  /** Whether the file has more than `rows` rows, by a count that stops at rows + 1. */
  exceeds(rows: number): Promise<boolean>;
};

/** A CSV file's pieces: the header line, then the lines of each page of rows as one piece. */
export async function* csvPieces<Row>(
  header: readonly string[],
  pages: AsyncIterable<readonly Row[]>,
  cells: (row: Row) => readonly CsvValue[],
): AsyncGenerator<string> {
  yield csvLine(header);
  for await (const page of pages) {
    let lines = '';
    for (const row of page) lines += csvLine(cells(row));
    yield lines;
  }
}
