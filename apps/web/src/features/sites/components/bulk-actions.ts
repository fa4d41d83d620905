import { mayCreateReports, type TCurrentUser } from '@riskatlas/domain';

/** The bulk actions of the Site Library, including the support-only ones for provider staff. */
export type BulkActionId =
  | 'addToDashboard'
  | 'compare'
  | 'createReport'
  | 'upgrade'
  | 'pointsOfInterest'
  | 'editTags'
  | 'replaceClassifications'
  | 'excelSummary'
  | 'csv'
  | 'reportDownload'
  | 'deleteReports'
  | 'deleteSites'
  | 'deleteByIds'
  | 'uncache';

/** One entry of the actions menu. */
export interface BulkAction {
  id: BulkActionId;
  label: string;
  /** Acts on the selected sites: without a selection it says 'There are no sites selected.' */
  needsSelection: boolean;
  /** Support-only: listed under Support, for provider staff only. */
  support: boolean;
  /** Whether this user is offered the action at all (the UI hides what the server would refuse). */
  allowed: (user: TCurrentUser) => boolean;
  /**
   * Set for actions whose feature is not built yet: the entry is shown, disabled, with this
   * tooltip, rather than pretending: never a fake result.
   */
  notAvailable?: string;
}

const notYet = (what: string) => `${what} is not available yet.`;
const everyone = () => true;

/** Provider staff working as support: a provider user (capMode) or one acting as a customer. */
export function isSupportUser(user: Pick<TCurrentUser, 'capMode' | 'impersonationMode'>): boolean {
  return user.capMode || user.impersonationMode;
}

/** Read-only users and users denied site editing cannot change sites. */
export function canEditSites(user: Pick<TCurrentUser, 'readOnlyMode' | 'denyEditSiteAbility'>): boolean {
  return !user.readOnlyMode && !user.denyEditSiteAbility;
}

/** Deleting sites or their reports is for administrators and provider staff (sites/delete and reports/delete refuse anyone else). */
function canDeleteSites(user: Pick<TCurrentUser, 'readOnlyMode' | 'adminMode' | 'capMode' | 'impersonationMode'>): boolean {
  return !user.readOnlyMode && (user.adminMode || isSupportUser(user));
}

/** Every bulk action, in menu order. */
export const BULK_ACTIONS: readonly BulkAction[] = [
  { id: 'addToDashboard', label: 'Add to dashboard', needsSelection: true, support: false, allowed: everyone, notAvailable: notYet('Adding sites to a dashboard') },
  { id: 'compare', label: 'Compare', needsSelection: true, support: false, allowed: everyone, notAvailable: notYet('Comparing sites') },
  { id: 'createReport', label: 'Create report or batch', needsSelection: true, support: false, allowed: mayCreateReports },
  { id: 'upgrade', label: 'Upgrade reports', needsSelection: true, support: false, allowed: mayCreateReports },
  { id: 'pointsOfInterest', label: 'Add points of interest', needsSelection: true, support: false, allowed: (user) => !user.readOnlyMode, notAvailable: notYet('Adding points of interest') },
  { id: 'editTags', label: 'Edit tags', needsSelection: true, support: false, allowed: canEditSites },
  { id: 'replaceClassifications', label: 'Replace classifications', needsSelection: true, support: false, allowed: canEditSites, notAvailable: notYet('Replacing classifications') },
  { id: 'excelSummary', label: 'Excel summary', needsSelection: true, support: false, allowed: everyone },
  { id: 'csv', label: 'Download CSV', needsSelection: true, support: false, allowed: everyone },
  { id: 'reportDownload', label: 'Download reports', needsSelection: true, support: false, allowed: everyone },
  { id: 'deleteReports', label: 'Delete reports', needsSelection: true, support: false, allowed: canDeleteSites },
  { id: 'deleteSites', label: 'Delete sites', needsSelection: true, support: false, allowed: canDeleteSites },
  { id: 'deleteByIds', label: 'Delete sites by id', needsSelection: false, support: true, allowed: canDeleteSites },
  { id: 'uncache', label: 'Uncache sites', needsSelection: false, support: true, allowed: everyone },
];

/** The actions this user is offered: support-only ones for provider staff only. */
export function bulkActionsFor(user: TCurrentUser): BulkAction[] {
  return BULK_ACTIONS.filter((action) => action.allowed(user) && (!action.support || isSupportUser(user)));
}
