/** The incidents feature as the rest of the API sees it. */
export { incidentsRoutes } from './incidents.routes';
/** @public Site.i for the site presenters: the integrator wires it where sites are presented. */
export { siteIncidentIndicators } from './incident-indicators';
