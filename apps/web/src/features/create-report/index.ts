/** The Create Report feature: the wizard, Add Site and the first-run library panel. */
export { closeCreateReport, openCreateReport } from './create-report-store';
export { AddSiteDialog } from './components/add-site-dialog';
export { FirstRunPanel } from './components/first-run-panel';
export { BulkUpgradeDialog } from './components/bulk-upgrade-dialog';
export { placeDetails } from './api/place-details';
export { reverseGeocode } from './api/reverse-geocode';
