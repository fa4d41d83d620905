/** The download wizard as other features see it: opened with a selection (or none, for the account's data). */
export { openDownloadWizard } from './download-wizard-store';
