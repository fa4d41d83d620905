import type { AccountRow, SessionRow, UserRow } from '../db/schema/index';

/** Who is calling: resolved once per request from the session cookie. */
export interface AuthContext {
  session: SessionRow;
  user: UserRow;
  /** The account the request acts in (the impersonated account while impersonating). */
  account: AccountRow;
  /** Every tenant query is scoped by this id. */
  accountId: number;
  userId: number;
  /** Provider staff acting in a customer account. */
  impersonating: boolean;
}

/**
 * Who acts, without the session: a request's AuthContext, or the caller a job or the demo seeding
 * rebuilds from stored ids (they have no session). The rules below read only these fields.
 */
export type Caller = Omit<AuthContext, 'session'>;

/** Administrator rights in the acting account: admins, staff, impersonators. */
export function isAdmin(auth: Caller): boolean {
  return auth.user.userType >= 3 || auth.impersonating;
}

/** Provider staff (user type 4). */
export function isStaff(auth: Pick<Caller, 'user'>): boolean {
  return auth.user.userType === 4;
}

/**
 * Provider staff, or a provider person acting in a customer account: provider mode, with the
 * support-only actions (bulk upgrades, deletion reasons) and the relaxed report rules.
 */
export function isProvider(auth: Caller): boolean {
  return isStaff(auth) || auth.impersonating;
}

/** Read-only: a read-only user, or a read-only account for anyone but staff. */
export function isReadOnly(auth: Caller): boolean {
  if (isStaff(auth)) return false;
  return auth.user.userType === 1 || auth.account.readOnly;
}

/** Builds the caller's context from a session row with its user and acting account. */
export function toAuthContext(found: { session: SessionRow; user: UserRow; account: AccountRow }): AuthContext {
  return {
    session: found.session,
    user: found.user,
    account: found.account,
    accountId: found.account.id,
    userId: found.user.id,
    impersonating: found.session.actingAccountId !== found.session.accountId,
  };
}
