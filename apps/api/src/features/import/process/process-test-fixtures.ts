import { and, asc, eq } from 'drizzle-orm';
import type { TestContext, TestUser } from '../../../../test/context';
import { importFiles, importQueue, type ImportQueueRow } from '../../../db/schema/index';
import type { AppDeps } from '../../../platform/app-deps';
import { writeRowsFile } from '../rows-file';

/*
 * Shared by the processing tests: an uploaded file put in place as the upload leaves it (its rows
 * in the file store, its import_files row), and the queue rows a run wrote.
 */

let counter = 0;

/** Stores `rows` (the header first) as the user's uploaded file; answers its rows key. Takes a test context or a crash worker's deps. */
export async function storeUploadedFile(
  ctx: { deps: Pick<AppDeps, 'fileStore' | 'database'> },
  user: { account: { id: number }; user: { id: number } },
  rows: string[][],
  options: { headerKey?: string } = {},
): Promise<string> {
  counter += 1;
  const rowsKey = `accounts/${user.account.id}/imports/${user.user.id}-${process.pid}-${counter}.jsonl`;
  const { size, rowCount } = await writeRowsFile(ctx.deps.fileStore, rowsKey, rows);
  const header = rows[0] ?? [];
  const file = {
    accountId: user.account.id,
    userId: user.user.id,
    filename: 'sites.csv',
    format: 'csv',
    encoding: 'utf-8',
    delimiter: ',',
    byteSize: size,
    rowCount,
    headerDetected: true,
    columns: header.map((name, columnIndex) => ({ columnIndex, name, examples: rows.slice(1, 6).map((row) => row[columnIndex] ?? '') })),
    warnings: [],
    headerKey: options.headerKey ?? header.map((name) => name.toLowerCase()).join('|'),
    rowsKey,
  };
  await ctx.deps.database.db
    .insert(importFiles)
    .values(file)
    .onConflictDoUpdate({ target: [importFiles.accountId, importFiles.userId], set: file });
  return rowsKey;
}

/** The user's queue rows, in file order (of one run when given). */
export async function queueRows(ctx: TestContext, user: TestUser, runId?: number): Promise<ImportQueueRow[]> {
  const scope = and(eq(importQueue.accountId, user.account.id), eq(importQueue.userId, user.user.id), runId === undefined ? undefined : eq(importQueue.runId, runId));
  return ctx.deps.database.db.select().from(importQueue).where(scope).orderBy(asc(importQueue.runId), asc(importQueue.rowNumber));
}

/** The mapping of a file whose columns are the fields in this order (null = a column not imported). */
export function mappingOf(fields: ReadonlyArray<string | null>): Array<{ columnIndex: number; field: string | null }> {
  return fields.map((field, columnIndex) => ({ columnIndex, field }));
}
