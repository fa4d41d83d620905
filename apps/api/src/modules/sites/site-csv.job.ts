import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { FileDownloadType, Messages, SiteMessages } from '@riskatlas/domain';
import { insertFileDownload } from '../files/files.repository';
import { defineJob, JobError, ZJobPayloadBase } from '../jobs/job-definition';
import { completeTask } from '../tasks/tasks.service';
import { siteCsvHeader, siteCsvLine, type SiteCsvOptions } from './site-csv';
import { readSiteIds } from './site-id-file';
import { loadJobCaller } from './site-job-caller';
import { LATEST_RELEASE, readSiteRows, SiteCol, type SiteRowArray } from './site-rows.repository';
import { siteScope, type SiteScope } from './site-scope';
import { intArray } from './sites.repository';
import type { DatabaseHandle } from '../../db/client';

/** The job's name (queue site-csv/v1). */
export const SITE_CSV_JOB = 'site-csv';
const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
/** Sites read per query. */
const CHUNK_SITES = 5000;

/** Payload: who asked and what to export. */
export const ZSiteCsvPayload = ZJobPayloadBase.extend({
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
export function siteCsvKey(accountId: number, taskStatusId: number): string {
  return `accounts/${accountId}/downloads/sites-${taskStatusId}.csv`;
}

/**
 * Site rows a chunk at a time, by site id: every site of the scope (keyset pages) or the selected
 * ids (sorted, in chunks). Sites deleted since the request are simply absent.
 */
async function* siteRowChunks(database: DatabaseHandle, scope: SiteScope, payload: SiteCsvPayload, selected: number[] | null): AsyncGenerator<SiteRowArray[]> {
  const release = payload.releaseYear ?? LATEST_RELEASE;
  const country: SQL = payload.country === null ? sql`true` : sql`sites.country_id = ${payload.country}`;
  if (selected) {
    const sorted = [...selected].sort((a, b) => a - b);
    for (let start = 0; start < sorted.length; start += CHUNK_SITES) {
      const chunk = sorted.slice(start, start + CHUNK_SITES);
      const rows = await readSiteRows(database, scope, { release, where: sql`${country} and sites.site_id = any(${intArray(chunk)})` });
      if (rows.length > 0) yield rows;
    }
    return;
  }
  let after = 0;
  for (;;) {
    const rows = await readSiteRows(database, scope, { release, where: sql`${country} and sites.site_id > ${after}`, limit: CHUNK_SITES });
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]![SiteCol.siteId] as number;
    if (rows.length < CHUNK_SITES) return;
  }
}

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * Writes the caller's sites as CSV into File Downloads (type 1, Geocode & Score): reads the sites
 * in chunks through the caller's site scope (progress on the task), spools the CSV to a temporary
 * file, stores it under a key named by the task, then records the file and completes the task in
 * one transaction with the job's job_runs row, so a retry never makes a second file.
 */
export const siteCsvJob = defineJob({
  name: SITE_CSV_JOB,
  version: 1,
  schema: ZSiteCsvPayload,
  retryLimit: 2,
  async handler(context) {
    const { payload, deps, db } = context;
    const { accountId, userId, taskStatusId } = payload;
    if (await context.previousResult()) return;
    const caller = await loadJobCaller(db, payload);
    const scope = await siteScope(db, caller);
    const selected = payload.siteIdsKey ? await readSiteIds(deps.fileStore, payload.siteIdsKey) : null;
    const options: SiteCsvOptions = { externalIdName: caller.account.externalIdName, reportSummary: payload.reportSummary, release: payload.releaseYear ?? LATEST_RELEASE };
    const spool = join(tmpdir(), `riskatlas-sites-${accountId}-${taskStatusId}-${randomBytes(4).toString('hex')}.csv`);
    try {
      const out = createWriteStream(spool);
      try {
        // A byte-order mark so Excel opens the UTF-8 file with the right characters.
        await write(out, '\uFEFF' + siteCsvHeader(options));
        await context.chunks({
          total: payload.count,
          source: siteRowChunks(deps.database, scope, payload, selected),
          handle: async (rows) => write(out, rows.map((row) => siteCsvLine(row, options)).join('')),
        });
      } finally {
        out.end();
        await once(out, 'finish');
      }
      const key = siteCsvKey(accountId, taskStatusId);
      let size: number;
      try {
        ({ size } = await deps.fileStore.put(key, createReadStream(spool), CSV_CONTENT_TYPE));
      } catch (error) {
        throw new JobError(Messages.fileStorageError, { cause: error });
      }
      const now = deps.now();
      await context.commit(async (tx) => {
        const file = await insertFileDownload(tx, {
          accountId,
          userId,
          filename: `Sites ${now.toISOString().slice(0, 10)}.csv`,
          fileDownloadType: FileDownloadType.GeocodeAndScore,
          contentType: CSV_CONTENT_TYPE,
          storageKey: key,
          size,
          createdAt: now,
        });
        await completeTask(tx, accountId, taskStatusId, { detail: SiteMessages.csvReady, objectId: file.id }, now);
        return { fileDownloadId: file.id };
      });
      if (payload.siteIdsKey) await deps.fileStore.delete(payload.siteIdsKey).catch(() => undefined);
    } finally {
      await rm(spool, { force: true });
    }
  },
});
