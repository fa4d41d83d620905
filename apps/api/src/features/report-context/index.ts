/** The report-context feature (proximity, demographics, crime rate comparison) as the app sees it. */
export { reportContextRoutes } from './report-context.routes';
export { addProximityJob } from './add-proximity.job';
