import { IMPORT_LOCATION_STATUS_TEXT, importStatusBit, matchingModeOf, SITE_MOVED_TOO_FAR_KM, UpdateFlag, type CountryId, type TGeocodeCandidate } from '@riskatlas/domain';
import { haversineMeters } from '@riskatlas/geo';
import type { Caller } from '../../../access/caller';
import type { StoredImportMatch } from '../../../db/schema/index';
import type { ClassificationLookup } from '../classifications';
import type { ImportAccountFacts } from './account-facts';
import { importAddressKey, importNameKey, fuzzyNameKey, streetKey, type ImportRowFields, type ImportRowInput } from './import-row';
import type { ImportQueueState } from './queue-state';
import { placeRow, type PlaceDeps, type RowPlace } from './row-place';
import { alikeText, importStatusDescription, importStatusFlags, RowFindings, type ImportRowKind } from './row-status';
import { fuzzyText, NEAR_MATCH_THRESHOLD, textSimilarity, type FuzzyText } from './similarity';
import type { IndexedSite, SiteIndex } from './site-index';

/** A row to check: its fields and the options it is processed with. */
export interface QueueRowToCheck extends ImportRowInput {
  /** Matching mode, acceptFirstCandidate, forceZipLevelPrecision, and 64 to keep the file's coordinates. */
  geocoderFlags: number;
  /** What a matching site gets from the row on submit (kept as given). */
  updateFlags: number;
  /** A site the user chose as the row's match (queue edit): it is the match, whatever matching would find. */
  acceptedSiteId?: number | null;
}

/** A row checked: everything the queue stores of it. */
export interface CheckedQueueRow {
  rowNumber: number;
  fields: ImportRowFields;
  countryId: CountryId | null;
  latitude: number | null;
  longitude: number | null;
  /** The existing site the row matches and will update; null = a new site. */
  siteId: number | null;
  statusFlags: number;
  errorFlags: number;
  warningFlags: number;
  updateFlags: number;
  geocoderFlags: number;
  statusDescription: string;
  geocodePrecision: RowPlace['precision'];
  geoCandidates: TGeocodeCandidate[];
  matches: StoredImportMatch[];
  nameKey: string;
  addressKey: string;
}

/** What checking rows needs: placing, the account's sites, and (in a processing run) the queue so far. */
export interface ImportCheckDeps extends PlaceDeps {
  sites: SiteIndex;
  /** The account's classifications and which matched sites have a current-release report. */
  facts: ImportAccountFacts;
  /** The run's memory of earlier rows; without it a row is checked against the account only (a re-check of one edited row). */
  queue?: ImportQueueState;
}

/** A row's normalised name and address, computed once for every comparison. */
interface RowKeys {
  nameKey: string;
  fuzzyName: FuzzyText;
  fuzzyStreet: FuzzyText;
  addressKey: string;
}

function rowKeys(fields: ImportRowFields): RowKeys {
  const street = streetKey(fields.street);
  return { nameKey: importNameKey(fields.siteName), fuzzyName: fuzzyText(fuzzyNameKey(fields.siteName)), fuzzyStreet: fuzzyText(street), addressKey: importAddressKey(fields, street) };
}

/** Rows placed at once: an external geocoder answers several requests in parallel; the embedded one does not mind. */
const PLACE_CONCURRENCY = 16;
/** A matching site farther than this from the row's point is flagged (MatchingSiteDoesNotMatchLocation, SiteHasMovedTooFar). */
const FAR_MATCH_METERS = SITE_MOVED_TOO_FAR_KM * 1000;
/** Most sites kept in a row's matches. */
const MAX_MATCHES = 20;

function exactMatches(sites: SiteIndex, row: QueueRowToCheck, nameKey: string, addressKey: string): { found: IndexedSite[]; matchedBy: StoredImportMatch['matchedBy'] } {
  const accepted = row.acceptedSiteId ? sites.withSiteId(row.acceptedSiteId) : undefined;
  if (accepted) return { found: [accepted], matchedBy: 'siteId' };
  const mode = matchingModeOf(row.geocoderFlags);
  if (mode === 'none') return { found: [], matchedBy: 'name' };
  const byExternalId = sites.withExternalId(row.fields.externalId);
  if (byExternalId.length > 0) return { found: [...byExternalId], matchedBy: 'externalId' };
  const byName = mode === 'address' ? [] : sites.withName(nameKey);
  const byAddress = mode === 'name' ? [] : sites.withAddress(addressKey);
  switch (mode) {
    case 'name':
      return { found: [...byName], matchedBy: 'name' };
    case 'address':
      return { found: [...byAddress], matchedBy: 'address' };
    case 'nameAndAddress':
      return { found: byName.filter((site) => byAddress.includes(site)), matchedBy: 'name' };
    default: {
      const union = [...byName];
      for (const site of byAddress) if (!union.includes(site)) union.push(site);
      return { found: union, matchedBy: byName.length > 0 ? 'name' : 'address' };
    }
  }
}

/** Sites of the row's zip or city alike enough by name and/or address (as the matching mode says), best first. */
function nearMatches(sites: SiteIndex, row: QueueRowToCheck, keys: RowKeys): Array<{ site: IndexedSite; similarity: number; matchedBy: 'name' | 'address' }> {
  const mode = matchingModeOf(row.geocoderFlags);
  if (mode === 'none') return [];
  const { fuzzyName: name, fuzzyStreet: street } = keys;
  const out: Array<{ site: IndexedSite; similarity: number; matchedBy: 'name' | 'address' }> = [];
  for (const site of sites.near(row.fields)) {
    const byName = mode !== 'address' && name.text ? textSimilarity(name, site.fuzzyName) : 0;
    const byAddress = mode !== 'name' && street.text && site.fuzzyStreet.text ? textSimilarity(street, site.fuzzyStreet) : 0;
    const alike = mode === 'nameAndAddress' ? Math.min(byName, byAddress) : Math.max(byName, byAddress);
    if (alike >= NEAR_MATCH_THRESHOLD) out.push({ site, similarity: alike, matchedBy: byName >= byAddress ? 'name' : 'address' });
  }
  return out.sort((a, b) => b.similarity - a.similarity).slice(0, 3);
}

const distanceTo = (place: RowPlace, site: IndexedSite): number | null =>
  place.latitude === null || place.longitude === null ? null : Math.round(haversineMeters(place.latitude, place.longitude, site.latitude, site.longitude));

const storedMatch = (site: IndexedSite, place: RowPlace, similarity: number, matchedBy: StoredImportMatch['matchedBy']): StoredImportMatch => ({
  siteId: site.siteId,
  similarity,
  distanceMeters: distanceTo(place, site),
  matchedBy,
});

/**
 * Matches a placed row against the account's sites: one exact match is the site the row updates
 * (Rescore when it has reports, else Attachment; SiteAlreadyExists), several are
 * MultipleMatchesFound; a name another site holds that the row does not match is
 * SiteNameAlreadyExists (unless the account allows duplicate names); without an exact match, a
 * near one (fuzzy name or address within the zip or city) is a SiteAlreadyExists warning with its
 * similarity.
 */
function matchRow(sites: SiteIndex, auth: Caller, row: QueueRowToCheck, place: RowPlace, keys: RowKeys, findings: RowFindings): RowMatch {
  const { found, matchedBy } = exactMatches(sites, row, keys.nameKey, keys.addressKey);
  let site: IndexedSite | null = null;
  let siteId: number | null = null;
  let kind: ImportRowKind = 'Import';
  let matches: StoredImportMatch[] = [];
  if (found.length === 1) {
    site = found[0]!;
    siteId = site.siteId;
    kind = site.hasReports ? 'Rescore' : 'Attachment';
    findings.warning('SiteAlreadyExists');
    matches = [storedMatch(site, place, 1, matchedBy)];
    findings.notes.push(`It matches the site '${site.siteName}'.`);
    if (place.countryId !== null && site.countryId !== place.countryId) findings.error('MatchIsInWrongCountry');
    const distance = matches[0]!.distanceMeters;
    if (distance !== null && distance > FAR_MATCH_METERS) findings.warning('MatchingSiteDoesNotMatchLocation');
    // The matching site has a location already: the row can update it without one of its own.
    if (findings.hasError('GeocodingFailed')) {
      findings.clearError('GeocodingFailed');
      findings.warning('GeocodingFailedButMatchFound');
    }
  } else if (found.length > 1) {
    findings.error('MultipleMatchesFound');
    matches = found.slice(0, MAX_MATCHES).map((site) => storedMatch(site, place, 1, matchedBy));
  }
  if (!auth.account.createSitesInLegacyMode && keys.nameKey) {
    const holder = sites.withName(keys.nameKey).find((site) => !found.includes(site));
    if (holder && found.length <= 1) {
      findings.error('SiteNameAlreadyExists');
      matches.push(storedMatch(holder, place, 1, 'name'));
    }
  }
  if (found.length === 0 && matches.length === 0) {
    const near = nearMatches(sites, row, keys);
    if (near.length > 0) {
      findings.warning('SiteAlreadyExists');
      matches = near.map(({ site, similarity, matchedBy: by }) => storedMatch(site, place, similarity, by));
      findings.notes.push(`It looks like the site '${near[0]!.site.siteName}' (${alikeText(near[0]!.similarity)}).`);
    }
  }
  return { site, siteId, kind, matches };
}

/** What matching found: the one site the row updates (null: a new site), what it will do, the sites it looks like. */
interface RowMatch {
  site: IndexedSite | null;
  siteId: number | null;
  kind: ImportRowKind;
  matches: StoredImportMatch[];
}

/** A covered country the account is not licensed for (accounts.licensed_country_ids; null = every covered country). */
function checkLicence(auth: Caller, countryId: CountryId | null, findings: RowFindings): void {
  const licensed = auth.account.licensedCountryIds;
  if (countryId !== null && licensed !== null && !licensed.includes(countryId)) findings.error('CountryNotLicensed');
}

/** Classifications the row gives that the account does not have (by id or name), when the row would set them: a new site, or 16 replace classifications. */
function checkClassifications(lookup: ClassificationLookup, row: QueueRowToCheck, siteId: number | null, findings: RowFindings): void {
  if (siteId !== null && (row.updateFlags & UpdateFlag.ReplaceClassifications) === 0) return;
  const { unknown } = lookup.resolve(row.fields.classifications);
  if (unknown.length === 0) return;
  findings.warning('ClassificationNotFound');
  findings.notes.push(`Not a classification of the account: ${unknown.map((entry) => `'${entry}'`).join(', ')}.`);
}

/**
 * What the row does to the site it updates, by its updateFlags: moving a site (32, 64) that has a
 * report of the current release needs 65536 (the report deleted), else
 * SiteHasReportInCurrentReleaseYear — the report would describe a place the site no longer is, and
 * the release allows no second one; a row that changes only names, notes or tags passes;
 * replacing the address or geocode (32, 64) of a site with reports more than SITE_MOVED_TOO_FAR_KM
 * away is SiteHasMovedTooFar (its reports would describe another place). Answers the location
 * statuses: WillUpdateAddress (32), WillKeepGeocode (32 without 64: the new address, the old point).
 */
function checkSiteUpdate(row: QueueRowToCheck, match: RowMatch, reportedThisRelease: ReadonlySet<number>, findings: RowFindings): number {
  const site = match.site;
  if (!site) return 0;
  const has = (flag: number) => (row.updateFlags & flag) !== 0;
  const moves = has(UpdateFlag.ReplaceAddress) || has(UpdateFlag.ReplaceGeocode);
  if (moves && site.hasReports && reportedThisRelease.has(site.siteId) && !has(UpdateFlag.DeleteExistingReport)) findings.error('SiteHasReportInCurrentReleaseYear');
  const distance = match.matches[0]?.distanceMeters ?? null;
  if (moves && site.hasReports && distance !== null && distance > FAR_MATCH_METERS) {
    findings.error('SiteHasMovedTooFar');
    // The error says it already, in stronger words.
    findings.clearWarning('MatchingSiteDoesNotMatchLocation');
  }
  let statusBits = 0;
  if (has(UpdateFlag.ReplaceAddress)) {
    statusBits |= importStatusBit('WillUpdateAddress');
    findings.notes.push(IMPORT_LOCATION_STATUS_TEXT.WillUpdateAddress);
    if (!has(UpdateFlag.ReplaceGeocode)) {
      statusBits |= importStatusBit('WillKeepGeocode');
      findings.notes.push(IMPORT_LOCATION_STATUS_TEXT.WillKeepGeocode);
    }
  }
  return statusBits;
}

/** Checks a placed row against the earlier rows of its run: a name used already, a row that looks like an earlier one. */
function checkAgainstQueue(queue: ImportQueueState, row: QueueRowToCheck, keys: RowKeys, findings: RowFindings): StoredImportMatch[] {
  const mode = matchingModeOf(row.geocoderFlags);
  const seen = queue.observe(
    { rowNumber: row.rowNumber, nameKey: keys.nameKey, fuzzyName: keys.fuzzyName, fuzzyStreet: keys.fuzzyStreet, city: row.fields.city, state: row.fields.state, zipCode: row.fields.zipCode },
    { byName: mode !== 'none' && mode !== 'address', byAddress: mode !== 'none' && mode !== 'name' },
  );
  if (seen.duplicateNameOf !== null) {
    findings.error('DuplicateNameFound');
    findings.notes.push(`Row ${seen.duplicateNameOf} has the same name.`);
  }
  const best = seen.nearRows[0];
  if (best) {
    findings.warning('DuplicateSiteInQueue');
    findings.notes.push(`It looks like row ${best.queueRowNumber} (${alikeText(best.similarity)}).`);
  }
  return seen.nearRows;
}

async function placeAll(deps: PlaceDeps, rows: readonly QueueRowToCheck[]): Promise<Array<{ place: RowPlace; findings: RowFindings }>> {
  const out = new Array<{ place: RowPlace; findings: RowFindings }>(rows.length);
  for (let start = 0; start < rows.length; start += PLACE_CONCURRENCY) {
    await Promise.all(
      rows.slice(start, start + PLACE_CONCURRENCY).map(async (row, offset) => {
        const findings = new RowFindings();
        out[start + offset] = { place: await placeRow(deps, row.fields, row.geocoderFlags, findings), findings };
      }),
    );
  }
  return out;
}

/**
 * Checks queue rows as the import does: each is validated and placed (name, country, address
 * parts, coordinates or geocode), matched against the account's sites by the row's matching mode,
 * and — in a processing run — against the earlier rows of its file; then given its statusFlags,
 * errorFlags, warningFlags and status in words. Every row gets a status: none is dropped. Rows are
 * answered in the order given, which must be file order for the queue checks.
 */
export async function checkQueueRows(deps: ImportCheckDeps, auth: Caller, rows: readonly QueueRowToCheck[]): Promise<CheckedQueueRow[]> {
  const placed = await placeAll(deps, rows);
  const matched = rows.map((row, index) => {
    const { place, findings } = placed[index]!;
    const keys = rowKeys(row.fields);
    checkLicence(auth, place.countryId, findings);
    const match = matchRow(deps.sites, auth, row, place, keys, findings);
    checkClassifications(deps.facts.classifications, row, match.siteId, findings);
    const queueMatches = deps.queue ? checkAgainstQueue(deps.queue, row, keys, findings) : [];
    return { row, place, findings, keys, match, queueMatches };
  });
  // One query for the chunk: which of the sites rows would rescore have a current-release report.
  const rescored = matched.flatMap(({ match }) => (match.site?.hasReports ? [{ siteId: match.site.siteId, countryId: match.site.countryId }] : []));
  const reportedThisRelease = await deps.facts.sitesReportedThisRelease(rescored);
  return matched.map(({ row, place, findings, keys, match, queueMatches }) => {
    const locationStatus = checkSiteUpdate(row, match, reportedThisRelease, findings);
    return {
      rowNumber: row.rowNumber,
      fields: row.fields,
      countryId: place.countryId,
      latitude: place.latitude,
      longitude: place.longitude,
      siteId: match.siteId,
      statusFlags: importStatusFlags(findings.errorFlags, findings.warningFlags, match.kind) | locationStatus,
      errorFlags: findings.errorFlags,
      warningFlags: findings.warningFlags,
      updateFlags: row.updateFlags,
      geocoderFlags: place.geocoderFlags,
      statusDescription: importStatusDescription(findings.errorFlags, findings.warningFlags, match.kind, findings.notes),
      geocodePrecision: place.precision,
      geoCandidates: place.candidates,
      matches: [...match.matches, ...queueMatches],
      nameKey: keys.nameKey,
      addressKey: keys.addressKey,
    };
  });
}
