import {
  IMPORT_ERROR_TEXT,
  ImportMessages,
  importErrorBit,
  importStatusBit,
  isValidGeocode,
  roundCoordinate,
  splitTags,
  UpdateFlag,
  type CountryId,
  type ImportErrorName,
} from '@riskatlas/domain';
import type { Gazetteer } from '@riskatlas/geo';
import type { ImportQueueRow, SiteRow } from '../../../db/schema/index';
import type { Caller } from '../../../access/caller';
import { describeLocation } from '../../geo/index';
import type { PreparedSite } from '../../sites/index';
import type { ClassificationLookup } from '../classifications';
import type { ImportedSiteUpdate, RefusedRow } from './submit.repository';

/**
 * What one chunk of submitted rows does, decided before anything is written: the sites created
 * (rows without a matching site), the matched sites' new values per the rows' updateFlags, the
 * sites whose current-release report goes (65536), and the rows refused after all (a name taken
 * meanwhile, no usable point, the matching site gone), which stay in the queue with their reason.
 */
export interface ChunkPlan {
  creations: PreparedSite[];
  /** The row each creation comes from (creations[i] from creationRowIds[i]). */
  creationRowIds: number[];
  updates: ImportedSiteUpdate[];
  reportDeletions: number[];
  refused: RefusedRow[];
  /** The rows that leave the queue: every row created or updated. */
  submittedRowIds: number[];
}

/** What planning reads besides the rows. */
export interface PlanContext {
  caller: Caller;
  gazetteer: Gazetteer;
  /** Name keys sites of the account already have. */
  takenNameKeys: Set<string>;
  /** The matched sites the caller may see, by id. */
  matchedSites: Map<number, SiteRow>;
  /** The account's classifications: a row's names and ids resolved; others are left out. */
  classifications: ClassificationLookup;
  now: Date;
}

/** The key site names are unique by in an account (as site creation keys them). */
const nameKeyOf = (name: string) => name.trim().toLowerCase();
/** Stored free text: trimmed, empty as null. */
const textOrNull = (value: string) => value.trim() || null;

const REFUSED_STATUS = importStatusBit('Processed') | importStatusBit('Error');

/** A row refused with one of the import errors. */
function refusal(row: ImportQueueRow, error: ImportErrorName): RefusedRow {
  return { id: row.id, statusFlags: REFUSED_STATUS, errorFlags: importErrorBit(error), statusDescription: IMPORT_ERROR_TEXT[error] };
}


/** The row's point and what the gazetteer knows of it, or the error that keeps it from being a site. */
function placeOf(gazetteer: Gazetteer, row: ImportQueueRow): { error: ImportErrorName } | { latitude: number; longitude: number; countryId: CountryId; facts: ReturnType<typeof describeLocation> } {
  if (!isValidGeocode(row.latitude, row.longitude)) return { error: 'GeocodeInvalid' };
  const latitude = roundCoordinate(row.latitude!);
  const longitude = roundCoordinate(row.longitude!);
  const facts = describeLocation(gazetteer, latitude, longitude);
  if (facts.countryId === null) return { error: 'NotScorable' };
  return { latitude, longitude, countryId: facts.countryId, facts };
}

/** A site's point columns from a row's place. */
function pointColumns(row: ImportQueueRow, place: Exclude<ReturnType<typeof placeOf>, { error: ImportErrorName }>) {
  return {
    countryId: place.countryId,
    latitude: place.latitude,
    longitude: place.longitude,
    admin1Code: place.facts.admin1Code,
    ct: place.facts.ct,
    county: place.facts.county?.name ?? null,
    countyCode: place.facts.county?.id ?? null,
    geocodeType: row.geocodePrecision || 'MANUAL',
  };
}

/** Claims a name key for this chunk; false when a site (or an earlier row) has it. */
function claimName(context: PlanContext, nameKey: string): boolean {
  if (context.caller.account.createSitesInLegacyMode) return true;
  if (context.takenNameKeys.has(nameKey)) return false;
  context.takenNameKeys.add(nameKey);
  return true;
}

/** A new site from a row, as POST sites would make it from the same fields. */
function creationOf(context: PlanContext, row: ImportQueueRow): PreparedSite | ImportErrorName {
  const siteName = row.siteName.trim();
  if (!siteName) return 'SiteNameRequired';
  const place = placeOf(context.gazetteer, row);
  if ('error' in place) return place.error;
  const nameKey = nameKeyOf(siteName);
  if (!claimName(context, nameKey)) return 'SiteNameAlreadyExists';
  return {
    accountId: context.caller.accountId,
    siteName,
    nameKey: context.caller.account.createSitesInLegacyMode ? null : nameKey,
    notes: textOrNull(row.notes),
    tags: splitTags(row.tags),
    street: textOrNull(row.street),
    street2: textOrNull(row.street2),
    city: textOrNull(row.city),
    state: textOrNull(row.state),
    zipCode: textOrNull(row.zipCode),
    ...pointColumns(row, place),
    externalId: textOrNull(row.externalId),
    classificationIds: context.classifications.resolve(row.classifications).ids,
    created: context.now,
    createdByUserId: context.caller.userId,
  };
}

/** The editable columns of a site as stored. */
function currentValues(site: SiteRow | ImportedSiteUpdate): ImportedSiteUpdate {
  const { siteId, siteName, nameKey, notes, tags, classificationIds, street, street2, city, state, zipCode, countryId, latitude, longitude, admin1Code, ct, county, countyCode, externalId, geocodeType } = site;
  return { siteId, siteName, nameKey, notes, tags, classificationIds, street, street2, city, state, zipCode, countryId, latitude, longitude, admin1Code, ct, county, countyCode, externalId, geocodeType };
}

/** Notes appended: the old, a line break, the new (either alone when the other is empty). */
function appendedNotes(old: string | null, added: string): string | null {
  const extra = added.trim();
  if (!extra) return old;
  return old ? `${old}\n${extra}` : extra;
}

/** A matched site's new values under the row's updateFlags (1 name, 2/128 notes, 4/8 tags, 16 classifications, 32 address, 64 geocode, 256 external id). */
function updateOf(context: PlanContext, row: ImportQueueRow, site: ImportedSiteUpdate): ImportedSiteUpdate | ImportErrorName {
  const flags = row.updateFlags;
  const has = (flag: number) => (flags & flag) !== 0;
  const next = { ...site };
  if (has(UpdateFlag.ReplaceSiteName) && row.siteName.trim() && row.siteName.trim() !== site.siteName) {
    const nameKey = nameKeyOf(row.siteName);
    if (nameKey !== nameKeyOf(site.siteName) && !claimName(context, nameKey)) return 'SiteNameAlreadyExists';
    next.siteName = row.siteName.trim();
    next.nameKey = context.caller.account.createSitesInLegacyMode ? null : nameKey;
  }
  if (has(UpdateFlag.ReplaceNotes)) next.notes = textOrNull(row.notes);
  else if (has(UpdateFlag.AppendNotes)) next.notes = appendedNotes(site.notes, row.notes);
  if (has(UpdateFlag.ReplaceTags)) next.tags = splitTags(row.tags);
  else if (has(UpdateFlag.AppendTags)) next.tags = splitTags([...site.tags, row.tags]);
  if (has(UpdateFlag.ReplaceClassifications)) next.classificationIds = context.classifications.resolve(row.classifications).ids;
  if (has(UpdateFlag.ReplaceAddress)) {
    next.street = textOrNull(row.street);
    next.street2 = textOrNull(row.street2);
    next.city = textOrNull(row.city);
    next.state = textOrNull(row.state);
    next.zipCode = textOrNull(row.zipCode);
  }
  if (has(UpdateFlag.ReplaceGeocode)) {
    const place = placeOf(context.gazetteer, row);
    if ('error' in place) return place.error;
    Object.assign(next, pointColumns(row, place));
  }
  if (has(UpdateFlag.ReplaceExternalId)) next.externalId = textOrNull(row.externalId);
  return next;
}

/** Plans a chunk of submitted rows (see ChunkPlan). Rows matching the same site apply one after another. */
export function planChunk(context: PlanContext, rows: readonly ImportQueueRow[]): ChunkPlan {
  const plan: ChunkPlan = { creations: [], creationRowIds: [], updates: [], reportDeletions: [], refused: [], submittedRowIds: [] };
  const updated = new Map<number, ImportedSiteUpdate>();
  for (const row of rows) {
    if (row.siteId === null) {
      const creation = creationOf(context, row);
      if (typeof creation === 'string') plan.refused.push(refusal(row, creation));
      else {
        plan.creations.push(creation);
        plan.creationRowIds.push(row.id);
        plan.submittedRowIds.push(row.id);
      }
      continue;
    }
    const stored = updated.get(row.siteId) ?? context.matchedSites.get(row.siteId);
    if (!stored) {
      plan.refused.push({ id: row.id, statusFlags: REFUSED_STATUS, errorFlags: 0, statusDescription: ImportMessages.matchNotFound });
      continue;
    }
    const next = updateOf(context, row, currentValues(stored));
    if (typeof next === 'string') {
      plan.refused.push(refusal(row, next));
      continue;
    }
    updated.set(row.siteId, next);
    if ((row.updateFlags & UpdateFlag.DeleteExistingReport) !== 0) plan.reportDeletions.push(row.siteId);
    plan.submittedRowIds.push(row.id);
  }
  plan.updates = [...updated.values()];
  return plan;
}

/**
 * Keeps the first `room` creations of a plan and refuses the rest with `message` (the site-only
 * limit's words): they stay in the queue, marked, while the other rows go ahead.
 */
export function refuseCreationsBeyond(plan: ChunkPlan, room: number, message: string): void {
  if (plan.creations.length <= room) return;
  const refusedIds = new Set(plan.creationRowIds.slice(room));
  plan.creations.splice(room);
  plan.creationRowIds.splice(room);
  plan.submittedRowIds = plan.submittedRowIds.filter((id) => !refusedIds.has(id));
  for (const id of refusedIds) plan.refused.push({ id, statusFlags: REFUSED_STATUS, errorFlags: 0, statusDescription: message });
}
