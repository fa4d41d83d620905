/** The sites feature as other features see it: what they call when sites or their reports change. */
export { useSitesChanged } from './hooks/use-sites-changed';
export { useLoadSites } from './hooks/use-load-sites';
export { useSites } from './api/get-sites';
export { useAvailableHeight } from './hooks/use-available-height';
/** The site's edit form, comments and full record, for pages that show one site (Detail). */
export { SiteDetailsPanel } from './components/site-details-panel';
export { SiteCommentsPanel, commentBlocker } from './components/site-comments-panel';
export { siteFullQueryOptions, useSiteFull } from './api/get-site-full';
export { COMMUNITY_TYPE_NAMES, formatAddress } from './grid/columns';
export { useRecordSiteView } from './hooks/use-recently-viewed';
