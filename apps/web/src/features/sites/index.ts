/** The sites feature as other features see it: what they call when sites or their reports change. */
export { useSitesChanged } from './hooks/use-sites-changed';
export { useLoadSites } from './hooks/use-load-sites';
export { useSites } from './api/get-sites';
export { useAvailableHeight } from './hooks/use-available-height';
