import { ErrorCode, PREF_VALUE_SCHEMAS, PrefMessages, ZPrefType, validationIssueMessage, type TPrefType } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isAdmin, type AuthContext } from '../../access/caller';
import { findPref, listPrefs, upsertPref, upsertPrefForAllUsers } from './prefs.repository';

/** appSettings saves are partial and merge into what is stored; every other type replaces. */
function mergesOnSave(type: TPrefType): boolean {
  return type === 'appSettings';
}

/** Validates a preference value against its type's schema; a failure names the field. */
function parsePrefValue(type: TPrefType, value: unknown): unknown {
  const parsed = PREF_VALUE_SCHEMAS[type].safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  throw new AppError(ErrorCode.ValidationFailed, validationIssueMessage(issue, 'The preference', value), { field });
}

/**
 * Preferences are the caller's own, in the acting account: rows are keyed (account, user, type),
 * so nobody reads another account's values — not even their own from another account.
 */
export async function getPref(db: Db, auth: AuthContext, type: TPrefType) {
  const value = await findPref(db, auth.accountId, auth.userId, type);
  return { type, value: value === undefined ? null : value };
}

/** Every saved preference of the caller in the acting account (types no longer known are left out). */
export async function getAllPrefs(db: Db, auth: AuthContext): Promise<{ type: TPrefType; value: unknown }[]> {
  const rows = await listPrefs(db, auth.accountId, auth.userId);
  return rows.flatMap((row) => {
    const type = ZPrefType.safeParse(row.type);
    return type.success ? [{ type: type.data, value: row.value }] : [];
  });
}

/**
 * An account that sets lockLibraryViewColumns keeps one column layout: only administrators,
 * impersonators and provider staff (all three are isAdmin) may change it. The web app
 * hides the column settings too; this is the check it relies on.
 */
function assertMaySave(auth: AuthContext, type: TPrefType): void {
  if (type === 'libraryColumns' && auth.account.lockLibraryViewColumns && !isAdmin(auth)) {
    throw AppError.forbidden(PrefMessages.libraryColumnsLocked);
  }
}

/** Saves the caller's preference (allowed for read-only users: it is their own data). */
export async function savePref(db: Db, auth: AuthContext, type: TPrefType, rawValue: unknown, now: Date) {
  assertMaySave(auth, type);
  const value = parsePrefValue(type, rawValue);
  const stored = await upsertPref(db, { accountId: auth.accountId, userId: auth.userId, type, value, merge: mergesOnSave(type), at: now });
  return { type, value: stored ?? null };
}

/** Writes the value for every user of the acting account (the route admits admins, impersonators and staff). */
export async function savePrefForAll(db: Db, auth: AuthContext, type: TPrefType, rawValue: unknown, now: Date) {
  const value = parsePrefValue(type, rawValue);
  const usersUpdated = await upsertPrefForAllUsers(db, { accountId: auth.accountId, type, value, merge: mergesOnSave(type), at: now });
  return { type, value, usersUpdated };
}
