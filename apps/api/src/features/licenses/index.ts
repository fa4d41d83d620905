/** The licenses feature as the rest of the API sees it: what other features and the app may use. */
export { insertLicenseGrants, remainingLicenses } from './licenses.repository';
export { licensesRoutes } from './licenses.routes';
export { consumeLicenses, grantLicenses, type LicenseItem } from './licenses.service';
