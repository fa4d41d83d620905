/** The files feature as the rest of the API sees it: what other features and the app may use. */
export { filesRoutes } from './files.routes';
export { attachmentDisposition } from './content-disposition';
