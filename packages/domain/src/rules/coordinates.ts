/**
 * Coordinate rules: ranges, accepted precision, the precision kept,
 * geocode validity and the coordinate search text ('41.88, -87.62' or '41.88 -87.62').
 */

export const LATITUDE_MIN = -90;
export const LATITUDE_MAX = 90;
export const LONGITUDE_MIN = -180;
export const LONGITUDE_MAX = 180;

/** Input may carry up to 15 decimals. */
export const MAX_INPUT_COORDINATE_DECIMALS = 15;
/** Coordinates are kept to 7 decimals (about 1 cm). */
export const COORDINATE_DECIMALS = 7;
/** Coordinates stored after a reverse geocode keep 12 decimals. */
export const REVERSE_GEOCODE_COORDINATE_DECIMALS = 12;

/** A latitude/longitude pair. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** True for a finite number within -90..90. */
export function isLatitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= LATITUDE_MIN && value <= LATITUDE_MAX;
}

/** True for a finite number within -180..180. */
export function isLongitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= LONGITUDE_MIN && value <= LONGITUDE_MAX;
}

/**
 * Decimal places written in a number's text ('41.8818' → 4, '1e-7' → 7). A number is read through
 * its shortest round-trip text, which is what a client that sent it as JSON wrote.
 */
export function decimalPlaces(value: number | string): number {
  const text = (typeof value === 'number' ? String(value) : value).trim().toLowerCase();
  const match = /^[+-]?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/.exec(text);
  if (!match) return Number.NaN;
  const fraction = match[2]?.length ?? 0;
  const exponent = match[3] ? Number(match[3]) : 0;
  return Math.max(0, fraction - exponent);
}

/** Rounds a coordinate to the kept precision (7 decimals unless told otherwise). */
export function roundCoordinate(value: number, decimals: number = COORDINATE_DECIMALS): number {
  const rounded = Number(value.toFixed(decimals));
  // toFixed can produce "-0.0000000"; keep a plain zero.
  return Object.is(rounded, -0) ? 0 : rounded;
}

const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Reads one coordinate from input text or a number: a plain decimal (no exponent, no units) with
 * at most 15 decimals, within the axis's range. Undefined when it is not one.
 */
export function parseCoordinate(input: string | number, axis: 'latitude' | 'longitude'): number | undefined {
  if (typeof input === 'number' && !Number.isFinite(input)) return undefined;
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (typeof input === 'string' && !NUMBER_TEXT.test(text)) return undefined;
  if (decimalPlaces(text) > MAX_INPUT_COORDINATE_DECIMALS) return undefined;
  const value = Number(text);
  const inRange = axis === 'latitude' ? isLatitude(value) : isLongitude(value);
  return inRange ? value : undefined;
}

/**
 * A geocode is valid only when both coordinates are present, latitude is non-zero, and both are
 * within range. A zero latitude is what a failed geocode leaves behind.
 */
export function isValidGeocode(latitude: number | null | undefined, longitude: number | null | undefined): boolean {
  return isLatitude(latitude) && isLongitude(longitude) && latitude !== 0;
}

const COORDINATE_TEXT = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*(?:,\s*|\s+)([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*$/;

/**
 * Coordinate search text: two numbers separated by a comma or spaces, latitude first,
 * within range. Returns the point kept to 7 decimals, or undefined when the text is not that.
 */
export function parseCoordinateText(text: string): LatLng | undefined {
  const match = COORDINATE_TEXT.exec(text);
  if (!match) return undefined;
  const latitude = parseCoordinate(match[1]!, 'latitude');
  const longitude = parseCoordinate(match[2]!, 'longitude');
  if (latitude === undefined || longitude === undefined) return undefined;
  return { latitude: roundCoordinate(latitude), longitude: roundCoordinate(longitude) };
}

/** The coordinate text shown for a point: '41.88, -87.62' (up to `decimals` places, trailing zeros dropped). */
export function formatCoordinateText(latitude: number, longitude: number, decimals: number = 6): string {
  return `${roundCoordinate(latitude, decimals)}, ${roundCoordinate(longitude, decimals)}`;
}
