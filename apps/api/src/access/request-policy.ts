import { ErrorCode, Messages } from '@riskatlas/domain';
import { AppError } from '../lib/app-error';
import { isAdmin, isReadOnly, isStaff, type Caller } from './caller';

/**
 * The one answer to "may this caller make this request now", from the caller and what the route
 * declares about itself. The auth plugin asks it for every private route before the body is read;
 * sign-in asks it too. Finer rules (may this user edit sites, buy this product) stay in the
 * policies beside this file and run in the services.
 */

/** What a route declares about who may call it (its Fastify config). */
export interface RouteAccess {
  /** Changes data: refused to read-only callers. */
  write?: boolean;
  /**
   * Why a route that is not a GET may still be called by read-only callers (sign-out, an export,
   * the caller's own preferences). Without it every non-GET route counts as a change.
   */
  readOnlyAllowed?: string;
  /** What a read-only user (not a read-only account) is told instead of the general sentence. */
  readOnlyUserMessage?: string;
  /** Administrators, staff and impersonators only. */
  admin?: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True for methods that never change anything. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}

/**
 * Whether a request changes data: routes marked write, and, failing closed, every other route
 * that is not a GET unless it says why read-only callers may use it.
 */
function changesData(method: string, access: RouteAccess): boolean {
  if (access.write) return true;
  return !isSafeMethod(method) && !access.readOnlyAllowed;
}

/**
 * An account under maintenance is closed to its users until the operator lifts it; provider staff
 * are never held out, in their own account or acting in a customer's, so they can do the work.
 */
export function isHeldOutByMaintenance(caller: Pick<Caller, 'user' | 'account'>): boolean {
  return caller.account.underMaintenance && !isStaff(caller);
}

/** The refusal of a request (or a sign-in) while the account is under maintenance. */
export function maintenanceRefusal(): AppError {
  return new AppError(ErrorCode.AccountMaintenance, Messages.accountUnderMaintenance);
}

/** The refusal of a change by a read-only caller, in the words for a read-only account or user. */
export function readOnlyRefusal(caller: Caller, userMessage: string = Messages.readOnlyUser): AppError {
  return new AppError(ErrorCode.ReadOnly, caller.account.readOnly && !isStaff(caller) ? Messages.readOnlyAccount : userMessage);
}

/** Why this caller may not make this request now (maintenance, read-only, not an administrator), or null. */
export function requestRefusal(caller: Caller, method: string, access: RouteAccess): AppError | null {
  if (isHeldOutByMaintenance(caller)) return maintenanceRefusal();
  if (changesData(method, access) && isReadOnly(caller)) return readOnlyRefusal(caller, access.readOnlyUserMessage);
  if (access.admin && !isAdmin(caller)) return AppError.forbidden();
  return null;
}
