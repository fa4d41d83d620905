import { GeocoderFlag, IMPORT_FIELDS, ImportMessages, importErrorBit } from '@riskatlas/domain';
import type { ImportQueueRow } from '../../../db/schema/index';
import { loadJobCaller } from '../../../access/job-caller';
import type { JobContext } from '../../../platform/jobs/job-definition';
import { appGeocoder } from '../../geo/index';
import { IMPORT_RECHECK_JOB, type ImportRecheckPayload } from '../queue/queue-recheck.job';
import { readImportAccountFacts } from './account-facts';
import { checkedRowValues, jobGeocoderLog } from './process.job';
import { indexAccountSites, readPendingQueueRows, writeRecheckedRow } from './process.repository';
import { fuzzyNameKey, streetKey, type ImportRowFields } from './import-row';
import { ImportQueueState } from './queue-state';
import { findSitesMatchedInQueue, markRowsLeftBehindPending, readQueuePeers, recheckKeysOf, recheckSitesCondition } from './recheck-sites.repository';
import { checkQueueRows, type CheckedQueueRow, type QueueRowToCheck } from './row-check';
import { addedErrorChange } from './row-status';
import { fuzzyText } from './similarity';
import { SiteIndex } from './site-index';

/**
 * Re-checks of at most this many rows (an edit, a resolution, new options for a few rows) read only
 * the sites and queue rows that can match them, in SQL; larger ones read the account's sites and
 * the user's queue once, as processing does.
 */
const SMALL_RECHECK_ROWS = 200;

/** The run's queue memory seeded with the user's other rows, so the re-checked rows meet them as processing's rows meet earlier ones. */
function queueStateOf(peers: Awaited<ReturnType<typeof readQueuePeers>>): ImportQueueState {
  const state = new ImportQueueState();
  for (const peer of peers) {
    state.observe({ ...peer, fuzzyName: fuzzyText(fuzzyNameKey(peer.siteName)), fuzzyStreet: fuzzyText(streetKey(peer.street)) }, { byName: false, byAddress: false });
  }
  return state;
}

/** Gives a checked row an error found after its check (as processing's last look at the queue does in SQL). */
function withAddedError(row: CheckedQueueRow, name: Parameters<typeof addedErrorChange>[0]): CheckedQueueRow {
  const change = addedErrorChange(name);
  if ((row.errorFlags & change.errorBit) !== 0) return row;
  let description = row.statusDescription;
  for (const sentence of change.readySentences) description = description.replace(sentence, '');
  return {
    ...row,
    errorFlags: row.errorFlags | change.errorBit,
    statusFlags: (row.statusFlags & ~change.clearStatusBits) | change.setStatusBits,
    statusDescription: `${change.text} ${description.trim()}`.trim(),
  };
}

/**
 * The import queue's re-check (after an edit or new options): the rows still pending are checked
 * again as processing checks them — validated, placed, matched against the account's sites, and
 * against the user's other queue rows (a name another row has: DuplicateNameFound; a row alike:
 * DuplicateSiteInQueue; a site another row matches: SiteHasMultipleMatchesInQueue) — and their
 * outcome written. A row keeps the point the user chose (a pin or a candidate: geocoderFlags 64)
 * and the site the user accepted (acceptedSiteId); a match found by matching is found again, so an
 * edited name or address can match another site or none. Rows edited again meanwhile are left to
 * their own check. Idempotent: a retry checks what is still pending.
 */
export async function recheckQueueRows(context: JobContext<ImportRecheckPayload>, accountId: number, userId: number, rowIds: readonly number[]): Promise<void> {
  const { db, deps } = context;
  const owner = { accountId, userId };
  // Queue order, so the re-checked rows meet each other as processing would.
  const rows = (await readPendingQueueRows(db, owner, rowIds)).sort((a, b) => a.runId - b.runId || a.rowNumber - b.rowNumber);
  if (rows.length === 0) return;
  const caller = await loadJobCaller(db, { accountId, userId, impersonating: false });
  const ids = rows.map((row) => row.id);
  const keys = rows.length <= SMALL_RECHECK_ROWS ? recheckKeysOf(rows) : null;
  const only = keys ? recheckSitesCondition(keys) : undefined;
  const sites = only === null ? new SiteIndex([]) : await indexAccountSites(deps.database, accountId, only);
  const queue = queueStateOf(await readQueuePeers(db, owner, ids, keys));
  const toCheck: QueueRowToCheck[] = rows.map((row) => ({
    rowNumber: row.rowNumber,
    fields: fieldsOfQueueRow(row),
    geocoderFlags: row.geocoderFlags,
    updateFlags: row.updateFlags,
    acceptedSiteId: row.acceptedSiteId,
  }));
  const facts = await readImportAccountFacts(db, accountId);
  const checked = await checkQueueRows({ gazetteer: deps.gazetteer, geocode: appGeocoder(deps, jobGeocoderLog), sites, facts, queue }, caller, toCheck);
  // How many of the re-checked rows match each site: two of them sharing one is SiteHasMultipleMatchesInQueue too.
  const matchedCount = new Map<number, number>();
  for (const { siteId } of checked) if (siteId !== null) matchedCount.set(siteId, (matchedCount.get(siteId) ?? 0) + 1);
  const sharedWithOthers = await findSitesMatchedInQueue(db, owner, [...matchedCount.keys()], ids);
  const now = deps.now();
  for (const [index, row] of rows.entries()) {
    let outcome = checked[index]!;
    const siteId = outcome.siteId;
    if (siteId !== null && (sharedWithOthers.has(siteId) || (matchedCount.get(siteId) ?? 0) > 1)) outcome = withAddedError(outcome, 'SiteHasMultipleMatchesInQueue');
    const values = checkedRowValues(outcome);
    // A candidate the user chose keeps its precision (the check calls every kept point MANUAL).
    const chosenPoint = (row.geocoderFlags & GeocoderFlag.UserDefined) !== 0 && row.geocodePrecision !== '' && values.latitude === row.latitude && values.longitude === row.longitude;
    await writeRecheckedRow(db, owner, row, { ...values, incomingSiteId: row.incomingSiteId, ...(chosenPoint ? { geocodePrecision: row.geocodePrecision } : {}) }, now);
  }
  // After the outcomes are written, so the rows checked again see this row's new name and match.
  await recheckRowsLeftBehind(context, owner, rows, checked);
}

/**
 * The other rows whose queue error came from a name or a site a re-checked row no longer has (a
 * row renamed, or matched elsewhere): checked again too, so "Another row has this name" does not
 * outlive the clash. Only names and sites left behind start this, so two rows that still clash do
 * not re-check each other back and forth.
 */
async function recheckRowsLeftBehind(context: JobContext<ImportRecheckPayload>, owner: { accountId: number; userId: number }, rows: readonly ImportQueueRow[], checked: readonly CheckedQueueRow[]): Promise<void> {
  const nameKeys = rows.flatMap((row, index) => (row.nameKey && row.nameKey !== checked[index]!.nameKey ? [row.nameKey] : []));
  const siteIds = rows.flatMap((row, index) => (row.siteId !== null && row.siteId !== checked[index]!.siteId ? [row.siteId] : []));
  if ((nameKeys.length === 0 && siteIds.length === 0) || !context.jobs) return;
  const change = { duplicateNameBit: importErrorBit('DuplicateNameFound'), sharedSiteBit: importErrorBit('SiteHasMultipleMatchesInQueue'), description: ImportMessages.validating, now: context.deps.now() };
  const excludeIds = rows.map((row) => row.id);
  await context.jobs.transaction(async (tx, enqueue) => {
    const ids = await markRowsLeftBehindPending(tx, owner, { nameKeys, siteIds }, excludeIds, change);
    // A job names at most 10,000 rows.
    for (let start = 0; start < ids.length; start += 10_000) await enqueue(IMPORT_RECHECK_JOB, { ...owner, rowIds: ids.slice(start, start + 10_000) });
  });
}

/** A queue row's fields as a file row gives them: text, the coordinates written out ('' when none). */
function fieldsOfQueueRow(row: ImportQueueRow): ImportRowFields {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return Object.fromEntries(IMPORT_FIELDS.map((field) => [field, text(row[field])])) as ImportRowFields;
}
