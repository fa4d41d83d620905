/**
 * Batch rules of the web app: when a batch counts as running, how often and how much of the batch
 * list to re-read, which notices to show, and the CSV list of a batch's reports.
 */
import { TaskObjectType } from '../ids';
import type { TBatch } from '../schemas/batches';
import { BATCH_HISTORY_DAYS } from '../schemas/batches';
import type { TTaskStatus } from '../schemas/tasks';
import { isTaskFinished } from './polling';
import { toCsv } from './csv';

const DAY_MS = 86_400_000;

/** How often the batch list is re-read while a batch runs: every 10 s, every 3 s on the Batches page. */
export const BATCH_REFRESH_MS = { active: 10_000, batchesPage: 3_000 } as const;
/** A completed batch is announced for this long after it completed (until dismissed). */
export const BATCH_COMPLETE_NOTICE_MS = DAY_MS;
/** The library's "creating" indicator stays this long after the batch completes, then clears. */
export const BATCH_FLAG_CLEAR_MS = 15_000;
/** While one of this many newest batches runs, only they are re-read; then the whole list once. */
export const BATCH_POLL_LATEST = 2;

type BatchProgress = Pick<TBatch, 'failed' | 'completedDate' | 'reportsTotal' | 'reportsCompleted'>;

/**
 * A batch runs until it completes or fails for good. A failed batch keeps reportsCompleted below
 * reportsTotal for ever, so the counts alone cannot end it.
 */
export function isBatchRunning(batch: BatchProgress): boolean {
  return !batch.failed && batch.completedDate === null;
}

/**
 * How many days of batches the next refresh needs: enough to cover the newest batches while one of
 * them runs (so only they are read, not a year of history), or null for the whole history — when
 * none of the newest runs. A minute of margin absorbs clock drift between browser and server.
 */
export function batchRefreshDays(batches: readonly Pick<TBatch, 'createdDate' | 'failed' | 'completedDate'>[], nowMs: number): number | null {
  const latest = batches.slice(0, BATCH_POLL_LATEST);
  if (!latest.some((batch) => !batch.failed && batch.completedDate === null)) return null;
  const oldest = Math.min(...latest.map((batch) => Date.parse(batch.createdDate)));
  const days = Math.ceil((nowMs - oldest + 60_000) / DAY_MS);
  return Math.min(Math.max(days, 1), BATCH_HISTORY_DAYS);
}

/** The full list with the batches of a shorter re-read put in place (new ones too), newest first. */
export function mergeBatches<T extends Pick<TBatch, 'batchId' | 'createdDate'>>(all: readonly T[], fresh: readonly T[]): T[] {
  const byId = new Map(all.map((batch) => [batch.batchId, batch]));
  for (const batch of fresh) byId.set(batch.batchId, batch);
  return [...byId.values()].sort((a, b) => Date.parse(b.createdDate) - Date.parse(a.createdDate) || b.batchId - a.batchId);
}

/** The batch list's refresh interval: false (no refresh) while nothing runs. */
export function batchRefreshInterval(batches: readonly BatchProgress[] | undefined, onBatchesPage: boolean): number | false {
  if (!batches?.some(isBatchRunning)) return false;
  return onBatchesPage ? BATCH_REFRESH_MS.batchesPage : BATCH_REFRESH_MS.active;
}

/** A batch task: running, or finished within the notice period and not dismissed. */
function isNoticeWorthyBatchTask(task: Pick<TTaskStatus, 'objectType' | 'currentStatus' | 'clicked' | 'updated'>, nowMs: number): boolean {
  if (task.objectType !== TaskObjectType.Batch) return false;
  if (!isTaskFinished(task.currentStatus)) return true;
  return !task.clicked && nowMs - Date.parse(task.updated) < BATCH_COMPLETE_NOTICE_MS;
}

/**
 * Whether the batch list is worth reading for the notices: the user's tasks include a batch that
 * runs or one that finished within a day and was not dismissed. Users without batches never read it.
 */
export function needsBatchNotices(tasks: readonly Pick<TTaskStatus, 'objectType' | 'currentStatus' | 'clicked' | 'updated'>[], nowMs: number): boolean {
  return tasks.some((task) => isNoticeWorthyBatchTask(task, nowMs));
}

/** What the batch notices show. */
export type BatchNotice =
  | { kind: 'inProgress'; batchCount: number; reportsCompleted: number; reportsTotal: number }
  | { kind: 'complete'; batches: TBatch[]; reportsCompleted: number; failed: TBatch[] };

/**
 * The batch notice: 'In Progress' (with the reports of every running batch added up) while any
 * batch runs; otherwise 'Complete!' for the batches finished within the last 24 hours whose task the
 * user has not dismissed (clicked) — failed ones included, so the user learns why they stopped.
 */
export function batchNotice(
  batches: readonly TBatch[],
  tasks: readonly Pick<TTaskStatus, 'taskStatusId' | 'clicked'>[],
  dismissed: ReadonlySet<number>,
  nowMs: number,
): BatchNotice | null {
  const running = batches.filter(isBatchRunning);
  if (running.length > 0) {
    return {
      kind: 'inProgress',
      batchCount: running.length,
      reportsCompleted: running.reduce((sum, batch) => sum + batch.reportsCompleted, 0),
      reportsTotal: running.reduce((sum, batch) => sum + batch.reportsTotal, 0),
    };
  }
  const clicked = new Set(tasks.filter((task) => task.clicked).map((task) => task.taskStatusId));
  const recent = batches.filter((batch) => {
    // A failed batch has its completedDate too: the time it stopped.
    if (batch.completedDate === null || nowMs - Date.parse(batch.completedDate) >= BATCH_COMPLETE_NOTICE_MS) return false;
    if (dismissed.has(batch.batchId)) return false;
    return batch.taskStatusId === null || !clicked.has(batch.taskStatusId);
  });
  if (recent.length === 0) return null;
  return {
    kind: 'complete',
    batches: recent,
    reportsCompleted: recent.reduce((sum, batch) => sum + batch.reportsCompleted, 0),
    failed: recent.filter((batch) => batch.failed),
  };
}

/** "1,200 of 10,000 reports" */
export function batchProgressLabel(reportsCompleted: number, reportsTotal: number): string {
  return `${reportsCompleted.toLocaleString('en-US')} of ${reportsTotal.toLocaleString('en-US')} report${reportsTotal === 1 ? '' : 's'}`;
}

/** A site's name and address for the batch's report list, when the library knows the site. */
export interface BatchCsvSite {
  siteName: string;
  street: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  countryCode: string | null;
}

/**
 * The CSV list of a batch's reports: one row per report with its site. Site names and addresses
 * are user text, so the CSV writer defuses spreadsheet formulas in them.
 */
export function batchReportsCsv(batch: Pick<TBatch, 'batchId' | 'batchReports' | 'summary'>, siteOf: (siteId: number) => BatchCsvSite | undefined): string {
  const header = ['Batch ID', 'Report ID', 'Site ID', 'Site Name', 'Street', 'City', 'State', 'Zip/Post Code', 'Country', 'Release Year'];
  const rows = batch.batchReports.map((report) => {
    const site = siteOf(report.siteId);
    return [batch.batchId, report.accountProductReportId, report.siteId, site?.siteName, site?.street, site?.city, site?.state, site?.zipCode, site?.countryCode, batch.summary.releaseYear];
  });
  return toCsv([header, ...rows]);
}
