import { normalizePlaceName } from '../gazetteer/normalize';
import type { Gazetteer, Place, PostalArea } from '../gazetteer/types';
import { haversineMeters } from '../spatial/distance';
import { isMexicoCity } from './city-names';
import { iso3Of } from './countries';
import { displayName, round7, roundConfidence, stateDisplay } from './format';
import type { ParsedAddress } from './parse-address';
import type { GeocodeCandidate } from './types';

/*
 * City fallback: the places a city (and state) name, each a CITY candidate. A place's size is the
 * number of postal areas named after it around it — more postal areas, bigger place, first.
 */

/** A postal area belongs to a named place when its centre is this close. */
const AREA_OF_PLACE_WITHIN_METERS = 25_000;
/** Two places of one name closer than this are one place listed twice. */
const SAME_PLACE_WITHIN_METERS = 5_000;

interface Group {
  place: Place | undefined;
  areas: PostalArea[];
  /** Order the gazetteer listed the place in: a deterministic tie-break. */
  order: number;
}

function unionBy<T>(lists: T[][], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const list of lists) {
    for (const item of list) {
      const k = key(item);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(item);
    }
  }
  return out;
}

/** The area whose centre is nearest all the others (a real postal centre, never a point between towns). */
function medoid(areas: PostalArea[]): PostalArea {
  if (areas.length <= 2) return areas[0]!;
  let pool = areas;
  if (areas.length > 300) {
    const lat = areas.reduce((s, a) => s + a.latitude, 0) / areas.length;
    const lng = areas.reduce((s, a) => s + a.longitude, 0) / areas.length;
    pool = [...areas].sort((a, b) => haversineMeters(lat, lng, a.latitude, a.longitude) - haversineMeters(lat, lng, b.latitude, b.longitude)).slice(0, 50);
  }
  let best = pool[0]!;
  let bestSum = Infinity;
  for (const a of pool) {
    let sum = 0;
    for (const b of areas) sum += haversineMeters(a.latitude, a.longitude, b.latitude, b.longitude);
    if (sum < bestSum || (sum === bestSum && a.code < best.code)) [best, bestSum] = [a, sum];
  }
  return best;
}

function nearestArea(areas: PostalArea[], latitude: number, longitude: number): PostalArea | undefined {
  let best: PostalArea | undefined;
  let bestDistance = Infinity;
  for (const area of areas) {
    const d = haversineMeters(latitude, longitude, area.latitude, area.longitude);
    if (d < bestDistance || (d === bestDistance && best && area.code < best.code)) [best, bestDistance] = [area, d];
  }
  return best;
}

function groupPlaces(places: Place[], areas: PostalArea[]): Group[] {
  const groups: Group[] = places.map((place, order) => ({ place, areas: [], order }));
  const clusters: Group[] = [];
  for (const area of areas) {
    let home: Group | undefined;
    let homeDistance = AREA_OF_PLACE_WITHIN_METERS;
    for (const group of groups) {
      const place = group.place!;
      if (place.admin1Code !== area.admin1Code) continue;
      const d = haversineMeters(place.latitude, place.longitude, area.latitude, area.longitude);
      if (d <= homeDistance) [home, homeDistance] = [group, d];
    }
    if (home) {
      home.areas.push(area);
      continue;
    }
    // Areas named after no listed place: one candidate per group of neighbouring areas in a state.
    const near = clusters.find(
      (c) => c.areas[0]!.admin1Code === area.admin1Code && haversineMeters(c.areas[0]!.latitude, c.areas[0]!.longitude, area.latitude, area.longitude) <= AREA_OF_PLACE_WITHIN_METERS,
    );
    if (near) near.areas.push(area);
    else clusters.push({ place: undefined, areas: [area], order: places.length + clusters.length });
  }
  // A place listed twice (a city and its township) keeps the entry that owns the postal areas.
  const kept: Group[] = [];
  for (const group of [...groups].sort((a, b) => b.areas.length - a.areas.length || a.order - b.order)) {
    const place = group.place!;
    const twin = kept.find(
      (k) => k.place!.admin1Code === place.admin1Code && haversineMeters(k.place!.latitude, k.place!.longitude, place.latitude, place.longitude) <= SAME_PLACE_WITHIN_METERS,
    );
    if (twin) twin.areas.push(...group.areas);
    else kept.push(group);
  }
  return [...kept, ...clusters].sort(
    (a, b) => b.areas.length - a.areas.length || Number(b.place !== undefined) - Number(a.place !== undefined) || a.order - b.order,
  );
}

function toCandidate(parsed: ParsedAddress, group: Group, confidence: number): GeocodeCandidate {
  const countryId = parsed.countryId;
  const place = group.place;
  const centre = place ?? medoid(group.areas);
  const area = place ? nearestArea(group.areas, place.latitude, place.longitude) : (centre as PostalArea);
  const admin1Code = place?.admin1Code ?? area!.admin1Code;
  const admin1Name = place?.admin1Name ?? area!.admin1Name;
  // An area found by one of its other names (a UK locality, a Canadian district) shows the name asked for.
  let name = place?.name ?? (parsed.cityKeys.includes(normalizePlaceName(area!.place)) ? area!.place : parsed.city);
  // GeoNames calls it 'Mexico City'; Mexican addresses say 'Ciudad de México'.
  if (countryId === 5 && admin1Code === '09' && isMexicoCity(normalizePlaceName(name))) name = 'Ciudad de México';
  return {
    street: parsed.street,
    city: displayName(name),
    state: stateDisplay(countryId, admin1Code, admin1Name),
    postalCode: area?.code ?? place?.postalCode ?? '',
    countryCode: iso3Of(countryId),
    countryId,
    latitude: round7(centre.latitude),
    longitude: round7(centre.longitude),
    precision: 'CITY',
    confidence: roundConfidence(confidence),
    admin1Code,
    admin2Name: place?.admin2Name || area?.admin2Name || '',
    matchedBy: parsed.region ? 'city+state' : 'city',
    source: 'embedded',
  };
}

/**
 * CITY candidates for the address's city (within its state / province / nation when one is
 * given), biggest place first; ties keep the gazetteer's order. Empty when no place has the name.
 */
export function cityCandidates(gazetteer: Gazetteer, parsed: ParsedAddress): GeocodeCandidate[] {
  const countryId = parsed.countryId;
  // Puerto Rico is one state; its places may carry a municipio code as admin1.
  const admin1 = countryId === 6 ? undefined : parsed.region?.code;
  // The most literal key that names anything wins ('Roma Norte, Cuauhtémoc': the whole, then each part).
  let places: Place[] = [];
  let areas: PostalArea[] = [];
  for (const key of parsed.cityKeys) {
    places = unionBy([gazetteer.placesNamed(countryId, key, admin1)], (p) => p.id);
    areas = unionBy([gazetteer.postalAreasOfPlace(countryId, key, admin1)], (a) => a.code);
    if (places.length > 0 || areas.length > 0) break;
  }
  if (places.length === 0 && areas.length === 0) return [];
  const groups = groupPlaces(places, areas);
  const base = 0.6;
  if (groups.length === 1) return [toCandidate(parsed, groups[0]!, base)];
  const top = base - 0.1;
  const topWeight = Math.max(1, groups[0]!.areas.length);
  let previous = top;
  return groups.map((group, rank) => {
    const scaled = rank === 0 ? top : Math.min(previous - 0.01, top * (0.5 + (0.5 * group.areas.length) / topWeight));
    previous = Math.max(0.05, scaled);
    return toCandidate(parsed, group, previous);
  });
}
