/** The import feature as the rest of the API sees it: what other features and the app may use. */
export { importFileRoutes } from './file/import-file.routes';
export { currentImportFile, saveImportMapping } from './file/import-file.service';
