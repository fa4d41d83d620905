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
  const allowProduct = effectiveAllowProduct(user, readOnlyMode);
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
