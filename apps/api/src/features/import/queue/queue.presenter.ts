import { ZImportGeoCandidate, type TGeocodeCandidate, type TQueuedImportSite } from '@riskatlas/domain';
import type { ImportQueueRow } from '../../../db/schema/index';

/** The precisions a queue row may hold (anything else stored reads as none). */
const PRECISIONS = new Set(['MANUAL', 'ADDRESS', 'POSTCODE', 'CITY']);

/** The grid's geocode source: the user's point, a geocoded one, or none without coordinates. */
function geocodeSourceOf(row: Pick<ImportQueueRow, 'latitude' | 'longitude' | 'geocodePrecision'>): TQueuedImportSite['geocodeSource'] {
  if (row.latitude === null || row.longitude === null) return 'None';
  return row.geocodePrecision === 'MANUAL' ? 'User Defined' : 'Geocoded';
}

/** A row's stored candidates in the public shape; one that does not fit it is left out rather than sent malformed. */
export function candidatesOf(row: Pick<ImportQueueRow, 'geoCandidates'>): TGeocodeCandidate[] {
  return row.geoCandidates.flatMap((stored) => {
    const parsed = ZImportGeoCandidate.safeParse(stored);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A queue row as the API sends it (the queued import site's fields). */
export function presentQueuedSite(row: ImportQueueRow): TQueuedImportSite {
  return {
    queuedSiteId: row.id,
    rowNumber: row.rowNumber,
    siteName: row.siteName,
    statusFlags: row.statusFlags,
    errorFlags: row.errorFlags,
    warningFlags: row.warningFlags,
    updateFlags: row.updateFlags,
    geocoderFlags: row.geocoderFlags,
    pendingUpdate: row.pendingUpdate,
    statusDescription: row.statusDescription,
    street: row.street,
    street2: row.street2,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    countryCode: row.countryCode,
    latitude: row.latitude,
    longitude: row.longitude,
    tags: row.tags,
    classifications: row.classifications,
    notes: row.notes,
    externalId: row.externalId,
    incomingSiteId: row.incomingSiteId,
    siteId: row.siteId,
    geocodePrecision: (PRECISIONS.has(row.geocodePrecision) ? row.geocodePrecision : '') as TQueuedImportSite['geocodePrecision'],
    geocodeSource: geocodeSourceOf(row),
    geoCandidates: candidatesOf(row),
  };
}
