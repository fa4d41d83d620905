import type { Transaction } from '../../db/client';
import type { Caller } from '../../access/caller';
import type { SiteScope } from '../../access/site-scope';
import { recordAudit } from '../../platform/audit/audit.repository';
import { findScopedSiteRows } from '../sites/index';
import type { BatchUnit } from './batch-plan';
import { addBatchReports, findSiteReleaseReports } from './batches.repository';
import { backdateFeeFor, type ReportOrder } from './report-order';
import type { ScoringDeps } from './report-scoring';
import { draftReports, writeReports } from './report-writer';
import { deleteReports } from './reports.repository';

/** One batch as its chunks write it. */
export interface BatchChunkTarget {
  caller: Caller;
  scope: SiteScope;
  order: ReportOrder;
  batchId: number;
  /** Reports in the whole batch (the backdating rule counts them). */
  batchSize: number;
}

/**
 * Writes one chunk of a batch in the chunk's transaction: the reports it replaces deleted, the
 * new reports scored and written with their licence debit (writeReports, the same writer as
 * single reports), and the batch's own rows and progress. A site deleted since the batch started
 * gets no report. Answers how many reports the chunk created.
 */
export async function writeBatchChunk(deps: ScoringDeps & { now: () => Date }, tx: Transaction, target: BatchChunkTarget, chunk: readonly BatchUnit[]): Promise<number> {
  const { caller, order, batchId } = target;
  const sites = new Map((await findScopedSiteRows(tx, target.scope, [...new Set(chunk.map((unit) => unit.siteId))])).map((site) => [site.siteId, site]));
  const items = chunk.flatMap((unit) => {
    const site = sites.get(unit.siteId);
    return site ? [{ site, release: unit.release }] : [];
  });
  const { drafts } = draftReports(deps, order, items);
  for (const draft of drafts) draft.feeProductId = backdateFeeFor(caller, { ...order, requestedRelease: draft.scored.releaseYear }, draft.scored.countryId, target.batchSize);

  const now = deps.now();
  const replacing = chunk.filter((unit) => unit.replace && sites.has(unit.siteId));
  if (replacing.length > 0) {
    const keys = new Set(replacing.map((unit) => `${unit.siteId}:${unit.release}`));
    const old = (await findSiteReleaseReports(tx, caller.accountId, replacing.map((unit) => unit.siteId))).filter((report) => keys.has(`${report.siteId}:${report.releaseYear}`));
    const gone = await deleteReports(tx, caller.accountId, old.map((report) => report.accountProductReportId));
    if (gone.length > 0) {
      await recordAudit(tx, {
        accountId: caller.accountId,
        actorUserId: caller.userId,
        action: 'reports.deleted',
        targetType: 'batch',
        targetId: String(batchId),
        detail: { reason: 'Replaced by a report batch', count: gone.length, accountProductReportIds: gone.map((report) => report.accountProductReportId) },
      });
    }
  }
  const written = await writeReports(tx, caller, order, drafts, now);
  await addBatchReports(tx, caller.accountId, batchId, written.ids);
  return written.ids.length;
}
