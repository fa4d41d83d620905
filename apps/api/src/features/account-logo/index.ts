/** The account-logo feature as the rest of the API sees it: what other features and the app may use. */
export { accountLogoRoutes } from './account-logo.routes';
export { coverLogo } from './cover-logo';
