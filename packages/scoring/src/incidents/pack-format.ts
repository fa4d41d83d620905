/**
 * The incident pack (data/incidents/): file names, columns and coordinate encoding. Coordinates are
 * integers of 1e-5 degree (about a metre), which keeps the UK street-level table small enough to
 * commit; the published points are already snapped to street points, so nothing is lost.
 */

/** Bumped whenever a table's columns or meaning change. */
export const INCIDENT_PACK_FORMAT_VERSION = 1;

export const INCIDENT_PACK_FILES = {
  manifest: 'manifest.json',
  /** US police departments: key, name, city, state, first and last incident date, extent, source. */
  departments: 'departments.tsv',
  /** Crime types as the US departments publish them, numbered. */
  crimeTypes: 'crime-types.tsv',
  /** US incidents: the published record, and its standard type (-1 for none of the ten). */
  incidents: 'city-incidents.tsv',
  /** UK police forces: key, name, first and last month, extent, source. */
  ukForces: 'uk-forces.tsv',
  /** UK LSOAs the street records fall in: index, code, name. */
  ukLsoas: 'uk-lsoas.tsv',
  /** UK street-level crime: month as YYYYMM, point, UK_CRIME_TYPES index, LSOA index. */
  ukStreet: 'uk-street.tsv',
} as const;

const EXTENT = ['minLat', 'minLng', 'maxLat', 'maxLng'] as const;

export const INCIDENT_PACK_COLUMNS = {
  departments: ['pd', 'name', 'city', 'state', 'firstDate', 'lastDate', ...EXTENT, 'source'],
  crimeTypes: ['crimeTypeId', 'name', 'category'],
  incidents: ['pd', 'id', 'crimeTypeId', 'street', 'district', 'date', 'time', 'dayOfWeek', 'description', 'premise', 'lat', 'lng', 'standardTypeId'],
  ukForces: ['force', 'name', 'firstMonth', 'lastMonth', ...EXTENT, 'source'],
  ukLsoas: ['lsoaIndex', 'code', 'name'],
  ukStreet: ['month', 'lat', 'lng', 'crimeType', 'lsoa'],
} as const satisfies Record<string, readonly string[]>;

/** Degrees as an integer of 1e-5 degree. */
export function toMicroDegrees(degrees: number): number {
  return Math.round(degrees * 1e5);
}

/** An integer of 1e-5 degree as degrees. */
export function fromMicroDegrees(value: number): number {
  return value / 1e5;
}
