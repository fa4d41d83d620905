/** The map feature as the rest of the API sees it. */
export { mapRoutes } from './map.routes';
export { mapContentSources } from './map-csp';
