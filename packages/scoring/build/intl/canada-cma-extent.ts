/*
 * Where a Canadian census metropolitan area is, for the engine's "is this point in the CMA"
 * test: a centre and a radius, both derived from the committed geo pack.
 *
 * Centre: the gazetteer place of the CMA's core city (the first municipality of its name) in
 * its province. Radius rule, on urban FSAs only (second character not '0': a rural FSA covers
 * countryside and its centroid says little about where the city ends):
 *   1. core — the urban FSAs named after the CMA's municipalities (the parts of its StatCan name,
 *      "Kitchener-Cambridge-Waterloo" → Kitchener, Cambridge, Waterloo, "Trois-Rivières" whole
 *      because the gazetteer knows it; plus MUNICIPALITY_ALIASES), within 60 km of the centre;
 *   2. suburbs — grow the core by any urban FSA (whatever its name: Mississauga, Laval, Burnaby)
 *      whose centroid lies within 6 km of one already in, within 45 km of the centre and no
 *      nearer another CMA's centre (so Hamilton stops Toronto's growth at Oakville/Burlington);
 *      6 km links a contiguous built-up area and leaves separate towns out;
 *   3. radiusKm = round(90th-percentile centre→FSA distance + 5), clamped to 10–45 km: +5 km
 *      because an FSA centroid lies inside its FSA, not at the built-up edge.
 * Results (2024 geo pack): Toronto 34, Montréal 28, Vancouver 30, Calgary 26, Ottawa–Gatineau 24,
 * Guelph, Brantford, Peterborough 11; a CMA with few FSAs takes its radius from the farthest
 * (Kamloops 43): the weak spot of the rule.
 */
import type { CountryId } from '@riskatlas/domain';
import { haversineMeters, type Gazetteer, type PostalArea } from '@riskatlas/geo';

const CANADA: CountryId = 2;
/** Named FSAs farther than this from the centre are not the CMA's (rural districts named after a city). */
const CMA_CORE_REACH_KM = 60;
/** Suburban FSAs are added only this close to the centre. */
const CMA_SUBURB_REACH_KM = 45;
/** An urban FSA joins when its centroid is this close to one already in. */
const CMA_LINK_KM = 6;
export const CMA_RADIUS_MIN_KM = 10;
export const CMA_RADIUS_MAX_KM = 45;

/**
 * Names GeoNames gives the FSAs of a municipality when they differ from StatCan's: Québec City's
 * FSAs are named "Quebec City", Saguenay's by its former cities, Greater Sudbury's "Sudbury",
 * and the Niagara part of St. Catharines–Niagara is Niagara Falls.
 */
const MUNICIPALITY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  Québec: ['Quebec City'],
  Saguenay: ['Chicoutimi', 'Jonquière', 'La Baie'],
  'Greater Sudbury': ['Sudbury'],
  Niagara: ['Niagara Falls'],
};

/** Canada Post's FSA letters: the first (province/region) and third positions. */
const FSA_FIRST = 'ABCEGHJKLMNPRSTVXY';
const FSA_THIRD = 'ABCEGHJKLMNPRSTVWXYZ';

/** A CMA to place: its key, StatCan name and province. */
export interface CmaInput {
  areaKey: string;
  name: string;
  provinceCode: string;
}

/** A CMA's centre and radius and how many FSAs determined it. */
export interface CmaExtent {
  latitude: number;
  longitude: number;
  radiusKm: number;
  fsaCount: number;
}

interface Point {
  latitude: number;
  longitude: number;
}

const km = (a: Point, b: Point) => haversineMeters(a.latitude, a.longitude, b.latitude, b.longitude) / 1000;
const isUrban = (area: PostalArea) => area.code[1] !== '0';

/** The municipalities a CMA's name lists: the whole name when it is a place, else its hyphenated parts. */
function cmaMunicipalities(gazetteer: Gazetteer, cmaName: string, provinceCode: string): string[] {
  if (gazetteer.placesNamed(CANADA, cmaName, provinceCode).length > 0) return [cmaName];
  return cmaName.split('-').map((part) => part.trim()).filter((part) => part !== '');
}

/** The radius rule on the centre→FSA distances (km). */
export function cmaRadiusKm(fsaDistancesKm: readonly number[]): number {
  if (fsaDistancesKm.length === 0) return CMA_RADIUS_MIN_KM;
  const sorted = [...fsaDistancesKm].sort((a, b) => a - b);
  const p90 = sorted[Math.max(0, Math.ceil(0.9 * sorted.length) - 1)]!;
  return Math.min(CMA_RADIUS_MAX_KM, Math.max(CMA_RADIUS_MIN_KM, Math.round(p90 + 5)));
}

/** Every urban FSA of the geo pack, found by asking for each code Canada Post's alphabet allows. */
function urbanFsas(gazetteer: Gazetteer): PostalArea[] {
  const areas: PostalArea[] = [];
  for (const first of FSA_FIRST) {
    for (let digit = 1; digit <= 9; digit++) {
      for (const third of FSA_THIRD) {
        const area = gazetteer.postalArea(CANADA, `${first}${digit}${third}`);
        if (area) areas.push(area);
      }
    }
  }
  return areas;
}

/** The centre of a CMA: its core city's place; throws when the gazetteer has none. */
function cmaCentre(gazetteer: Gazetteer, cma: CmaInput): Point {
  const core = cmaMunicipalities(gazetteer, cma.name, cma.provinceCode)[0]!;
  // Several places of one name in a province: the id order makes the choice stable.
  const [centre] = gazetteer.placesNamed(CANADA, core, cma.provinceCode).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (!centre) throw new Error(`CMA ${cma.name}: no gazetteer place named ${core} in ${cma.provinceCode}`);
  return centre;
}

/** Centres and radii of all CMAs at once (each CMA's suburbs stop where another's centre is nearer). */
export function cmaExtents(gazetteer: Gazetteer, cmas: readonly CmaInput[]): Map<string, CmaExtent> {
  const centres = new Map(cmas.map((cma) => [cma.areaKey, cmaCentre(gazetteer, cma)]));
  const urban = urbanFsas(gazetteer);
  const extents = new Map<string, CmaExtent>();
  for (const cma of cmas) {
    const centre = centres.get(cma.areaKey)!;
    const names = cmaMunicipalities(gazetteer, cma.name, cma.provinceCode).flatMap((name) => [name, ...(MUNICIPALITY_ALIASES[name] ?? [])]);
    const members = new Map<string, PostalArea>();
    for (const name of names) {
      // No province filter: Ottawa–Gatineau's Gatineau FSAs are in Quebec.
      for (const area of gazetteer.postalAreasOfPlace(CANADA, name)) {
        if (isUrban(area) && km(centre, area) <= CMA_CORE_REACH_KM) members.set(area.code, area);
      }
    }
    const candidates = urban.filter((area) => {
      const distance = km(centre, area);
      return distance <= CMA_SUBURB_REACH_KM && [...centres.values()].every((other) => km(other, area) >= distance);
    });
    for (let grew = members.size > 0; grew; ) {
      grew = false;
      for (const area of candidates) {
        if (members.has(area.code)) continue;
        if ([...members.values()].some((member) => km(member, area) <= CMA_LINK_KM)) {
          members.set(area.code, area);
          grew = true;
        }
      }
    }
    const distances = [...members.values()].map((area) => km(centre, area));
    extents.set(cma.areaKey, { latitude: centre.latitude, longitude: centre.longitude, radiusKm: cmaRadiusKm(distances), fsaCount: members.size });
  }
  return extents;
}
