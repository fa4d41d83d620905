import { describe, expect, it } from 'vitest';
import type { TBatch } from '../schemas/batches';
import type { TTaskStatus } from '../schemas/tasks';
import {
  BATCH_REFRESH_MS,
  batchNotice,
  batchProgressLabel,
  batchRefreshDays,
  batchRefreshInterval,
  batchReportsCsv,
  isBatchRunning,
  mergeBatches,
  needsBatchNotices,
} from './batches';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const batch = (overrides: Partial<TBatch>): TBatch => ({
  batchId: 1,
  userId: 7,
  submittedBy: 'Ada Lovelace',
  createdDate: iso(NOW - HOUR),
  completedDate: null,
  reportsTotal: 100,
  reportsCompleted: 10,
  failed: false,
  detail: null,
  taskStatusId: 50,
  summary: { releaseYear: 2025, countryCode: 'USA', reportType: 0 },
  batchReports: [],
  ...overrides,
});

const task = (overrides: Partial<TTaskStatus>): TTaskStatus => ({
  taskStatusId: 50,
  taskStatusType: 2,
  currentStatus: 1,
  countTotal: 100,
  countCompleted: 10,
  message: 'Report batch',
  detail: null,
  objectType: 3,
  objectID: null,
  seen: false,
  clicked: false,
  created: iso(NOW - HOUR),
  updated: iso(NOW - HOUR),
  ...overrides,
});

describe('isBatchRunning', () => {
  it('runs until completed or failed, whatever the counts', () => {
    expect(isBatchRunning(batch({}))).toBe(true);
    expect(isBatchRunning(batch({ completedDate: iso(NOW), reportsCompleted: 100 }))).toBe(false);
    expect(isBatchRunning(batch({ failed: true, completedDate: iso(NOW) }))).toBe(false);
  });
});

describe('batch refresh schedule', () => {
  it('refreshes every 10 s while a batch runs, every 3 s on the Batches page, and not at all otherwise', () => {
    expect(batchRefreshInterval([batch({})], false)).toBe(BATCH_REFRESH_MS.active);
    expect(batchRefreshInterval([batch({})], true)).toBe(3000);
    expect(batchRefreshInterval([batch({ completedDate: iso(NOW) })], true)).toBe(false);
    expect(batchRefreshInterval(undefined, true)).toBe(false);
  });

  it('re-reads only the days covering the two newest batches while one of them runs, else the whole history', () => {
    const newest = batch({ batchId: 3, createdDate: iso(NOW - HOUR) });
    const second = batch({ batchId: 2, createdDate: iso(NOW - 50 * HOUR), completedDate: iso(NOW - 40 * HOUR) });
    const old = batch({ batchId: 1, createdDate: iso(NOW - 200 * 24 * HOUR) });
    expect(batchRefreshDays([newest, second, old], NOW)).toBe(3);
    expect(batchRefreshDays([newest], NOW)).toBe(1);
    // An old batch still running is not among the newest two: the whole list is re-read.
    expect(batchRefreshDays([{ ...newest, completedDate: iso(NOW) }, second, old], NOW)).toBeNull();
    expect(batchRefreshDays([], NOW)).toBeNull();
  });

  it('merges a short re-read into the full list, newest first, adding new batches', () => {
    const all = [batch({ batchId: 2, createdDate: iso(NOW - HOUR) }), batch({ batchId: 1, createdDate: iso(NOW - 5 * HOUR) })];
    const fresh = [batch({ batchId: 3, createdDate: iso(NOW) }), batch({ batchId: 2, createdDate: iso(NOW - HOUR), reportsCompleted: 100, completedDate: iso(NOW) })];
    const merged = mergeBatches(all, fresh);
    expect(merged.map((item) => item.batchId)).toEqual([3, 2, 1]);
    expect(merged[1]?.completedDate).toBe(iso(NOW));
  });
});

describe('batch notices', () => {
  it('reads the batch list only for users with a running batch or an undismissed one of the last 24 hours', () => {
    expect(needsBatchNotices([], NOW)).toBe(false);
    expect(needsBatchNotices([task({ objectType: 4 })], NOW)).toBe(false);
    expect(needsBatchNotices([task({})], NOW)).toBe(true);
    expect(needsBatchNotices([task({ currentStatus: 2, updated: iso(NOW - 2 * HOUR) })], NOW)).toBe(true);
    expect(needsBatchNotices([task({ currentStatus: 2, updated: iso(NOW - 2 * HOUR), clicked: true })], NOW)).toBe(false);
    expect(needsBatchNotices([task({ currentStatus: 2, updated: iso(NOW - 25 * HOUR) })], NOW)).toBe(false);
  });

  it("says 'In Progress' with every running batch's reports added up while any runs", () => {
    const notice = batchNotice([batch({ batchId: 2, reportsCompleted: 200, reportsTotal: 1000 }), batch({ batchId: 1, reportsCompleted: 1000, reportsTotal: 9000 })], [], new Set(), NOW);
    expect(notice).toEqual({ kind: 'inProgress', batchCount: 2, reportsCompleted: 1200, reportsTotal: 10_000 });
    expect(batchProgressLabel(1200, 10_000)).toBe('1,200 of 10,000 reports');
    expect(batchProgressLabel(1, 1)).toBe('1 of 1 report');
  });

  it("says 'Complete!' for batches finished within 24 hours that were not dismissed, failed ones included", () => {
    const done = batch({ batchId: 3, taskStatusId: 53, completedDate: iso(NOW - 2 * HOUR), reportsCompleted: 100 });
    const failed = batch({ batchId: 2, taskStatusId: 52, completedDate: iso(NOW - HOUR), failed: true, detail: 'Not enough licences.' });
    const old = batch({ batchId: 1, taskStatusId: 51, completedDate: iso(NOW - 25 * HOUR), reportsCompleted: 100 });
    const notice = batchNotice([done, failed, old], [], new Set(), NOW);
    expect(notice?.kind).toBe('complete');
    if (notice?.kind !== 'complete') return;
    expect(notice.batches.map((item) => item.batchId)).toEqual([3, 2]);
    expect(notice.failed.map((item) => item.batchId)).toEqual([2]);
    expect(notice.reportsCompleted).toBe(110);

    expect(batchNotice([done, failed], [task({ taskStatusId: 53, clicked: true })], new Set([2]), NOW)).toBeNull();
  });
});

describe('batchReportsCsv', () => {
  it('lists the reports with their sites and defuses formulas in user text', () => {
    const csv = batchReportsCsv(
      batch({ batchId: 9, batchReports: [{ accountProductReportId: 501, siteId: 11 }, { accountProductReportId: 502, siteId: 12 }] }),
      (siteId) => (siteId === 11 ? { siteName: '=HYPERLINK("x")', street: '1 Main St, Suite 2', city: 'Austin', state: 'TX', zipCode: '78701', countryCode: 'USA' } : undefined),
    );
    expect(csv.split('\r\n')).toEqual([
      'Batch ID,Report ID,Site ID,Site Name,Street,City,State,Zip/Post Code,Country,Release Year',
      `9,501,11,"'=HYPERLINK(""x"")","1 Main St, Suite 2",Austin,TX,78701,USA,2025`,
      '9,502,12,,,,,,,2025',
      '',
    ]);
  });
});
