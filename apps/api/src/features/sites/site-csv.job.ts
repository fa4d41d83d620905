import { z } from 'zod';
import { FileDownloadType, SiteMessages } from '@riskatlas/domain';
import { fileDate, writeCsvDownload } from '../../platform/files/csv-download';
import { defineJob, ZJobPayloadBase } from '../../platform/jobs/job-definition';
import { siteCsvHeader, siteCsvLine, type SiteCsvOptions } from './site-csv';
import { readSiteIds } from './site-id-file';
import { loadJobCaller } from '../../access/job-caller';
import { LATEST_RELEASE, readSiteRows, SiteCol, type SiteRowArray } from './site-rows.repository';
import { siteScope, type SiteScope } from '../../access/site-scope';
import type { DatabaseHandle } from '../../db/client';

/** The job's name (queue site-csv/v1). */
export const SITE_CSV_JOB = 'site-csv';
/** Sites read per query. */
const CHUNK_SITES = 5000;

/** Payload: who asked and what to export. */
const ZSiteCsvPayload = ZJobPayloadBase.extend({
  userId: z.number().int().positive(),
  taskStatusId: z.number().int().positive(),
  impersonating: z.boolean().describe('The request came from provider staff acting in the account'),
  siteIdsKey: z.string().nullable().describe('File-store key of the selected site ids; null = every site the user may see'),
  count: z.number().int().min(0).describe('Sites expected (the progress total)'),
  country: z.number().int().nullable().describe('Only sites of this country id'),
  reportSummary: z.boolean(),
  releaseYear: z.number().int().nullable().describe('Release of the summary; null = the latest report of any release'),
});
export type SiteCsvPayload = z.infer<typeof ZSiteCsvPayload>;

/** The stored file's key: named by the task, so a retry overwrites rather than adds. */
function siteCsvKey(accountId: number, taskStatusId: number): string {
  return `accounts/${accountId}/downloads/sites-${taskStatusId}.csv`;
}

/**
 * Site rows a chunk at a time, by site id: every site of the scope (keyset pages) or the selected
 * ids (sorted, in chunks). Sites deleted since the request are simply absent.
 */
async function* siteRowChunks(database: DatabaseHandle, scope: SiteScope, payload: SiteCsvPayload, selected: number[] | null): AsyncGenerator<SiteRowArray[]> {
  const release = payload.releaseYear ?? LATEST_RELEASE;
  const countryId = payload.country;
  if (selected) {
    const sorted = [...selected].sort((a, b) => a - b);
    for (let start = 0; start < sorted.length; start += CHUNK_SITES) {
      const chunk = sorted.slice(start, start + CHUNK_SITES);
      const rows = await readSiteRows(database, scope, { release, countryId, siteIds: chunk, expected: 'many' });
      if (rows.length > 0) yield rows;
    }
    return;
  }
  let after = 0;
  for (;;) {
    const rows = await readSiteRows(database, scope, { release, countryId, afterSiteId: after, limit: CHUNK_SITES, expected: 'many' });
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]![SiteCol.siteId] as number;
    if (rows.length < CHUNK_SITES) return;
  }
}

/**
 * Writes the caller's sites as CSV into File Downloads (type 1, Geocode & Score): the sites read in
 * chunks through the caller's site scope, written by the shared CSV download job body
 * (files/csv-download.ts: progress, spooling, one file however often the job runs). The stored id
 * list is removed once the file exists.
 */
export const siteCsvJob = defineJob({
  name: SITE_CSV_JOB,
  version: 1,
  schema: ZSiteCsvPayload,
  retryLimit: 2,
  async handler(context) {
    const { payload, deps, db } = context;
    const { accountId, taskStatusId } = payload;
    if (await context.previousResult()) return;
    const caller = await loadJobCaller(db, payload);
    const scope = await siteScope(db, caller);
    const selected = payload.siteIdsKey ? await readSiteIds(deps.fileStore, payload.siteIdsKey) : null;
    const options: SiteCsvOptions = { externalIdName: caller.account.externalIdName, reportSummary: payload.reportSummary, release: payload.releaseYear ?? LATEST_RELEASE };
    await writeCsvDownload(context, {
      spoolName: 'sites',
      header: siteCsvHeader(options),
      total: payload.count,
      source: siteRowChunks(deps.database, scope, payload, selected),
      lines: (rows) => rows.map((row) => siteCsvLine(row, options)).join(''),
      storageKey: siteCsvKey(accountId, taskStatusId),
      filename: (now) => `Sites ${fileDate(now)}.csv`,
      fileDownloadType: FileDownloadType.GeocodeAndScore,
      doneMessage: SiteMessages.csvReady,
    });
    if (payload.siteIdsKey) await deps.fileStore.delete(payload.siteIdsKey).catch(() => undefined);
  },
});
