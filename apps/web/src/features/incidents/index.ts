/** The incidents feature as the pages see it: the drawer, the filters and the UK police panel. */
export { IncidentDrawer, type IncidentDrawerProps } from './components/incident-drawer';
export { IncidentFilters } from './components/incident-filters';
export { PoliceIncidentsPanel, type PoliceSite } from './components/police-incidents-panel';
export { defaultIncidentFilter, type IncidentFilterValue } from './api/filter-query';
export { useCrimeTypes } from './api/get-crime-types';
