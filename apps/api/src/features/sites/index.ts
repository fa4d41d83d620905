/** The sites feature as the rest of the API sees it: what other features and the app may use. */
export { refreshUnknownCommunityTypes } from './community-type-refresh';
export { KeptSiteLists } from './kept-site-lists';
export { refreshSiteListsAfterWrites } from './kept-site-lists-refresh';
export { insertComment } from './site-comments.repository';
export { siteCsvJob } from './site-csv.job';
export { siteDeleteJob } from './site-delete.job';
export { findScopedSiteIds, findScopedSiteRow, findScopedSiteRows } from './site-queries.repository';
export { accountHasSites, countSitesWithoutReports, lockAccountSites, reportsChanged, touchAccountData } from './sites.repository';
export { sitesRoutes } from './sites.routes';
export { insertPreparedSites, prepareNewSite, type PreparedSite } from './sites.service';
