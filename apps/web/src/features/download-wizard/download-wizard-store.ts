import type { TDownloadSelection } from '@riskatlas/domain';
import { createRequestStore } from '../../lib/request-store';

/** What the download wizard was opened with. */
export interface DownloadWizardRequest {
  /** The reports chosen; null when nothing is (File Downloads' 'Download account data', administrators only). */
  selection: TDownloadSelection | null;
  /** What the start step says was chosen, e.g. '3 sites in the current release' or 'batch 12 (40 reports)'. */
  description: string;
  /** The sites of a CSV of the selection and the release of its report summary; null: no CSV of a selection. */
  csv: { siteIds: number[]; releaseYear?: number | undefined } | null;
}

const store = createRequestStore<DownloadWizardRequest>();

/** Opens the download wizard (the Site Library's 'Download reports', a batch's 'Download wizard', File Downloads). */
export const openDownloadWizard = store.open;

/** Closes the download wizard. */
export const closeDownloadWizard = store.close;

/** The open request, or null while the wizard is closed. */
export const useDownloadWizardRequest = store.useRequest;
