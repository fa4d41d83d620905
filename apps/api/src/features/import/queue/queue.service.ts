import {
  ALL_IMPORT_QUEUE_FILTERS,
  CURRENT_RELEASE_YEAR,
  IMPORT_ERROR_TEXT,
  IMPORT_WARNING_TEXT,
  ImportMessages,
  ImportQueueFilter,
  importErrorsOf,
  importQueueFilterOf,
  importStatusBit,
  importStatusesOf,
  importWarningsOf,
  type TImportMatch,
  type TImportQueueCounts,
  type TImportStatusDetail,
  type TQueuedImportSite,
  type TQueuedImportSiteWindow,
} from '@riskatlas/domain';
import type { DatabaseHandle } from '../../../db/client';
import type { ImportQueueRow } from '../../../db/schema/index';
import { AppError } from '../../../lib/app-error';
import type { AuthContext } from '../../../access/caller';
import { siteScope } from '../../../access/site-scope';
import { findScopedSiteRows } from '../../sites/index';
import { issuesWorkbook, queueWorkbook } from './queue-excel';
import { candidatesOf, presentQueuedSite } from './queue.presenter';
import { findLookAlikeRows, findQueueRow, listQueueFlags, listQueueRows, listQueueWindowRows, type QueueOwner } from './queue.repository';

/** What the queue reads need. */
export interface QueueReadDeps {
  database: DatabaseHandle;
}

/** The caller's own queue: the account acted in and the user. */
export function queueOwnerOf(auth: Pick<AuthContext, 'accountId' | 'userId'>): QueueOwner {
  return { accountId: auth.accountId, userId: auth.userId };
}

/** GET sites/import/queue: the caller's rows under the filter entries chosen (bits of ImportQueueFilter, default all), in row order. */
export async function listQueue(deps: QueueReadDeps, auth: AuthContext, selectionMode: number = ALL_IMPORT_QUEUE_FILTERS): Promise<TQueuedImportSite[]> {
  const rows = await listQueueRows(deps.database.db, queueOwnerOf(auth));
  return rows.filter((row) => (importQueueFilterOf(row) & selectionMode) !== 0).map(presentQueuedSite);
}

/**
 * GET sites/import/queue with limit: a window of the rows under the filter entries (from `offset`),
 * and how many there are in all, so the grid scrolls through a queue of 100,000 rows a window at a time.
 */
export async function listQueueWindow(deps: QueueReadDeps, auth: AuthContext, window: { selectionMode: number | undefined; offset: number; limit: number }): Promise<TQueuedImportSiteWindow> {
  const selectionMode = window.selectionMode ?? ALL_IMPORT_QUEUE_FILTERS;
  const { total, rows } = await listQueueWindowRows(deps.database.db, queueOwnerOf(auth), { selectionMode, offset: window.offset, limit: window.limit });
  return { total, offset: window.offset, rows: rows.map(presentQueuedSite) };
}

/** A workbook answer: its file name and bytes. */
export interface QueueWorkbook {
  filename: string;
  body: Buffer;
}

/** GET sites/import/queue?asExcel: the rows the grid shows as .xlsx, or (issuesOnly) 'Download rows with issues'. */
export async function queueAsExcel(deps: QueueReadDeps, auth: AuthContext, selectionMode: number | undefined, issuesOnly: boolean): Promise<QueueWorkbook> {
  const externalIdName = auth.account.externalIdName;
  if (issuesOnly) {
    const rows = (await listQueueRows(deps.database.db, queueOwnerOf(auth), { issues: true })).map(presentQueuedSite);
    return { filename: 'Import rows with issues.xlsx', body: await issuesWorkbook(rows, externalIdName) };
  }
  return { filename: 'Import queue.xlsx', body: await queueWorkbook(await listQueue(deps, auth, selectionMode), externalIdName) };
}

/** A row of the caller's queue, or 404 (another user's row is not theirs to see). */
export async function requireQueueRow(deps: QueueReadDeps, auth: AuthContext, id: number): Promise<ImportQueueRow> {
  const row = await findQueueRow(deps.database.db, queueOwnerOf(auth), id);
  if (!row) throw AppError.notFound(ImportMessages.queuedSiteNotFound);
  return row;
}

/** GET sites/import/queue/{id}. */
export async function getQueuedSite(deps: QueueReadDeps, auth: AuthContext, id: number): Promise<TQueuedImportSite> {
  return presentQueuedSite(await requireQueueRow(deps, auth, id));
}

const READY = importStatusBit('Ready');
const IMPORT = importStatusBit('Import');
const RESCORE = importStatusBit('Rescore');
const ATTACHMENT = importStatusBit('Attachment');

/**
 * GET sites/import/queue/counts. pending: rows being validated; exceptions: rows with an error;
 * warnings: rows with a warning and no error; complete: rows ready (with or without a warning),
 * split into import, rescore and attach; duplicateReports: ready rows whose matching site already
 * has a report for the current release.
 */
export async function queueCounts(deps: QueueReadDeps, auth: AuthContext): Promise<TImportQueueCounts> {
  const rows = await listQueueFlags(deps.database.db, queueOwnerOf(auth), CURRENT_RELEASE_YEAR);
  const counts: TImportQueueCounts = { total: rows.length, pending: 0, exceptions: 0, warnings: 0, complete: 0, rescore: 0, import: 0, attach: 0, duplicateReports: 0 };
  for (const row of rows) {
    const filter = importQueueFilterOf(row);
    if (row.statusFlags === 0) counts.pending += 1;
    else if (filter === ImportQueueFilter.IssueFound) counts.exceptions += 1;
    else {
      if (row.warningFlags !== 0 || filter === ImportQueueFilter.ContainsWarning) counts.warnings += 1;
      if ((row.statusFlags & READY) === 0) continue;
      counts.complete += 1;
      if ((row.statusFlags & RESCORE) !== 0) counts.rescore += 1;
      else if ((row.statusFlags & ATTACHMENT) !== 0) counts.attach += 1;
      else if ((row.statusFlags & IMPORT) !== 0) counts.import += 1;
      if (row.siteHasReport) counts.duplicateReports += 1;
    }
  }
  return counts;
}

/** One line of an address, from its parts. */
function addressLine(parts: readonly (string | null)[]): string {
  return parts.filter((part) => part && part.trim()).join(', ');
}

/** The message for matching sites the caller may not see: the single-site variant when the one match is hidden. */
function hiddenMatchesMessage(matches: readonly TImportMatch[]): string | null {
  const hidden = matches.filter((match) => !match.visible).length;
  if (hidden === 0) return null;
  return matches.length === 1 ? ImportMessages.existingSiteNotVisible : ImportMessages.matchesNotVisible;
}

/**
 * GET sites/import/queue/statusdetail/{id}: the row's statuses, errors and warnings in words, the
 * account's sites it matches (name, address and point only for the sites the caller may see; the
 * others are named by id with visible false and the permission message), the other rows of the
 * queue that look like the same site, and the geocode candidates.
 */
export async function queueStatusDetail(deps: QueueReadDeps, auth: AuthContext, id: number): Promise<TImportStatusDetail> {
  const { db } = deps.database;
  const row = await requireQueueRow(deps, auth, id);
  const scope = await siteScope(db, auth);
  const visible = new Map((await findScopedSiteRows(db, scope, row.matches.map((match) => match.siteId))).map((site) => [site.siteId, site]));
  const matches: TImportMatch[] = row.matches.map((match) => {
    const site = visible.get(match.siteId);
    return {
      siteId: match.siteId,
      siteName: site?.siteName ?? '',
      address: site ? addressLine([site.street, site.city, site.state, site.zipCode]) : '',
      latitude: site?.latitude ?? null,
      longitude: site?.longitude ?? null,
      similarity: Math.min(1, Math.max(0, match.similarity)),
      distanceMeters: match.distanceMeters,
      matchedBy: match.matchedBy,
      visible: site !== undefined,
    };
  });
  const alike = await findLookAlikeRows(db, queueOwnerOf(auth), row);
  return {
    queuedSiteId: row.id,
    statusDescription: row.statusDescription,
    statuses: importStatusesOf(row.statusFlags),
    errors: importErrorsOf(row.errorFlags).map((name) => ({ name, text: IMPORT_ERROR_TEXT[name] })),
    warnings: importWarningsOf(row.warningFlags).map((name) => ({ name, text: IMPORT_WARNING_TEXT[name] })),
    matches,
    matchesMessage: hiddenMatchesMessage(matches),
    queueMatches: alike.map((other) => ({ queuedSiteId: other.id, rowNumber: other.rowNumber, siteName: other.siteName, similarity: 1 })),
    geoCandidates: candidatesOf(row),
  };
}
