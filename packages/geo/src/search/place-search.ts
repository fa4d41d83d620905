import { formatCoordinateText, parseCoordinateText, type CountryId } from '@riskatlas/domain';
import { normalizePlaceName, placeNamePrefixes } from '../gazetteer/normalize';
import type { Place, PlaceMatch, PlaceSearchOptions, PostalArea } from '../gazetteer/types';
import { haversineMeters } from '../spatial/distance';
import { countryLabel, describePlace, describePostalArea } from './describe';

/** A place as search sees it. */
export interface SearchPlace {
  place: Place;
  /** normalizePlaceName(place.name). */
  key: string;
  /** Size proxy for ranking: postal areas of the place's region that carry its name. */
  size: number;
  /** GeoNames populated places rank before post-office names of the same size. */
  fromPostalName: boolean;
}

/** A postal area as search sees it. */
export interface SearchPostal {
  area: PostalArea;
}

/** The places autocomplete's radius for "nearby": 200 km. */
export const DEFAULT_SEARCH_RADIUS_METERS = 200_000;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;
/** Postal candidates looked at per country and prefix: '6' alone would otherwise rank 9,000 ZIPs. */
const MAX_POSTAL_CANDIDATES = 5_000;

/** Postal-code searches per country: US, PR and MX five digits; CA FSA; GB outward code. */
const DIGIT_COUNTRIES: readonly CountryId[] = [1, 6, 5];
const COUNTRY_NAME_KEYS: Readonly<Record<CountryId, readonly string[]>> = {
  1: ['usa', 'us', 'united states', 'united states of america', 'america'],
  2: ['canada', 'can'],
  3: ['united kingdom', 'uk', 'gb', 'gbr', 'great britain', 'britain'],
  5: ['mexico', 'mex', 'mx'],
  6: ['puerto rico', 'pr', 'pri'],
};

interface Candidate {
  index: number;
  exact: boolean;
  distance: number;
  nearby: boolean;
}

/** First index whose key is >= prefix. */
function lowerBound(keys: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The postal-code prefixes a query stands for, per country; undefined when it does not look like a postal code. */
export function postalQuery(text: string): Array<{ countryId: CountryId; prefix: string }> | undefined {
  const upper = text.trim().toUpperCase().replace(/\s+/g, ' ');
  const digits = /^(\d{1,5})(?:-\d{0,4})?$/.exec(upper);
  if (digits) return DIGIT_COUNTRIES.map((countryId) => ({ countryId, prefix: digits[1]! }));
  if (!/\d/.test(upper) || !/^[A-Z]/.test(upper)) return undefined;
  const compact = upper.replace(/[\s-]/g, '');
  const out: Array<{ countryId: CountryId; prefix: string }> = [];
  if (/^[A-Z]\d(?:[A-Z](?:\d(?:[A-Z]\d?)?)?)?$/.test(compact)) out.push({ countryId: 2, prefix: compact.slice(0, 3) });
  const [first, second, ...rest] = upper.split(' ');
  let outward: string | undefined;
  if (second !== undefined) outward = rest.length === 0 && /^\d[A-Z]{0,2}$/.test(second) ? first : undefined;
  else if (compact.length >= 5 && /\d[A-Z]{2}$/.test(compact)) outward = compact.slice(0, -3);
  else outward = compact;
  if (outward && /^[A-Z]{1,2}\d[A-Z\d]?$/.test(outward)) out.push({ countryId: 3, prefix: outward });
  return out.length > 0 ? out : undefined;
}

/**
 * Autocomplete over the gazetteer: coordinate text, postal codes (by prefix, any covered country)
 * and place names (normalised prefix, with an optional ", region" or trailing region qualifier).
 * Ranking: exact name (or code) first, then matches within the radius of `near`, nearest first,
 * then by size; ties by description and id, so the order is the same on every call.
 */
export class PlaceSearch {
  private readonly keys: string[];
  private readonly order: Int32Array;
  /** Another place of the region has the same name: its description adds the county. */
  private readonly ambiguous: Uint8Array;
  private readonly postal = new Map<CountryId, { codes: string[]; items: SearchPostal[] }>();

  constructor(
    private readonly places: readonly SearchPlace[],
    postal: readonly SearchPostal[],
  ) {
    const indices = places.map((_, i) => i);
    // The pack lists places in key order already; sort only when given them otherwise.
    if (places.some((p, i) => i > 0 && places[i - 1]!.key > p.key)) {
      indices.sort((a, b) => (places[a]!.key < places[b]!.key ? -1 : places[a]!.key > places[b]!.key ? 1 : a - b));
    }
    this.order = Int32Array.from(indices);
    this.keys = indices.map((i) => places[i]!.key);
    this.ambiguous = new Uint8Array(places.length);
    for (let start = 0; start < indices.length; ) {
      let end = start + 1;
      while (end < indices.length && this.keys[end] === this.keys[start]) end++;
      for (let a = start; a < end; a++) {
        for (let b = a + 1; b < end; b++) {
          const pa = places[indices[a]!]!.place;
          const pb = places[indices[b]!]!.place;
          if (pa.countryId === pb.countryId && pa.admin1Code === pb.admin1Code) this.ambiguous[indices[a]!] = this.ambiguous[indices[b]!] = 1;
        }
      }
      start = end;
    }
    for (const item of postal) {
      let list = this.postal.get(item.area.countryId);
      if (!list) {
        list = { codes: [], items: [] };
        this.postal.set(item.area.countryId, list);
      }
      list.items.push(item);
    }
    for (const list of this.postal.values()) {
      list.items.sort((a, b) => (a.area.code < b.area.code ? -1 : a.area.code > b.area.code ? 1 : 0));
      list.codes = list.items.map((item) => item.area.code);
    }
  }

  search(query: string, options: PlaceSearchOptions = {}): PlaceMatch[] {
    const text = query.trim();
    if (text === '') return [];
    const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(options.limit ?? DEFAULT_LIMIT)));
    const near = options.near;
    const radius = options.radiusMeters ?? DEFAULT_SEARCH_RADIUS_METERS;
    const allowed = options.countryIds && options.countryIds.length > 0 ? new Set<number>(options.countryIds) : undefined;

    const point = parseCoordinateText(text);
    if (point) {
      const match: PlaceMatch = {
        id: `coord:${point.latitude},${point.longitude}`,
        description: formatCoordinateText(point.latitude, point.longitude, 7),
        latitude: point.latitude,
        longitude: point.longitude,
        kind: 'coordinates',
      };
      if (near) match.distanceMeters = Math.round(haversineMeters(near.latitude, near.longitude, point.latitude, point.longitude));
      return [match];
    }

    const postal = postalQuery(text);
    if (postal) return this.searchPostal(postal, allowed, near, radius, limit);
    // A trailing space means the last word is finished: keep it for the name search.
    return this.searchNames(/\s$/.test(query) ? `${text} ` : text, allowed, near, radius, limit);
  }

  private searchPostal(
    queries: Array<{ countryId: CountryId; prefix: string }>,
    allowed: Set<number> | undefined,
    near: PlaceSearchOptions['near'],
    radius: number,
    limit: number,
  ): PlaceMatch[] {
    const found: Array<{ item: SearchPostal; exact: boolean; distance: number; nearby: boolean }> = [];
    for (const { countryId, prefix } of queries) {
      if (allowed && !allowed.has(countryId)) continue;
      const list = this.postal.get(countryId);
      if (!list) continue;
      const end = Math.min(list.codes.length, lowerBound(list.codes, prefix) + MAX_POSTAL_CANDIDATES);
      for (let i = lowerBound(list.codes, prefix); i < end && list.codes[i]!.startsWith(prefix); i++) {
        const item = list.items[i]!;
        const distance = near ? haversineMeters(near.latitude, near.longitude, item.area.latitude, item.area.longitude) : Infinity;
        found.push({ item, exact: item.area.code === prefix, distance, nearby: distance <= radius });
      }
    }
    found.sort(
      (a, b) =>
        Number(b.exact) - Number(a.exact) ||
        Number(b.nearby) - Number(a.nearby) ||
        (a.nearby && b.nearby ? a.distance - b.distance : 0) ||
        a.item.area.countryId - b.item.area.countryId ||
        (a.item.area.code < b.item.area.code ? -1 : a.item.area.code > b.item.area.code ? 1 : 0),
    );
    return found.slice(0, limit).map(({ item, distance }) => {
      const match: PlaceMatch = {
        id: `postal:${item.area.countryId}:${item.area.code}`,
        description: describePostalArea(item.area),
        latitude: item.area.latitude,
        longitude: item.area.longitude,
        kind: 'postal',
      };
      if (near) match.distanceMeters = Math.round(distance);
      return match;
    });
  }

  /**
   * Indices of places whose key starts with one of the prefixes — as a whole word when the user
   * has typed a space after it ("San " finds San Diego and San Juan, not Sandusky).
   */
  private prefixMatches(prefixes: readonly string[], wholeWord: boolean): number[] {
    const out = new Set<number>();
    for (const prefix of prefixes) {
      if (prefix === '') continue;
      for (let i = lowerBound(this.keys, prefix); i < this.keys.length && this.keys[i]!.startsWith(prefix); i++) {
        const key = this.keys[i]!;
        if (!wholeWord || key.length === prefix.length || key[prefix.length] === ' ') out.add(this.order[i]!);
      }
    }
    return [...out];
  }

  private qualifies(place: SearchPlace, qualifiers: readonly string[]): boolean {
    const p = place.place;
    return qualifiers.every((q) => {
      if (p.admin1Code.toLowerCase() === q) return true;
      if (normalizePlaceName(p.admin1Name).startsWith(q)) return true;
      if (p.admin2Name && normalizePlaceName(p.admin2Name).startsWith(q)) return true;
      if (normalizePlaceName(countryLabel(p.countryId)).startsWith(q)) return true;
      return COUNTRY_NAME_KEYS[p.countryId].includes(q);
    });
  }

  private searchNames(text: string, allowed: Set<number> | undefined, near: PlaceSearchOptions['near'], radius: number, limit: number): PlaceMatch[] {
    // "Springfield, IL" / "London, England, UK": the name, then qualifiers that must all match.
    const parts = text.split(',');
    const attempts: Array<{ name: string; qualifiers: string[] }> = [
      { name: parts[0]!, qualifiers: parts.slice(1).map(normalizePlaceName).filter(Boolean) },
    ];
    // "Chicago IL" / "London England": without a comma, try trailing words as the qualifier too.
    if (parts.length === 1) {
      const words = normalizePlaceName(text).split(' ');
      for (let k = 1; k <= Math.min(2, words.length - 1); k++) {
        attempts.push({ name: words.slice(0, -k).join(' '), qualifiers: [words.slice(-k).join(' ')] });
      }
    }
    for (const attempt of attempts) {
      const prefixes = placeNamePrefixes(attempt.name);
      // The text as typed and as expanded ("St" / "Saint") both count as an exact name.
      const exactKeys = new Set(prefixes);
      const candidates: Candidate[] = [];
      for (const index of this.prefixMatches(prefixes, /\s$/.test(attempt.name))) {
        const place = this.places[index]!;
        if (allowed && !allowed.has(place.place.countryId)) continue;
        if (attempt.qualifiers.length > 0 && !this.qualifies(place, attempt.qualifiers)) continue;
        const distance = near ? haversineMeters(near.latitude, near.longitude, place.place.latitude, place.place.longitude) : Infinity;
        candidates.push({ index, exact: exactKeys.has(place.key), distance, nearby: distance <= radius });
      }
      if (candidates.length === 0) continue;
      candidates.sort((a, b) => this.compare(a, b));
      return candidates.slice(0, limit).map((candidate) => {
        const place = this.places[candidate.index]!;
        const match: PlaceMatch = {
          id: place.place.id,
          description: describePlace(place.place, this.ambiguous[candidate.index] === 1),
          latitude: place.place.latitude,
          longitude: place.place.longitude,
          kind: 'place',
        };
        if (near) match.distanceMeters = Math.round(candidate.distance);
        return match;
      });
    }
    return [];
  }

  private compare(a: Candidate, b: Candidate): number {
    if (a.exact !== b.exact) return a.exact ? -1 : 1;
    if (a.nearby !== b.nearby) return a.nearby ? -1 : 1;
    if (a.nearby && a.distance !== b.distance) return a.distance - b.distance;
    const pa = this.places[a.index]!;
    const pb = this.places[b.index]!;
    if (pa.size !== pb.size) return pb.size - pa.size;
    if (pa.fromPostalName !== pb.fromPostalName) return pa.fromPostalName ? 1 : -1;
    if (pa.key !== pb.key) return pa.key < pb.key ? -1 : 1;
    if (pa.place.countryId !== pb.place.countryId) return pa.place.countryId - pb.place.countryId;
    if (pa.place.admin1Code !== pb.place.admin1Code) return pa.place.admin1Code < pb.place.admin1Code ? -1 : 1;
    return pa.place.id < pb.place.id ? -1 : pa.place.id > pb.place.id ? 1 : 0;
  }
}
