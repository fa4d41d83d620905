/** The map feature as the rest of the API sees it. */
export { mapRoutes } from './map.routes';
export { mapContentSources } from './map-csp';
export { reportMapCells } from './report-map';
export { PlaceLabels } from './place-labels';
