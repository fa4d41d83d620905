import { AccountLogoMessages, ErrorCode, LOGO_MAX_BYTES, logoImageType, type TAccountLogoState } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../access/caller';
import { isAdmin } from '../../access/caller';
import { auditActor } from '../../access/audit-actor';
import { announceAuthChange } from '../../access/session-cache';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../platform/audit/audit.repository';
import type { FileStore } from '../../platform/files/file-store';
import { readLogoRow, updateLogoRow, type LogoRow } from './account-logo.repository';

/** What the logo services need. */
export interface LogoDeps {
  db: Db;
  fileStore: FileStore;
  now: () => Date;
}

/** A logo file as uploaded: the name the user gave it and its bytes. */
export interface LogoUpload {
  filename: string;
  bytes: Buffer;
}

/** Where an account's logo bytes live in the file store. */
export function logoKey(accountId: number): string {
  return `accounts/${accountId}/logo`;
}

function stateOf(row: LogoRow): TAccountLogoState {
  return { hasLogo: row.logoContentType !== null, useLogoOnWeb: row.useLogoOnWeb, logoUpdated: row.logoUpdatedAt?.toISOString() ?? null };
}

/** The account's logo settings, when the caller may change the logo: an administrator of an account that allows personalising. */
async function changeableLogo(db: Db, auth: AuthContext): Promise<LogoRow> {
  if (!isAdmin(auth)) throw AppError.forbidden(AccountLogoMessages.notAdmin);
  const row = await readLogoRow(db, auth.accountId);
  if (!row?.allowPersonalize) throw AppError.forbidden(AccountLogoMessages.notAllowed);
  return row;
}

/**
 * The logo's bytes and type for GET account/logo. Only the caller's own account (provider staff:
 * the account they act in); none (404) without a logo or once personalisation is withdrawn.
 */
export async function readLogo(deps: LogoDeps, auth: AuthContext, accountId: number | undefined): Promise<{ contentType: string; bytes: Buffer }> {
  if (accountId !== undefined && accountId !== auth.accountId) throw AppError.notFound();
  const row = await readLogoRow(deps.db, auth.accountId);
  if (!row?.allowPersonalize || !row.logoContentType) throw AppError.notFound();
  const bytes = await storedLogo(deps.fileStore, auth.accountId);
  if (!bytes) throw AppError.notFound();
  return { contentType: row.logoContentType, bytes };
}

/** The stored logo's bytes, or undefined when there are none. */
export async function storedLogo(fileStore: FileStore, accountId: number): Promise<Buffer | undefined> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await fileStore.get(logoKey(accountId))) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.NotFound) return undefined;
    throw error;
  }
}

/**
 * POST account/logo?useLogoOnWeb: stores a new logo (PNG or JPEG by its bytes, at most
 * LOGO_MAX_BYTES) and/or sets useLogoOnWeb. `readUpload` reads the request's file, and is called
 * only once the caller may change the logo, so a refused caller's body is never read.
 */
export async function updateLogo(
  deps: LogoDeps,
  auth: AuthContext,
  ip: string | null,
  change: { readUpload: () => Promise<LogoUpload | undefined>; useLogoOnWeb: boolean | undefined },
): Promise<TAccountLogoState> {
  const current = await changeableLogo(deps.db, auth);
  const upload = await change.readUpload();
  if (!upload && change.useLogoOnWeb === undefined) throw AppError.badRequest(AccountLogoMessages.noFile, 'file');
  const contentType = upload ? checkedType(upload) : undefined;
  const now = deps.now();
  if (upload) {
    await deps.fileStore.put(logoKey(auth.accountId), upload.bytes, contentType!).catch((error: unknown) => {
      throw new AppError(ErrorCode.Internal, AccountLogoMessages.updateFailed, { cause: error });
    });
  }
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateLogoRow(tx, auth.accountId, { useLogoOnWeb: change.useLogoOnWeb ?? current.useLogoOnWeb, ...(upload ? { logoContentType: contentType!, logoUpdatedAt: now } : {}) }, now);
    const detail = upload ? { filename: upload.filename, contentType, size: upload.bytes.length, useLogoOnWeb: updated!.useLogoOnWeb } : { useLogoOnWeb: updated!.useLogoOnWeb };
    await recordAudit(tx, { ...auditActor(auth, ip), action: upload ? 'account.logo_uploaded' : 'account.logo_settings', targetType: 'account', targetId: String(auth.accountId), detail });
    // Sessions carry the account row (the PDF cover reads its logo fields): cached ones are dropped.
    await announceAuthChange(tx, { accountId: auth.accountId });
    return updated!;
  });
  return stateOf(row);
}

/** The logo's type by its first bytes; refuses other files and files above the size limit. */
function checkedType(upload: LogoUpload): string {
  const type = logoImageType(upload.bytes);
  if (!type) throw AppError.badRequest(AccountLogoMessages.notAnImage(upload.filename), 'file');
  if (upload.bytes.length > LOGO_MAX_BYTES) throw AppError.badRequest(AccountLogoMessages.tooLarge, 'file');
  return type;
}

/** POST account/logo?deleteLogo=true: removes the logo (row first, then the bytes). */
export async function deleteLogo(deps: LogoDeps, auth: AuthContext, ip: string | null): Promise<TAccountLogoState> {
  await changeableLogo(deps.db, auth);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateLogoRow(tx, auth.accountId, { logoContentType: null, logoUpdatedAt: null }, now);
    await recordAudit(tx, { ...auditActor(auth, ip), action: 'account.logo_deleted', targetType: 'account', targetId: String(auth.accountId) });
    await announceAuthChange(tx, { accountId: auth.accountId });
    return updated!;
  });
  await deps.fileStore.delete(logoKey(auth.accountId));
  return stateOf(row);
}
