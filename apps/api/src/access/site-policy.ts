import { Messages, SiteMessages, type TSitePermissions } from '@riskatlas/domain';
import { AppError } from '../lib/app-error';
import { isAdmin, isProvider, isReadOnly, type AuthContext } from './caller';
import { readOnlyRefusal } from './request-policy';

/**
 * Who may do what with sites, from the user's rights and mode. Computed once here, sent with a
 * site (permissions as data) and checked again by every write.
 */

/** What the caller may do with sites. */
export function sitePermissions(auth: AuthContext): TSitePermissions {
  const readOnly = isReadOnly(auth);
  return {
    canEdit: !readOnly && (isProvider(auth) || !auth.user.denyEditSiteAbility),
    canComment: !readOnly && (isProvider(auth) || auth.user.allowComments),
    canDelete: !readOnly && isAdmin(auth),
    deleteNeedsReason: isProvider(auth),
  };
}

/** Refuses (403) a caller who may not edit sites: read-only users, and users denied site editing. */
export function assertMayEditSites(auth: AuthContext): void {
  if (isReadOnly(auth)) throw readOnlyRefusal(auth, Messages.readOnlyUser);
  if (!sitePermissions(auth).canEdit) throw AppError.forbidden(SiteMessages.cannotEditSites);
}

/** Refuses (403) a caller who may not comment: read-only ('Read Only users cannot add comments.'), or without allowComments. */
export function assertMayComment(auth: AuthContext): void {
  if (isReadOnly(auth)) throw readOnlyRefusal(auth, SiteMessages.readOnlyComments);
  if (!sitePermissions(auth).canComment) throw AppError.forbidden(SiteMessages.cannotComment);
}

/** Refuses (403) a caller who may not delete sites: administrators, provider staff and impersonators only. */
export function assertMayDeleteSites(auth: AuthContext): void {
  if (isReadOnly(auth)) throw readOnlyRefusal(auth, Messages.readOnlyUser);
  if (!sitePermissions(auth).canDelete) throw AppError.forbidden(SiteMessages.cannotDeleteSites);
}

/**
 * Refuses (403) a caller who may not create sites without reports: read-only callers, and users who
 * may not create reports (the same right the add-site wizard needs); administrators always may.
 */
export function assertMayCreateSites(auth: AuthContext): void {
  if (isReadOnly(auth)) throw readOnlyRefusal(auth, Messages.readOnlyUser);
  if (!auth.user.allowCreateReports && !isAdmin(auth)) throw AppError.forbidden(SiteMessages.cannotCreateSites);
}

/** Refuses (403) anyone but provider staff and impersonators (support-only actions). */
export function assertSupport(auth: AuthContext): void {
  if (!isProvider(auth)) throw AppError.forbidden(SiteMessages.supportOnly);
}
