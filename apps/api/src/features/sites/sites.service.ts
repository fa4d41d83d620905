import {
  duplicateSiteLocationMessage,
  ErrorCode,
  isValidGeocode,
  Messages,
  ReportMessages,
  roundCoordinate,
  siteNameTakenMessage,
  splitTags,
  type CountryId,
} from '@riskatlas/domain';
import { UnknownCountryError, type AddressInput, type Gazetteer, type GeocodeCandidate } from '@riskatlas/geo';
import type { Db } from '../../db/client';
import type { NewSiteRow, SiteRow } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../access/caller';
import { presentCandidate, type GeocodeFn } from '../geo/index';
import { reverseGeocode } from '../geo/index';
import { describeLocation } from '../geo/index';
import { cleanText, isUniqueViolation, siteNameKey } from './site-fields';
import { findSiteAtLocation, findSiteByNameKey, insertSites } from './sites.repository';

/** The site fields of a create-report payload. */
export interface NewSiteInput extends AddressInput {
  siteName?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  externalID?: string | null;
  notes?: string | null;
  tags?: string | null;
  classificationIds?: readonly number[] | null;
}

/** The query flags of site creation (POST reports and POST sites). */
export interface NewSiteFlags {
  acceptFirstCandidate?: boolean | undefined;
  allowZipLevelPrecision?: boolean | undefined;
  ignoreDuplicates?: boolean | undefined;
}

/** What site creation needs around it. */
export interface SiteDeps {
  db: Db;
  gazetteer: Gazetteer;
  geocode: GeocodeFn;
  now: () => Date;
}

/** A site checked and placed, ready to insert (in the transaction that pays for its report). */
export type PreparedSite = Omit<NewSiteRow, 'siteId'> & { accountId: number; countryId: CountryId; latitude: number; longitude: number };

/**
 * The point of a new site: the coordinates given (MANUAL), else the best scorable geocode
 * candidate of the address. Several candidates without acceptFirstCandidate → 400 listing them
 * (the wizard lets the user choose); none → the product's geocode-failure message.
 */
async function placeSite(deps: SiteDeps, input: NewSiteInput, flags: NewSiteFlags): Promise<{ latitude: number; longitude: number; candidate?: GeocodeCandidate; geocodeType: string }> {
  if (isValidGeocode(input.latitude, input.longitude)) {
    return { latitude: roundCoordinate(input.latitude!), longitude: roundCoordinate(input.longitude!), geocodeType: 'MANUAL' };
  }
  let candidates: GeocodeCandidate[];
  try {
    const result = await deps.geocode(
      { street: input.street, street2: input.street2, city: input.city, state: input.state, zipCode: input.zipCode, countryCode: input.countryCode },
      flags.allowZipLevelPrecision ? { allowZipLevelPrecision: true } : {},
    );
    candidates = result.candidates;
  } catch (error) {
    if (error instanceof UnknownCountryError) throw AppError.badRequest(error.message, 'countryCode');
    throw error;
  }
  // Only candidates inside a covered country's boundary can be scored.
  const scorable = candidates.filter((candidate) => deps.gazetteer.countryAt(candidate.latitude, candidate.longitude) !== undefined);
  const best = scorable[0];
  if (!best) throw AppError.badRequest(Messages.geocodeFailed, 'street');
  if (scorable.length > 1 && !flags.acceptFirstCandidate) {
    throw new AppError(ErrorCode.BadRequest, 'The address matches several places. Choose one of the candidates (send its coordinates), or accept the first candidate.', {
      field: 'street',
      details: { candidates: scorable.map(presentCandidate) },
    });
  }
  return { latitude: roundCoordinate(best.latitude), longitude: roundCoordinate(best.longitude), candidate: best, geocodeType: best.precision };
}

/**
 * Checks and places a new site from the create-report payload without writing it:
 * a name ('Site Name is required.'), unique in the account unless the account creates sites in
 * legacy mode; a point (coordinates, else geocoded with the query flags) inside a covered country
 * ('The location is not scorable…' for coordinates, the geocode-failure message for addresses);
 * no other site of the account at the same point unless ignoreDuplicates (409 naming the
 * existing site's id in details.siteId). Address parts left blank are filled from the geocode.
 */
export async function prepareNewSite(deps: SiteDeps, auth: Caller, input: NewSiteInput, flags: NewSiteFlags): Promise<PreparedSite> {
  const siteName = cleanText(input.siteName);
  if (!siteName) throw AppError.badRequest(ReportMessages.siteNameRequired, 'siteName');
  const legacy = auth.account.createSitesInLegacyMode;
  const nameKey = siteNameKey(siteName);
  if (!legacy) {
    const taken = await findSiteByNameKey(deps.db, auth.accountId, nameKey);
    if (taken) throw AppError.badRequest(siteNameTakenMessage(siteName), 'siteName');
  }

  const placed = await placeSite(deps, input, flags);
  const facts = describeLocation(deps.gazetteer, placed.latitude, placed.longitude);
  if (facts.countryId === null) {
    throw AppError.badRequest(placed.geocodeType === 'MANUAL' ? Messages.locationNotScorable : Messages.geocodeFailed, placed.geocodeType === 'MANUAL' ? 'latitude' : 'street');
  }
  if (!flags.ignoreDuplicates) {
    const existing = await findSiteAtLocation(deps.db, auth.accountId, placed.latitude, placed.longitude);
    if (existing) {
      throw new AppError(ErrorCode.Conflict, duplicateSiteLocationMessage(existing.siteName), { details: { siteId: existing.siteId, siteName: existing.siteName } });
    }
  }
  // A pin's blank address parts come from the nearest postal area, as a MANUAL candidate's do.
  const address = placed.candidate
    ? { street: placed.candidate.street, city: placed.candidate.city, state: placed.candidate.state, zipCode: placed.candidate.postalCode, county: placed.candidate.admin2Name }
    : reverseGeocode(deps.gazetteer, placed.latitude, placed.longitude);
  return {
    accountId: auth.accountId,
    siteName,
    nameKey: legacy ? null : nameKey,
    notes: cleanText(input.notes),
    tags: splitTags(input.tags),
    street: cleanText(input.street) ?? cleanText(address.street),
    street2: cleanText(input.street2),
    city: cleanText(input.city) ?? cleanText(address.city),
    state: cleanText(input.state) ?? cleanText(address.state),
    zipCode: cleanText(input.zipCode) ?? cleanText(address.zipCode),
    countryId: facts.countryId,
    latitude: placed.latitude,
    longitude: placed.longitude,
    admin1Code: facts.admin1Code,
    ct: facts.ct,
    county: facts.county?.name ?? cleanText(address.county),
    countyCode: facts.county?.id ?? null,
    externalId: cleanText(input.externalID),
    classificationIds: [...new Set(input.classificationIds ?? [])],
    geocodeType: placed.geocodeType,
    created: deps.now(),
    createdByUserId: auth.userId,
  };
}

/**
 * Inserts prepared sites in one statement. A name taken meanwhile by a concurrent creation (the
 * unique index on the name key) answers the product's duplicate-name message, as the check would have.
 */
export async function insertPreparedSites(db: Db, prepared: readonly PreparedSite[]): Promise<SiteRow[]> {
  try {
    return await insertSites(db, prepared);
  } catch (error) {
    if (isUniqueViolation(error, 'sites_name_key_unique')) {
      const name = prepared.length === 1 ? prepared[0]!.siteName : 'of one of these sites';
      throw AppError.badRequest(siteNameTakenMessage(name), 'siteName');
    }
    throw error;
  }
}
