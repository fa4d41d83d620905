import { useMutation } from '@tanstack/react-query';
import { ZSiteTaskStarted, type TSiteTaskStarted } from '@riskatlas/domain';
import { apiFetch } from '../api-client';
import { announceTaskStarted } from '../task-events';

/** What a CSV download covers (the Site Library's CSV dialog, the download wizard). */
export interface SitesCsvRequest {
  /** The selected sites; ignored with forAccount. */
  siteIds: number[];
  /** Every site the user may see instead of the selection. */
  forAccount: boolean;
  /** Add the report summary columns (release, report type, add-ons, scores, last report date). */
  reportSummary: boolean;
  /** The release of the report summary (-1 the current one); absent: each site's latest report. */
  releaseYear?: number | undefined;
  /** Only sites of this country id. */
  country?: number | undefined;
}

/** POST sites/csv?country&forAccount&reportSummary: starts the job that writes the CSV file into File Downloads. */
function requestSitesCsv(request: SitesCsvRequest): Promise<TSiteTaskStarted> {
  return apiFetch('sites/csv', {
    method: 'POST',
    query: { country: request.country, forAccount: request.forAccount, reportSummary: request.reportSummary, releaseYear: request.releaseYear },
    body: request.forAccount ? [] : request.siteIds,
    schema: ZSiteTaskStarted,
  });
}

/** Starts a CSV download; the notifications follow the job and open File Downloads when the file is ready. */
export function useSitesCsv() {
  return useMutation({ mutationFn: requestSitesCsv, onSuccess: (started) => announceTaskStarted(started.taskStatusId) });
}
