/** Metres in a mile: distances are shown in miles, metres ÷ 1609.34, two decimals. */
export const METERS_PER_MILE = 1609.34;

/** The earth's radius the product's distances use, in metres. */
export const EARTH_RADIUS_METERS = 6_371_000;

/** Great-circle distance in metres between two points in degrees, on the sphere of EARTH_RADIUS_METERS. */
export function greatCircleMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * toRad) / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(((lng2 - lng1) * toRad) / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Miles rounded to 2 decimals, as distances and radii are shown. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 100) / 100;
}

/** Metres as miles, 2 decimals. */
export function metersToMiles(meters: number): number {
  return roundMiles(meters / METERS_PER_MILE);
}

/**
 * A distance for display, two decimals: kilometres for the metric-display country (2), else
 * miles (metres ÷ 1609.34).
 */
export function formatDistance(meters: number, countryId: number): string {
  return countryId === 2 ? `${(meters / 1000).toFixed(2)} km` : `${(meters / METERS_PER_MILE).toFixed(2)} mi`;
}
