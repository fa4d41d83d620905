import { BatchMessages, productName, productNotAllowedMessage, ReportMessages, type ProductId } from '@riskatlas/domain';
import { AppError } from '../lib/app-error';
import { isAdmin, isProvider, isReadOnly, isStaff, type Caller } from './caller';
import { productAllowedFor } from './product-policy';

/**
 * Who may create and change reports: creating needs allowCreateReports, each product needs the
 * user's allowProduct right, and some changes are for support only. The routes refuse read-only
 * callers first (config.write); these checks stand on their own too, so the batch job and other
 * callers of the services get the same answers.
 */

/**
 * Refuses (403) a caller who may not create reports with these products: read-only, without
 * allowCreateReports (provider staff always may), or with allowProduct 0 for one of them.
 */
export function assertMayUseProducts(auth: Caller, productIds: readonly ProductId[]): void {
  if (isReadOnly(auth)) throw AppError.forbidden(ReportMessages.cannotCreateReports);
  if (!auth.user.allowCreateReports && !isStaff(auth)) throw AppError.forbidden(ReportMessages.cannotCreateReports);
  const allowed = productAllowedFor(auth);
  const refused = productIds.find((productId) => !allowed(productId));
  if (refused !== undefined) throw AppError.forbidden(productNotAllowedMessage(productName(refused)));
}

/** Deleting reports: administrators, provider staff and impersonators, never read-only callers. */
export function assertMayDeleteReports(auth: Caller): void {
  if (isReadOnly(auth) || !isAdmin(auth)) throw AppError.forbidden();
}

/** Upgrading several reports in one request: provider staff and impersonators only. */
export function assertMayUpgradeReports(auth: Caller, reportCount: number): void {
  if (reportCount > 1 && !isProvider(auth)) throw AppError.forbidden(ReportMessages.bulkUpgradeSupportOnly);
}

/**
 * Creating reports for several sites at once (a batch): administrators, provider staff and
 * impersonators, or standard users when the account allows batching by standard users.
 */
export function assertMayCreateBatches(auth: Caller): void {
  if (!isAdmin(auth) && !auth.account.allowBatchingByStandardUsers) throw AppError.forbidden(BatchMessages.batchingNotAllowed);
}
