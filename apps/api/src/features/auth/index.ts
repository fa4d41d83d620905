/** The auth feature as the rest of the API sees it: what other features and the app may use. */
export { authRoutes } from './auth.routes';
export { authRetentionJob } from './auth-retention.job';
