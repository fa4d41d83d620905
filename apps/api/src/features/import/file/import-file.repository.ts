import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { importFiles, importMappings, type ImportFileRow, type StoredColumnMapping } from '../../../db/schema/index';

function importFileQuery(db: Db, accountId: number, userId: number) {
  return db
    .select()
    .from(importFiles)
    .where(and(eq(importFiles.accountId, accountId), eq(importFiles.userId, userId)));
}

/** The user's current uploaded file, or undefined when they have none. */
export async function findImportFile(db: Db, accountId: number, userId: number): Promise<ImportFileRow | undefined> {
  const [row] = await importFileQuery(db, accountId, userId);
  return row;
}

/** The same, locked until the transaction ends: two uploads replace it one after the other, each learning which rows file it replaced. */
export async function lockImportFile(db: Db, accountId: number, userId: number): Promise<ImportFileRow | undefined> {
  const [row] = await importFileQuery(db, accountId, userId).for('update');
  return row;
}

/** Makes `file` the user's current file (one per user: it replaces the previous one). */
export async function replaceImportFile(db: Db, file: typeof importFiles.$inferInsert): Promise<void> {
  const { accountId: _accountId, userId: _userId, ...replaced } = file;
  await db
    .insert(importFiles)
    .values(file)
    .onConflictDoUpdate({ target: [importFiles.accountId, importFiles.userId], set: replaced });
}

/** The mapping the user last processed a file of this header layout with, or undefined. */
export async function findImportMapping(db: Db, accountId: number, userId: number, headerKey: string): Promise<StoredColumnMapping[] | undefined> {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.accountId, accountId), eq(importMappings.userId, userId), eq(importMappings.headerKey, headerKey)));
  return row?.mapping;
}

/** Keeps the mapping the user processed a file of this header layout with (replacing an older one). */
export async function upsertImportMapping(db: Db, accountId: number, userId: number, headerKey: string, mapping: StoredColumnMapping[], now: Date): Promise<void> {
  await db
    .insert(importMappings)
    .values({ accountId, userId, headerKey, mapping, usedAt: now })
    .onConflictDoUpdate({ target: [importMappings.accountId, importMappings.userId, importMappings.headerKey], set: { mapping, usedAt: now } });
}
