import type { Readable } from 'node:stream';
import type { TFileDownload } from '@riskatlas/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isAdmin, type AuthContext } from '../../access/caller';
import type { FileStore } from '../../platform/files/file-store';
import { deleteFileDownloads, findFileDownload, findFileDownloads, listFileDownloads, type FileDownloadRow } from '../../platform/files/files.repository';

/*
 * File Downloads. Who sees a file: within the acting account only;
 * administrators (and staff acting in the account) see every file of it, everyone else only the
 * files made for them. The same rule governs list, download and delete.
 */

/** Whether the caller may see (download, delete) a file of the account they act in. */
function maySeeFile(auth: AuthContext, row: FileDownloadRow): boolean {
  return row.accountId === auth.accountId && (isAdmin(auth) || row.userId === auth.userId);
}

/** The wire shape of a file row. */
function presentFile(row: FileDownloadRow): TFileDownload {
  return {
    fileDownloadID: row.id,
    filename: row.filename,
    fileDownloadType: row.fileDownloadType,
    created: row.createdAt.toISOString(),
    size: row.size,
    userId: row.userId,
  };
}

/** The caller's files, newest first; with `all`, an administrator gets every file of the account. */
export async function listFiles(db: Database, auth: AuthContext, options: { all: boolean }): Promise<TFileDownload[]> {
  if (options.all && !isAdmin(auth)) throw AppError.forbidden();
  const rows = await listFileDownloads(db, auth.accountId, options.all ? null : auth.userId);
  return rows.map(presentFile);
}

/** Opens a file the caller may see: its row and its bytes. Anything else is not found. */
export async function openFile(db: Database, store: FileStore, auth: AuthContext, id: number): Promise<{ row: FileDownloadRow; stream: Readable }> {
  const row = await findFileDownload(db, auth.accountId, id);
  if (!row || !maySeeFile(auth, row)) throw AppError.notFound();
  return { row, stream: await store.get(row.storageKey) };
}

/**
 * Deletes files the caller may see, rows and bytes. One id the caller may not see fails the whole
 * request (404) and nothing is deleted. The rows go first, in one statement; the bytes after, so a
 * store failure leaves an orphan object (harmless) rather than a row whose bytes are gone.
 */
export async function deleteFiles(db: Database, store: FileStore, auth: AuthContext, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const rows = await findFileDownloads(db, auth.accountId, unique);
  if (rows.length !== unique.length || rows.some((row) => !maySeeFile(auth, row))) throw AppError.notFound();
  const deleted = await deleteFileDownloads(db, auth.accountId, unique);
  await Promise.all(deleted.map((row) => store.delete(row.storageKey)));
  return deleted.length;
}
