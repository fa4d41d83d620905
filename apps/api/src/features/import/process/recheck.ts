import { GeocoderFlag, IMPORT_FIELDS } from '@riskatlas/domain';
import type { ImportQueueRow } from '../../../db/schema/index';
import { loadJobCaller } from '../../../access/job-caller';
import type { JobContext } from '../../../platform/jobs/job-definition';
import { appGeocoder } from '../../geo/index';
import type { ImportRecheckPayload } from '../queue/queue-recheck.job';
import { checkedRowValues, jobGeocoderLog } from './process.job';
import { indexAccountSites, readPendingQueueRows, writeRecheckedRow } from './process.repository';
import type { ImportRowFields } from './import-row';
import { checkQueueRows, type QueueRowToCheck } from './row-check';

/**
 * The import queue's re-check (after an edit or new options): the rows still pending are checked
 * again as processing checks them — validated, placed, matched against the account's sites — and
 * their outcome written. A row keeps the point the user chose (a pin or a candidate: geocoderFlags
 * 64) and the site the user accepted (its siteId). Rows edited again meanwhile are left to their
 * own check. Idempotent: a retry checks what is still pending.
 */
export async function recheckQueueRows(context: JobContext<ImportRecheckPayload>, accountId: number, userId: number, rowIds: readonly number[]): Promise<void> {
  const { db, deps } = context;
  const owner = { accountId, userId };
  const rows = await readPendingQueueRows(db, owner, rowIds);
  if (rows.length === 0) return;
  const caller = await loadJobCaller(db, { accountId, userId, impersonating: false });
  const toCheck: QueueRowToCheck[] = rows.map((row) => ({
    rowNumber: row.rowNumber,
    fields: fieldsOfQueueRow(row),
    geocoderFlags: row.geocoderFlags,
    updateFlags: row.updateFlags,
    acceptedSiteId: row.siteId,
  }));
  const checked = await checkQueueRows({ gazetteer: deps.gazetteer, geocode: appGeocoder(deps, jobGeocoderLog), sites: await indexAccountSites(deps.database, accountId) }, caller, toCheck);
  const now = deps.now();
  for (const [index, row] of rows.entries()) {
    const values = checkedRowValues(checked[index]!);
    // A candidate the user chose keeps its precision (the check calls every kept point MANUAL).
    const chosenPoint = (row.geocoderFlags & GeocoderFlag.UserDefined) !== 0 && row.geocodePrecision !== '' && values.latitude === row.latitude && values.longitude === row.longitude;
    await writeRecheckedRow(db, owner, row, { ...values, incomingSiteId: row.incomingSiteId, ...(chosenPoint ? { geocodePrecision: row.geocodePrecision } : {}) }, now);
  }
}

/** A queue row's fields as a file row gives them: text, the coordinates written out ('' when none). */
function fieldsOfQueueRow(row: ImportQueueRow): ImportRowFields {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return Object.fromEntries(IMPORT_FIELDS.map((field) => [field, text(row[field])])) as ImportRowFields;
}
