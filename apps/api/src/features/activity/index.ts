/** The activity feature as the rest of the API sees it: what other features and the app may use. */
export { activityExportJob } from './activity-export.job';
export { activityRoutes } from './activity.routes';
