/*
 * Reading untrusted JSON from another server: every field is checked before use, so a server that
 * answers in an unexpected shape yields fewer candidates, never a crash.
 */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string field ('' when absent or not a string; numbers are written out). */
export function str(record: JsonRecord | undefined, key: string): string {
  const value = record?.[key];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A finite number field, also from a numeric string (Nominatim sends lat/lon as strings). */
export function num(record: JsonRecord | undefined, key: string): number | undefined {
  const value = record?.[key];
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** The first non-empty of several string fields. */
export function firstOf(record: JsonRecord | undefined, keys: readonly string[]): string {
  for (const key of keys) {
    const value = str(record, key);
    if (value) return value;
  }
  return '';
}

/** A valid latitude/longitude pair, or undefined. */
export function validPoint(latitude: number | undefined, longitude: number | undefined): { latitude: number; longitude: number } | undefined {
  if (latitude === undefined || longitude === undefined) return undefined;
  if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return undefined;
  return { latitude, longitude };
}

/** [lng, lat] of a GeoJSON Point feature. */
export function geoJsonPoint(feature: JsonRecord): { latitude: number; longitude: number } | undefined {
  const geometry = feature.geometry;
  if (!isRecord(geometry) || !Array.isArray(geometry.coordinates)) return undefined;
  const [lng, lat] = geometry.coordinates as unknown[];
  return validPoint(typeof lat === 'number' ? lat : undefined, typeof lng === 'number' ? lng : undefined);
}

/** The features of a GeoJSON FeatureCollection ([] for anything else). */
export function features(body: unknown): JsonRecord[] {
  if (!isRecord(body) || !Array.isArray(body.features)) return [];
  return body.features.filter(isRecord);
}
