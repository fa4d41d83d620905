import type { TCurrentUser } from '@riskatlas/domain';
import { isAdmin, isReadOnly, isStaff, type AuthContext } from '../../access/caller';
import { effectiveAllowProduct } from '../../access/product-policy';
import { presentAccount } from './account.presenter';

/**
 * GET users/current: the User entity with its mode flags computed on the server, so the web
 * app hides what the user may not do (the routes check again). The password hash never leaves.
 */
export function presentCurrentUser(auth: AuthContext): TCurrentUser {
  const { user, account } = auth;
  const readOnlyMode = isReadOnly(auth);
  const allowProduct = effectiveAllowProduct(auth);
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return {
    userId: user.id,
    userID: user.id,
    accountID: account.id,
    homeAccountID: user.accountId,
    fullName,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    title: user.title,
    userContactInfo: { title: user.title, email: user.email },
    userType: user.userType,
    isEnabled: user.isEnabled,
    termsAccepted: user.termsAccepted,
    allowViewAllReports: user.allowViewAllReports,
    allowViewOwnReports: user.allowViewOwnReports,
    documentLanguage: user.documentLanguage,
    uiLanguageId: user.uiLanguageId,
    // Invoice purchase needs both the account and the user to allow it.
    allowInvoice: user.allowInvoice && account.allowInvoice && !readOnlyMode,
    allowCreditCardPurchases: user.allowCreditCardPurchases && !readOnlyMode,
    isMFAEnabled: user.mfaEnabled,
    adminMode: isAdmin(auth),
    readOnlyMode,
    capMode: isStaff(auth),
    impersonationMode: auth.impersonating,
    allowCreateReports: user.allowCreateReports && !readOnlyMode,
    allowAnyProduct: Object.values(allowProduct).some((value) => value > 0),
    allowProduct,
    allowComments: user.allowComments && !readOnlyMode,
    // Read-only users cannot edit sites, whatever the stored flag says.
    denyEditSiteAbility: user.denyEditSiteAbility || readOnlyMode,
    isSSOLogin: user.isSso,
    hasCAPModulesAccess: user.hasCapModulesAccess,
    hasSimpleSurvey: user.hasSimpleSurvey || account.hasSimpleSurvey,
    account: presentAccount(account),
  };
}

/** The body of GET users/current per cached caller, and its JSON text per body: see currentUserOf. */
const presentedBodies = new WeakMap<AuthContext, TCurrentUser>();
const serialisedBodies = new WeakMap<object, string>();

/**
 * GET users/current's body for the caller, presented once per cached caller and then reused: every
 * page load and session check reads it. The body is a function of the caller alone (its user row,
 * acting account row and impersonation), and the session cache hands out a new caller whenever an
 * announced change touches those rows or the entry ages out (session-cache.ts), so the body kept
 * here goes with the caller it was made from. What users/current shows from anywhere else must
 * not be kept this way. The body is shared: never change it.
 */
export function currentUserOf(auth: AuthContext): TCurrentUser {
  let body = presentedBodies.get(auth);
  if (body === undefined) {
    body = presentCurrentUser(auth);
    presentedBodies.set(auth, body);
  }
  return body;
}

/** JSON text of a users/current body, serialised once per body currentUserOf returned. */
export function serialiseCurrentUser(body: unknown): string {
  if (typeof body !== 'object' || body === null) return JSON.stringify(body);
  let text = serialisedBodies.get(body);
  if (text === undefined) {
    text = JSON.stringify(body);
    serialisedBodies.set(body, text);
  }
  return text;
}
