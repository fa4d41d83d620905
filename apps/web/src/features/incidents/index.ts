/** The incidents feature as the pages see it: the drawer, the filters and the UK police panel. */
export { IncidentDrawer } from './components/incident-drawer';
/** @public The drawer's props, for the Map page that hosts it. */
export type { IncidentDrawerProps } from './components/incident-drawer';
export { IncidentFilters } from './components/incident-filters';
export { PoliceIncidentsPanel } from './components/police-incidents-panel';
/** @public The site the police panel is about, for the Detail page's report mode 4. */
export type { PoliceSite } from './components/police-incidents-panel';
export { defaultIncidentFilter, type IncidentFilterValue } from './api/filter-query';
/** @public The crime types of a source, for the Map page's side panel (IncidentFilters' crimeTypes). */
export { useCrimeTypes } from './api/get-crime-types';
/** @public Incidents clustered on the Map screen (a child of AtlasMap), and the points they draw. */
export { IncidentClusters, incidentPoints, type IncidentPoint } from './components/incident-clusters';
/** @public The incidents around a site in the ten standard types, for the Map screen's clusters (the drawer reads the same query). */
export { useSiteIncidentsDOM } from './api/get-site-incidents';
