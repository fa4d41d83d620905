import { ZBatch, type TBatch } from '@riskatlas/domain';

/** A batch as GET reports/batch/status presents it, parsed through the contract. Test input only. */
export function makeBatch(overrides: Partial<TBatch> = {}): TBatch {
  return ZBatch.parse({
    batchId: 1,
    userId: 1,
    submittedBy: 'Avery Admin',
    createdDate: '2026-03-02T08:00:00.000Z',
    completedDate: null,
    reportsTotal: 10_000,
    reportsCompleted: 1_200,
    failed: false,
    detail: null,
    taskStatusId: 70,
    summary: { releaseYear: 2025, countryCode: 'USA', reportType: 0 },
    batchReports: [],
    ...overrides,
  });
}
