import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import type { FileStore } from '../../platform/files/file-store';

/**
 * The import's rows format: whatever a file was uploaded as (CSV in any encoding, XLSX, XLS), its
 * rows are kept in the file store as UTF-8 JSON lines, one array of cell strings per row, the
 * header row included. The processing job reads it back in order without knowing the format.
 */

/** Writes rows to the file store under `key`; returns the stored size and the number of rows. */
export async function writeRowsFile(store: FileStore, key: string, rows: Iterable<readonly string[]> | AsyncIterable<readonly string[]>): Promise<{ size: number; rowCount: number }> {
  let rowCount = 0;
  async function* lines() {
    for await (const row of rows) {
      rowCount += 1;
      yield `${JSON.stringify(row)}\n`;
    }
  }
  const { size } = await store.put(key, Readable.from(lines()), 'application/x-ndjson');
  return { size, rowCount };
}

/** One stored row: its index in the file (0 = the first row, the header if there is one) and its cells. */
export interface StoredRow {
  index: number;
  cells: string[];
}

/** Reads the rows stored under `key` in order, from the row at index `start`. */
export async function* readRowsFile(store: FileStore, key: string, start = 0): AsyncGenerator<StoredRow, void, undefined> {
  const lines = createInterface({ input: await store.get(key), crlfDelay: Infinity });
  let index = 0;
  try {
    for await (const line of lines) {
      if (index >= start) yield { index, cells: JSON.parse(line) as string[] };
      index += 1;
    }
  } finally {
    lines.close();
  }
}
