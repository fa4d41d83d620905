import type { TSite } from '@riskatlas/domain';
import { createRequestStore } from '../../lib/request-store';

/** What the Create Report panel was opened with: the selected sites (none: from scratch) and, for the bulk action, an upgrade. */
export interface CreateReportRequest {
  sites: readonly TSite[];
  /** The library's release filter when opened from it (-1: current). */
  releaseYear: number;
  /** A point to start the new site at (e.g. a pin dropped on the Map page); site entry pins it and reads its address. */
  location?: { latitude: number; longitude: number };
}

const store = createRequestStore<CreateReportRequest>();

/**
 * Opens the Create Report panel. One panel serves the whole app (the shell's button, the
 * library's empty state and its bulk action), so it is opened through this store rather than
 * each caller mounting its own.
 */
export function openCreateReport(request: CreateReportRequest = { sites: [], releaseYear: -1 }): void {
  store.open(request);
}

/** Closes the Create Report panel. */
export const closeCreateReport = store.close;

/** The open request, or null while the panel is closed. */
export const useCreateReportRequest = store.useRequest;
