import { COUNTRIES, type CountryId } from './ids';
import { COUNTRY_RELEASES, currentReleaseOf } from './releases';
import { scoreRangeForCountry, type ScoreRange } from './score-bands';

/**
 * Per-country facts beyond ids.ts's COUNTRIES: map framing, metric display and input code parsing.
 * The Country entity is assembled here from these, the releases and the score range.
 */

/** [west, south, east, north] in degrees, GeoJSON order. */
export type BoundingBox = [number, number, number, number];

/** Map framing of a country. */
export interface CountryMapView {
  /**
   * The extent the map frames for the country. For the USA the 48 contiguous states: Alaska and
   * Hawaii are covered and scorable, but framing them would shrink the mainland to a corner.
   */
  boundingBox: BoundingBox;
  /** [latitude, longitude] added to the bounding box centre for the initial view (population leans south in Canada). */
  centerAdjust: [number, number];
  /** Initial zoom of the country view. */
  zoomLevel: number;
}

export const COUNTRY_MAP_VIEWS: Readonly<Record<CountryId, Readonly<CountryMapView>>> = {
  1: { boundingBox: [-124.85, 24.4, -66.88, 49.39], centerAdjust: [0.5, 0], zoomLevel: 4 },
  2: { boundingBox: [-141.01, 41.68, -52.62, 83.11], centerAdjust: [-12, 4], zoomLevel: 3 },
  3: { boundingBox: [-8.65, 49.86, 1.77, 60.86], centerAdjust: [-1.6, 0.8], zoomLevel: 5 },
  5: { boundingBox: [-118.4, 14.53, -86.71, 32.72], centerAdjust: [-1, 0], zoomLevel: 5 },
  6: { boundingBox: [-67.95, 17.88, -65.22, 18.52], centerAdjust: [0, 0.1], zoomLevel: 8 },
};

/** Every covered country id, in id order. */
export const COUNTRY_IDS: readonly CountryId[] = COUNTRIES.map((country) => country.countryId);

/** True when `value` is a covered country id. */
export function isCountryId(value: unknown): value is CountryId {
  return typeof value === 'number' && (COUNTRY_IDS as readonly number[]).includes(value);
}

/** The ISO-3 code of a country (what responses carry in countryCode). */
export function countryCodeOf(countryId: CountryId): string {
  return COUNTRIES.find((country) => country.countryId === countryId)!.iso3;
}

/** The display name of a country (countryDisplay). */
export function countryNameOf(countryId: CountryId): string {
  return COUNTRIES.find((country) => country.countryId === countryId)!.name;
}

/** Country 2 shows distances and accuracy in metric units. */
export function usesMetric(countryId: CountryId): boolean {
  return COUNTRIES.find((country) => country.countryId === countryId)!.metric;
}

/**
 * Names, spellings and ISO numeric codes customer files use, as match keys (lower case, accents
 * folded, punctuation removed). The geocoder's country lookup reads the same table.
 */
const COUNTRY_ALIASES: Readonly<Record<string, CountryId>> = {
  'united states of america': 1,
  'united states': 1,
  'the united states': 1,
  america: 1,
  'estados unidos': 1,
  'etats unis': 1,
  '840': 1,
  canada: 2,
  '124': 2,
  'united kingdom': 3,
  'united kingdom of great britain and northern ireland': 3,
  uk: 3,
  'great britain': 3,
  britain: 3,
  england: 3,
  scotland: 3,
  wales: 3,
  'northern ireland': 3,
  '826': 3,
  mexico: 5,
  mexique: 5,
  'estados unidos mexicanos': 5,
  'republica mexicana': 5,
  '484': 5,
  'puerto rico': 6,
  'commonwealth of puerto rico': 6,
  '630': 6,
};

/** The match key of a country text: lower case, accents folded, dots and apostrophes dropped, other punctuation as spaces. */
function countryKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'\u2019`\u00b4]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The country id of an input country code: ISO-3 (USA, CAN, GBR, MEX, PRI), ISO-2 (US, CA, GB, MX,
 * PR, as customer files use them), the ISO numeric code, or a common name, any case, dots and
 * accents ignored ('U.S.A.', 'México', 'UK'). Undefined for anything else, including blank input.
 */
export function parseCountryCode(input: string | null | undefined): CountryId | undefined {
  if (typeof input !== 'string') return undefined;
  const key = countryKey(input);
  if (!key) return undefined;
  const upper = key.toUpperCase();
  const byCode = COUNTRIES.find((country) => country.iso3 === upper || country.iso2 === upper);
  return byCode?.countryId ?? COUNTRY_ALIASES[key];
}

const countryIdsByCode = new Map<string, CountryId | undefined>();

/**
 * The country id of a site's stored country code, or undefined for a code this build does not
 * cover. Remembered per code: lists of 100,000 sites share a handful of codes.
 */
export function countryIdOfCode(code: string): CountryId | undefined {
  if (!countryIdsByCode.has(code)) countryIdsByCode.set(code, parseCountryCode(code));
  return countryIdsByCode.get(code);
}

/** countryReleases of the Country entity. */
export interface CountryReleases {
  firstRelease: number;
  lastRelease: number;
  scoreRange: ScoreRange;
}

/** The Country entity, with the name and metric flag the web map and legends use. */
export interface CountryEntity extends CountryMapView {
  countryID: CountryId;
  countryCode: string;
  iso2: string;
  name: string;
  metric: boolean;
  currentRelease: number;
  countryReleases: CountryReleases;
}

/** Builds the Country entity of one country. */
export function countryEntity(countryId: CountryId): CountryEntity {
  const country = COUNTRIES.find((entry) => entry.countryId === countryId)!;
  const view = COUNTRY_MAP_VIEWS[countryId];
  return {
    countryID: countryId,
    countryCode: country.iso3,
    iso2: country.iso2,
    name: country.name,
    metric: country.metric,
    boundingBox: [...view.boundingBox],
    centerAdjust: [...view.centerAdjust],
    zoomLevel: view.zoomLevel,
    currentRelease: currentReleaseOf(countryId),
    countryReleases: { ...COUNTRY_RELEASES[countryId], scoreRange: scoreRangeForCountry(countryId) },
  };
}

/** The initial map view of a country: the bounding box centre nudged by centerAdjust, at zoomLevel. */
export function initialMapView(countryId: CountryId): { latitude: number; longitude: number; zoom: number } {
  const { boundingBox: [west, south, east, north], centerAdjust, zoomLevel } = COUNTRY_MAP_VIEWS[countryId];
  return { latitude: (south + north) / 2 + centerAdjust[0], longitude: (west + east) / 2 + centerAdjust[1], zoom: zoomLevel };
}
