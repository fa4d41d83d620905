/** The scores feature as the rest of the API sees it: what other features and the app may use. */
export { scoresRoutes } from './scores.routes';
