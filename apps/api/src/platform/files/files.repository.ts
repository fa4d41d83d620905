import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fileDownloads } from '../../db/schema/index';

/** A downloadable file's row; its bytes are in the file store under storageKey. */
export type FileDownloadRow = typeof fileDownloads.$inferSelect;
/** What a new file row needs. */
export type NewFileDownloadRow = typeof fileDownloads.$inferInsert;

/** Records a stored file and returns its row. */
export async function insertFileDownload(db: Db, values: NewFileDownloadRow): Promise<FileDownloadRow> {
  const [row] = await db.insert(fileDownloads).values(values).returning();
  return row!;
}

/** An account's files, newest first; only one user's when userId is given. */
export async function listFileDownloads(db: Db, accountId: number, userId: number | null): Promise<FileDownloadRow[]> {
  const where = userId === null ? eq(fileDownloads.accountId, accountId) : and(eq(fileDownloads.accountId, accountId), eq(fileDownloads.userId, userId));
  return db.select().from(fileDownloads).where(where).orderBy(desc(fileDownloads.createdAt), desc(fileDownloads.id));
}

/** One file of an account, or undefined. */
export async function findFileDownload(db: Db, accountId: number, id: number): Promise<FileDownloadRow | undefined> {
  const [row] = await db.select().from(fileDownloads).where(and(eq(fileDownloads.accountId, accountId), eq(fileDownloads.id, id)));
  return row;
}

/** The files of an account among the ids. */
export async function findFileDownloads(db: Db, accountId: number, ids: number[]): Promise<FileDownloadRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(fileDownloads).where(and(eq(fileDownloads.accountId, accountId), inArray(fileDownloads.id, ids)));
}

/** Deletes files of an account; returns the deleted rows (their storage keys are still to clean up). */
export async function deleteFileDownloads(db: Db, accountId: number, ids: number[]): Promise<FileDownloadRow[]> {
  if (ids.length === 0) return [];
  return db.delete(fileDownloads).where(and(eq(fileDownloads.accountId, accountId), inArray(fileDownloads.id, ids))).returning();
}
