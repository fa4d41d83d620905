import { and, eq, sql, type SQL } from 'drizzle-orm';
import { reports } from '../db/schema/index';
import { isAdmin, type Caller } from './caller';

/**
 * The one filter every report read goes through, so tenancy and visibility live in one place: the
 * caller's account, then the user's report visibility (allowViewAllReports / allowViewOwnReports).
 * Administrators, staff and impersonators see every report of the account; a user with
 * allowViewAllReports too; with only allowViewOwnReports, the reports they created; with neither,
 * none. Site-level permission filters (the account's object filters) join here when they exist.
 */
export function visibleReports(auth: Caller): SQL {
  const account = eq(reports.accountId, auth.accountId);
  if (isAdmin(auth) || auth.user.allowViewAllReports) return account;
  if (auth.user.allowViewOwnReports) return and(account, eq(reports.createdByUserId, auth.userId))!;
  return and(account, sql`false`)!;
}
