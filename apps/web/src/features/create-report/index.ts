/** The Create Report feature: the wizard, Add Site and the first-run library panel. */
export { openCreateReport } from './create-report-store';
export { AddSiteDialog } from './components/add-site-dialog';
export { FirstRunPanel } from './components/first-run-panel';
export { BulkUpgradeDialog } from './components/bulk-upgrade-dialog';
