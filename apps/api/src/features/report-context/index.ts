/** The report-context feature (proximity, demographics, crime rate comparison) as the app sees it. */
export { reportContextRoutes } from './report-context.routes';
export { addProximityJob } from './add-proximity.job';
export { scopedReport } from './report-lookup';
export { reportProximity } from './proximity.service';
export { reportDemographics } from './demographics.service';
export { crimeRateComparison } from './crime-rate.service';
