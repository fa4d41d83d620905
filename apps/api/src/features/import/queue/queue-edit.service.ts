import {
  CHANGE_OPTIONS_MASK,
  ErrorCode,
  ImportMessages,
  MATCHING_FLAGS_MASK,
  GeocoderFlag,
  roundCoordinate,
  type TImportChangeOptionsRequest,
  type TImportQueueDeleteRequest,
  type TImportQueueEditRequest,
  type TQueuedImportSite,
} from '@riskatlas/domain';
import type { ImportQueueRow } from '../../../db/schema/index';
import { AppError } from '../../../lib/app-error';
import type { AuthContext } from '../../../access/caller';
import { siteScope } from '../../../access/site-scope';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { findScopedSiteIds } from '../../sites/index';
import { candidatesOf, presentQueuedSite } from './queue.presenter';
import { IMPORT_RECHECK_JOB, type ImportRecheckPayload } from './queue-recheck.job';
import { changeQueueOptions, countRowsWithIssues, deleteQueueRows, updateQueueRowPending, type QueueDeletion, type QueueRowPatch } from './queue.repository';
import { queueOwnerOf, requireQueueRow, type QueueReadDeps } from './queue.service';

/** What the queue's changes need. */
export interface QueueWriteDeps extends QueueReadDeps {
  jobs: Pick<JobQueue, 'transaction'>;
  now: () => Date;
}

/** The text fields an edit may change, as the request and the row name them. */
const TEXT_FIELDS = ['siteName', 'street', 'street2', 'city', 'state', 'zipCode', 'countryCode', 'tags', 'classifications', 'notes', 'externalId'] as const;

/** The row's fields as edited: text trimmed; coordinates given (null clears them) are the user's own point. */
function fieldEdits(body: TImportQueueEditRequest): QueueRowPatch {
  const patch: QueueRowPatch = {};
  for (const field of TEXT_FIELDS) {
    const value = body[field];
    if (value !== undefined) patch[field] = value.trim();
  }
  if (body.latitude !== undefined) patch.latitude = body.latitude === null ? null : roundCoordinate(body.latitude);
  if (body.longitude !== undefined) patch.longitude = body.longitude === null ? null : roundCoordinate(body.longitude);
  return patch;
}

/** A geocode candidate chosen: its address and point, with its precision. */
function candidateResolution(row: ImportQueueRow, index: number): QueueRowPatch {
  const candidate = candidatesOf(row)[index];
  if (!candidate) throw AppError.badRequest(ImportMessages.candidateNotFound, 'candidateIndex');
  return {
    street: candidate.Street,
    city: candidate.City,
    state: candidate.State,
    zipCode: candidate.PostalCode,
    countryCode: candidate.Country,
    latitude: candidate.Coordinates.Latitude,
    longitude: candidate.Coordinates.Longitude,
    geocodePrecision: candidate.precision,
  };
}

/**
 * The resolution an edit asks for, checked: a candidate, a pin (the user's point: MANUAL, and the
 * row's coordinates kept as given, geocoderFlags |= 64), a match accepted (one of the row's matches
 * or a site the caller may see, else 404), a match removed, or matching disabled for the row.
 */
async function resolution(deps: QueueReadDeps, auth: AuthContext, row: ImportQueueRow, body: TImportQueueEditRequest): Promise<QueueRowPatch> {
  let patch: QueueRowPatch = {};
  // A chosen candidate is the user's point, as a pin is: the re-check keeps it (64) instead of geocoding the address again.
  if (body.candidateIndex !== undefined) patch = { ...candidateResolution(row, body.candidateIndex), geocoderFlags: row.geocoderFlags | GeocoderFlag.UserDefined };
  if (body.pin) {
    patch = {
      ...patch,
      latitude: roundCoordinate(body.pin.latitude),
      longitude: roundCoordinate(body.pin.longitude),
      geocodePrecision: 'MANUAL',
      geocoderFlags: row.geocoderFlags | GeocoderFlag.UserDefined,
    };
  }
  // Refusing the match makes the row a new site: matching is turned off for it, or the re-check would find the same site again.
  if (body.matchSiteId === null) patch = { ...patch, siteId: null, acceptedSiteId: null, matches: [], geocoderFlags: (patch.geocoderFlags ?? row.geocoderFlags) & ~MATCHING_FLAGS_MASK };
  else if (body.matchSiteId !== undefined) {
    const matchSiteId = body.matchSiteId;
    const known = row.matches.some((match) => match.siteId === matchSiteId);
    const visible = known || (await findScopedSiteIds(deps.database.db, await siteScope(deps.database.db, auth), [matchSiteId])).has(matchSiteId);
    if (!visible) throw AppError.notFound(ImportMessages.matchNotFound);
    // Accepted by the user: the re-check keeps this match even when the row's name or address change.
    patch = { ...patch, siteId: matchSiteId, acceptedSiteId: matchSiteId };
  }
  if (body.disableMatching) {
    patch = { ...patch, siteId: null, acceptedSiteId: null, matches: [], geocoderFlags: (patch.geocoderFlags ?? row.geocoderFlags) & ~MATCHING_FLAGS_MASK };
  }
  return patch;
}

/** Starts the re-check of rows of the caller's queue in the transaction that made them pending. */
function recheckPayload(auth: AuthContext, rowIds?: number[]): ImportRecheckPayload {
  return rowIds ? { accountId: auth.accountId, userId: auth.userId, rowIds } : { accountId: auth.accountId, userId: auth.userId };
}

/**
 * POST sites/import/queue/edit: applies the fields edited and the resolution to a row of the
 * caller's queue (another user's row → 404), makes it pending — statusFlags, errorFlags and
 * warningFlags 0, 'Validating' — and starts its re-check, together. Answers the row as it now is
 * (pending), for the grid to show at once.
 */
export async function editQueuedSite(deps: QueueWriteDeps, auth: AuthContext, body: TImportQueueEditRequest): Promise<TQueuedImportSite> {
  const row = await requireQueueRow(deps, auth, body.queuedSiteId);
  const patch = { ...fieldEdits(body), ...(await resolution(deps, auth, row, body)) };
  // Coordinates typed in are the user's own point, as a pin is.
  if ((body.latitude !== undefined || body.longitude !== undefined) && patch.geocodePrecision === undefined) {
    patch.geocodePrecision = patch.latitude === null || patch.longitude === null ? '' : 'MANUAL';
  }
  const edited = await deps.jobs.transaction(async (tx, enqueue) => {
    const updated = await updateQueueRowPending(tx, queueOwnerOf(auth), row.id, patch, ImportMessages.validating, deps.now());
    if (!updated) throw AppError.notFound(ImportMessages.queuedSiteNotFound);
    await enqueue(IMPORT_RECHECK_JOB, recheckPayload(auth, [row.id]));
    return updated;
  });
  return presentQueuedSite(edited);
}

/**
 * POST sites/import/queue/changeoptions: the rows named (every row when none are) get the new
 * matching bits (the rest of geocoderFlags kept: masked with -897) and updateFlags, become pending
 * and are checked again. A failure answers 'Options could not be saved.'.
 */
export async function changeQueueOptionsFor(deps: QueueWriteDeps, auth: AuthContext, body: TImportChangeOptionsRequest): Promise<{ ok: true; changed: number }> {
  try {
    const changed = await deps.jobs.transaction(async (tx, enqueue) => {
      const count = await changeQueueOptions(
        tx,
        queueOwnerOf(auth),
        body.queuedSiteIds,
        { keepMask: CHANGE_OPTIONS_MASK, matchingFlags: body.geocoderFlags & MATCHING_FLAGS_MASK, updateFlags: body.updateFlags },
        ImportMessages.validating,
        deps.now(),
      );
      if (count > 0) await enqueue(IMPORT_RECHECK_JOB, recheckPayload(auth));
      return count;
    });
    return { ok: true, changed };
  } catch (error) {
    throw new AppError(error instanceof AppError ? error.code : ErrorCode.Internal, ImportMessages.optionsNotSaved, { cause: error });
  }
}

/** The rows a deletion request names. */
function deletionOf(body: TImportQueueDeleteRequest): QueueDeletion {
  if (body.deleteMode === 1) return { kind: 'issues' };
  if (body.deleteMode === 2) return { kind: 'all' };
  if (!body.queuedSiteIds || body.queuedSiteIds.length === 0) throw AppError.badRequest(ImportMessages.noItemsSelected, 'queuedSiteIds');
  return { kind: 'ids', ids: body.queuedSiteIds };
}

/**
 * POST sites/import/queue/delete: deleteMode 1 removes every row with an error or a warning ('There
 * are no items that currently have issues.' when there is none), 2 every row, otherwise the rows
 * named — of the caller's queue only (ids of other users' rows are left alone). A failure answers
 * 'Sites could not be deleted from the site queue.'.
 */
export async function deleteQueuedSites(deps: QueueWriteDeps, auth: AuthContext, body: TImportQueueDeleteRequest): Promise<{ deleted: number }> {
  const deletion = deletionOf(body);
  const owner = queueOwnerOf(auth);
  if (deletion.kind === 'issues' && (await countRowsWithIssues(deps.database.db, owner)) === 0) throw AppError.badRequest(ImportMessages.noItemsWithIssues, 'deleteMode');
  try {
    return { deleted: await deleteQueueRows(deps.database.db, owner, deletion) };
  } catch (error) {
    throw new AppError(ErrorCode.Internal, ImportMessages.queueDeleteFailed, { cause: error });
  }
}
