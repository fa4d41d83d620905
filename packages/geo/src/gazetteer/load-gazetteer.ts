import type { CountryId } from '@riskatlas/domain';
import { KEY_SEPARATOR, PACK_FILES } from '../pack/format';
import { locatePackDir } from '../pack/locate';
import { forEachAdmin1, forEachPlace, forEachPostal, forEachSettlement, forEachZcta, readAttribution, readFeatures, readManifest, type DecodedFeature } from '../pack/read-pack';
import { PlaceSearch, type SearchPlace, type SearchPostal } from '../search/place-search';
import { PointIndex } from '../spatial/point-index';
import { PolygonIndex } from '../spatial/polygon-index';
import { normalizePlaceName } from './normalize';
import { normalizePostalCode } from './postal-code';
import type { BoundingBox, County, DataSource, Gazetteer, Place, PlaceMatch, PlaceSearchOptions, PostalArea, SizedPlace } from './types';

const COUNTRY_IDS: readonly CountryId[] = [1, 2, 3, 5, 6];

/**
 * How far outside every polygon a point may lie and still belong to the nearest one. The source
 * boundaries are generalised (Census 1:10m-class, Natural Earth 1:10m, INEGI simplified), so a
 * site on a pier or a beach can fall a little outside its county or country; a ship offshore
 * cannot. See data/README.md.
 */
export const BOUNDARY_TOLERANCE_METERS = 500;
/** Mexican state polygons are coarser than the country outline: inside Mexico, the nearest state within this distance. */
const MX_STATE_TOLERANCE_METERS = 50_000;
/** Population density: ZCTA centroids within this distance are pooled. */
const DENSITY_POOL_METERS = 3_000;
/** The nearest ZCTA counts when within this distance, or within 1.5 × its equivalent radius when larger. */
const DENSITY_MIN_REACH_METERS = 5_000;
const METERS_PER_MILE = 1_609.344;
const SQ_KM_PER_SQ_MI = 2.589988;
/**
 * Settlement kernel (Canada, the UK, Mexico): each GeoNames place spreads its population evenly
 * over a disc of at least 3 km radius, wider where its population would exceed 2,000 persons per
 * km² (about 5,200 per sq mi, a dense city's average). These two values agreed best with the US ZCTA
 * densities when the same kernel was run on US places (docs/methodology.md §3).
 */
const SETTLEMENT_MIN_RADIUS_KM = 3;
const SETTLEMENT_CORE_DENSITY_PER_SQ_KM = 2_000;
/** Countries whose density comes from the settlement kernel. */
const SETTLEMENT_COUNTRIES: ReadonlySet<CountryId> = new Set<CountryId>([2, 3, 5]);
/** Ids search gives: "coord:<lat>,<lng>" for coordinate text, "postal:<countryId>:<code>" for postal areas. */
const COORD_ID = /^coord:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/;
const POSTAL_ID = /^postal:(\d+):([0-9A-Z]+)$/;

interface CountyRecord {
  county: County;
  population: number;
  areaSqMi: number;
}

function toBoundingBox(bbox: [number, number, number, number]): BoundingBox {
  return [bbox[0], bbox[1], bbox[2], bbox[3]];
}

function isCountryId(value: number): value is CountryId {
  return (COUNTRY_IDS as readonly number[]).includes(value);
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The nearest item over per-country indexes: the countries whose items could be nearest are asked
 * in order of their lower bound, each bounded by the best so far. Equally near items in two
 * countries: the lower country id wins.
 */
function nearestAcross(
  trees: ReadonlyMap<CountryId, { index: PointIndex }>,
  latitude: number,
  longitude: number,
  only: CountryId | undefined,
): { countryId: CountryId; index: number; meters: number } | undefined {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  const order: Array<{ countryId: CountryId; index: PointIndex; bound: number }> = [];
  for (const [countryId, tree] of trees) {
    if (only === undefined || only === countryId) order.push({ countryId, index: tree.index, bound: tree.index.lowerBoundMeters(latitude, longitude) });
  }
  order.sort((a, b) => a.bound - b.bound || a.countryId - b.countryId);
  let best: { countryId: CountryId; index: number; meters: number } | undefined;
  for (const tree of order) {
    if (best && tree.bound > best.meters) break;
    const hit = tree.index.nearest(latitude, longitude, best?.meters);
    if (hit && (!best || hit.meters < best.meters || (hit.meters === best.meters && tree.countryId < best.countryId))) {
      best = { countryId: tree.countryId, index: hit.index, meters: hit.meters };
    }
  }
  return best;
}

/** The gazetteer over a loaded pack. Build it with loadGazetteer(). */
class PackGazetteer implements Gazetteer {
  readonly sources: readonly DataSource[];
  private readonly admin1Names = new Map<string, string>();
  private readonly postalByCode = new Map<CountryId, Map<string, PostalArea>>();
  /** Normalised names per postal area ('|'-joined, as in the pack), indexed on first use. */
  private readonly postalNameKeys: string[] = [];
  private readonly postalAreas: PostalArea[] = [];
  private postalByNameIndex: Map<string, PostalArea[]> | undefined;
  private readonly postalNearest = new Map<CountryId, { areas: PostalArea[]; index: PointIndex }>();
  private readonly places: Place[] = [];
  private readonly placesById = new Map<string, Place>();
  private readonly placeKeys: string[] = [];
  private placesByNameIndex: Map<string, Place[]> | undefined;
  private readonly placeNearest = new Map<CountryId, { places: Place[]; index: PointIndex }>();
  private readonly zctaPopulation: Float64Array;
  private readonly zctaLandSqMi: Float64Array;
  private readonly zctaIndex: PointIndex;
  private readonly settlementPopulation: Float64Array;
  private readonly settlementRadiusKm: Float64Array;
  private readonly settlementCountry: Uint8Array;
  private readonly settlementIndex: PointIndex;
  private readonly settlementMaxRadiusKm: number;
  private readonly counties: CountyRecord[];
  private readonly countyIndex: PolygonIndex;
  private readonly mxStates: County[];
  private readonly mxStateIndex: PolygonIndex;
  private readonly countryOfFeature: CountryId[];
  private readonly countryIndex: PolygonIndex;
  private readonly placeSearch: PlaceSearch;
  private readonly placeSizes: number[] = [];
  private sized: SizedPlace[] | undefined;

  constructor(dir: string) {
    readManifest(dir);
    this.sources = Object.freeze(readAttribution(dir));
    forEachAdmin1(dir, ([countryId, code, name]) => this.admin1Names.set(`${countryId}|${code}`, name!));

    // Postal areas.
    const postalByCountry = new Map<CountryId, PostalArea[]>();
    const searchPostal: SearchPostal[] = [];
    forEachPostal(dir, ([id, code, lat, lng, place, admin1, admin2Code, admin2Name, nameKeys]) => {
      const countryId = Number(id);
      if (!isCountryId(countryId)) throw new Error(`${PACK_FILES.postal}: unknown country ${id}`);
      const area: PostalArea = {
        countryId,
        code: code!,
        latitude: Number(lat) / 1e5,
        longitude: Number(lng) / 1e5,
        place: place!,
        admin1Code: admin1!,
        admin1Name: this.admin1Name(countryId, admin1!),
        admin2Code: admin2Code!,
        admin2Name: admin2Name!,
      };
      let byCode = this.postalByCode.get(countryId);
      if (!byCode) this.postalByCode.set(countryId, (byCode = new Map()));
      byCode.set(area.code, area);
      pushTo(postalByCountry, countryId, area);
      this.postalAreas.push(area);
      this.postalNameKeys.push(nameKeys!);
      searchPostal.push({ area });
    });
    for (const [countryId, areas] of postalByCountry) {
      this.postalNearest.set(countryId, { areas, index: new PointIndex(areas.map((a) => a.latitude), areas.map((a) => a.longitude)) });
    }

    // Places.
    const sizes = this.placeSizes;
    const fromPostal: boolean[] = [];
    forEachPlace(dir, ([id, country, name, key, lat, lng, admin1, admin2Name, postalCode, postalCount, source]) => {
      const countryId = Number(country);
      if (!isCountryId(countryId)) throw new Error(`${PACK_FILES.places}: unknown country ${country}`);
      const place: Place = {
        id: id!,
        countryId,
        name: name!,
        latitude: Number(lat) / 1e5,
        longitude: Number(lng) / 1e5,
        admin1Code: admin1!,
        admin1Name: this.admin1Name(countryId, admin1!),
        admin2Name: admin2Name!,
        postalCode: postalCode!,
      };
      this.places.push(place);
      this.placesById.set(place.id, place);
      this.placeKeys.push(key!);
      sizes.push(Number(postalCount));
      fromPostal.push(source === 'p');
    });
    const placesByCountry = new Map<CountryId, Place[]>();
    for (const place of this.places) pushTo(placesByCountry, place.countryId, place);
    for (const [countryId, places] of placesByCountry) {
      this.placeNearest.set(countryId, { places, index: new PointIndex(places.map((p) => p.latitude), places.map((p) => p.longitude)) });
    }
    const searchPlaces: SearchPlace[] = this.places.map((place, i) => ({
      place,
      key: this.placeKeys[i]!,
      size: sizes[i]!,
      fromPostalName: fromPostal[i]!,
    }));
    this.placeSearch = new PlaceSearch(searchPlaces, searchPostal);

    // ZCTA population.
    const zLat: number[] = [];
    const zLng: number[] = [];
    const population: number[] = [];
    const land: number[] = [];
    forEachZcta(dir, ([, lat, lng, people, landSqMiE3]) => {
      zLat.push(Number(lat) / 1e5);
      zLng.push(Number(lng) / 1e5);
      population.push(Number(people));
      land.push(Number(landSqMiE3) / 1000);
    });
    this.zctaPopulation = Float64Array.from(population);
    this.zctaLandSqMi = Float64Array.from(land);
    this.zctaIndex = new PointIndex(zLat, zLng);

    // Populated places with population (Canada, the UK, Mexico).
    const sLat: number[] = [];
    const sLng: number[] = [];
    const sPopulation: number[] = [];
    const sCountry: number[] = [];
    forEachSettlement(dir, ([countryId, lat, lng, people]) => {
      sCountry.push(Number(countryId));
      sLat.push(Number(lat) / 1e5);
      sLng.push(Number(lng) / 1e5);
      sPopulation.push(Number(people));
    });
    this.settlementPopulation = Float64Array.from(sPopulation);
    this.settlementCountry = Uint8Array.from(sCountry);
    this.settlementRadiusKm = Float64Array.from(sPopulation, (people) => Math.max(SETTLEMENT_MIN_RADIUS_KM, Math.sqrt(people / (Math.PI * SETTLEMENT_CORE_DENSITY_PER_SQ_KM))));
    this.settlementMaxRadiusKm = this.settlementRadiusKm.reduce((max, radius) => Math.max(max, radius), SETTLEMENT_MIN_RADIUS_KM);
    this.settlementIndex = new PointIndex(sLat, sLng);

    // Boundaries.
    const counties = readFeatures(dir, PACK_FILES.counties);
    this.counties = counties.map((f) => ({ county: this.countyOf(f), population: f.population, areaSqMi: f.areaSqMiE1 / 10 }));
    this.countyIndex = new PolygonIndex(
      counties.map((f) => f.polygons),
      0.25,
    );
    const mxStates = readFeatures(dir, PACK_FILES.mxStates);
    this.mxStates = mxStates.map((f) => this.countyOf(f));
    this.mxStateIndex = new PolygonIndex(
      mxStates.map((f) => f.polygons),
      0.5,
    );
    const countries = readFeatures(dir, PACK_FILES.countries);
    this.countryOfFeature = countries.map((f) => {
      if (!isCountryId(f.countryId)) throw new Error(`${PACK_FILES.countries}: unknown country ${f.countryId}`);
      return f.countryId;
    });
    this.countryIndex = new PolygonIndex(
      countries.map((f) => f.polygons),
      0.5,
    );
  }

  private admin1Name(countryId: number, code: string): string {
    return this.admin1Names.get(`${countryId}|${code}`) ?? '';
  }

  private countyOf(feature: DecodedFeature): County {
    if (!isCountryId(feature.countryId)) throw new Error(`Boundary ${feature.id}: unknown country ${feature.countryId}`);
    return Object.freeze({
      countryId: feature.countryId,
      id: feature.id,
      name: feature.name,
      admin1Code: feature.admin1Code,
      admin1Name: feature.admin1Name,
      boundingBox: toBoundingBox(feature.bbox),
    });
  }

  /** Name indexes are built on first use: start-up stays under a second, the first lookup pays ~50 ms. */
  private get postalByName(): Map<string, PostalArea[]> {
    if (!this.postalByNameIndex) {
      const index = new Map<string, PostalArea[]>();
      this.postalAreas.forEach((area, i) => {
        const keys = this.postalNameKeys[i]!;
        if (keys) for (const key of keys.split(KEY_SEPARATOR)) pushTo(index, `${area.countryId}|${key}`, area);
      });
      this.postalByNameIndex = index;
    }
    return this.postalByNameIndex;
  }

  private get placesByName(): Map<string, Place[]> {
    if (!this.placesByNameIndex) {
      const index = new Map<string, Place[]>();
      this.places.forEach((place, i) => pushTo(index, `${place.countryId}|${this.placeKeys[i]}`, place));
      this.placesByNameIndex = index;
    }
    return this.placesByNameIndex;
  }

  postalArea(countryId: CountryId, code: string): PostalArea | undefined {
    const key = normalizePostalCode(countryId, code);
    return key === undefined ? undefined : this.postalByCode.get(countryId)?.get(key);
  }

  postalAreasOfPlace(countryId: CountryId, placeName: string, admin1Code?: string): PostalArea[] {
    const list = this.postalByName.get(`${countryId}|${normalizePlaceName(placeName)}`) ?? [];
    return admin1Code ? list.filter((area) => area.admin1Code === admin1Code) : [...list];
  }

  placesNamed(countryId: CountryId, name: string, admin1Code?: string): Place[] {
    const list = this.placesByName.get(`${countryId}|${normalizePlaceName(name)}`) ?? [];
    return admin1Code ? list.filter((place) => place.admin1Code === admin1Code) : [...list];
  }

  placeById(id: string): Place | undefined {
    const place = this.placesById.get(id);
    if (place) return place;
    const postal = POSTAL_ID.exec(id);
    if (postal) {
      const countryId = Number(postal[1]);
      const area = isCountryId(countryId) ? this.postalByCode.get(countryId)?.get(postal[2]!) : undefined;
      if (!area) return undefined;
      return {
        id,
        countryId: area.countryId,
        name: area.place || area.admin1Name,
        latitude: area.latitude,
        longitude: area.longitude,
        admin1Code: area.admin1Code,
        admin1Name: area.admin1Name,
        admin2Name: area.admin2Name,
        postalCode: area.code,
      };
    }
    const coord = COORD_ID.exec(id);
    if (coord) return this.placeAtCoordinates(id, Number(coord[1]), Number(coord[2]));
    return undefined;
  }

  /** A coordinate pin as a place: its region and postal code from the country it lies in, else the nearest postal area. */
  private placeAtCoordinates(id: string, latitude: number, longitude: number): Place | undefined {
    if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180)) return undefined;
    const countryId = this.countryAt(latitude, longitude);
    const nearest = this.nearestPostalArea(latitude, longitude, countryId);
    if (!nearest) return undefined;
    const county = countryId === 1 || countryId === 6 ? this.countyAt(latitude, longitude) : undefined;
    const close = nearest.distanceMeters <= 50_000;
    return {
      id,
      countryId: countryId ?? nearest.area.countryId,
      name: `${latitude}, ${longitude}`,
      latitude,
      longitude,
      admin1Code: close || countryId ? nearest.area.admin1Code : '',
      admin1Name: close || countryId ? nearest.area.admin1Name : '',
      admin2Name: county?.name ?? (close ? nearest.area.admin2Name : ''),
      postalCode: close ? nearest.area.code : '',
    };
  }

  nearestPostalArea(latitude: number, longitude: number, countryId?: CountryId): { area: PostalArea; distanceMeters: number } | undefined {
    const hit = nearestAcross(this.postalNearest, latitude, longitude, countryId);
    return hit && { area: this.postalNearest.get(hit.countryId)!.areas[hit.index]!, distanceMeters: hit.meters };
  }

  nearestPlace(latitude: number, longitude: number, countryId?: CountryId): { place: Place; distanceMeters: number } | undefined {
    const hit = nearestAcross(this.placeNearest, latitude, longitude, countryId);
    return hit && { place: this.placeNearest.get(hit.countryId)!.places[hit.index]!, distanceMeters: hit.meters };
  }

  countryAt(latitude: number, longitude: number): CountryId | undefined {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
    // The US and Puerto Rico by their Census county polygons: finer than Natural Earth, and cut at
    // the shoreline, so Lake Michigan and the sea off Chicago are not "in" the United States.
    const county = this.countyIndex.find(latitude, longitude);
    if (county >= 0) return this.counties[county]!.county.countryId;
    const country = this.countryIndex.find(latitude, longitude);
    if (country >= 0) return this.countryOfFeature[country];
    const nearCounty = this.countyIndex.nearestWithin(latitude, longitude, BOUNDARY_TOLERANCE_METERS);
    const nearCountry = this.countryIndex.nearestWithin(latitude, longitude, BOUNDARY_TOLERANCE_METERS);
    if (nearCounty && (!nearCountry || nearCounty.meters <= nearCountry.meters)) return this.counties[nearCounty.feature]!.county.countryId;
    if (nearCountry) return this.countryOfFeature[nearCountry.feature];
    return undefined;
  }

  countyAt(latitude: number, longitude: number): County | undefined {
    const record = this.countyRecordAt(latitude, longitude);
    if (record) return record.county;
    const state = this.mxStateIndex.find(latitude, longitude);
    if (state >= 0) return this.mxStates[state];
    if (this.countryAt(latitude, longitude) === 5) {
      const near = this.mxStateIndex.nearestWithin(latitude, longitude, MX_STATE_TOLERANCE_METERS);
      if (near) return this.mxStates[near.feature];
    }
    return undefined;
  }

  private countyRecordAt(latitude: number, longitude: number): CountyRecord | undefined {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
    const hit = this.countyIndex.find(latitude, longitude);
    if (hit >= 0) return this.counties[hit];
    // Only when no other covered country claims the point (a Windsor pier is Canada's).
    if (this.countryIndex.find(latitude, longitude) >= 0) return undefined;
    const near = this.countyIndex.nearestWithin(latitude, longitude, BOUNDARY_TOLERANCE_METERS);
    return near ? this.counties[near.feature] : undefined;
  }

  /**
   * US: the 2010 ZCTA density around the point — population over land area of the ZCTAs whose
   * centroids lie within 3 km, together with the nearest one (pooling keeps a one-building ZCTA
   * in Midtown with no residents from making Manhattan rural); the nearest counts when within
   * 5 km or 1.5 × its equivalent radius (large rural ZCTAs). Else, and in Puerto Rico (no ZCTA
   * population in the source), the county or municipio density (ACS 2013–2017 population over
   * polygon area). Canada, the UK and Mexico: the settlement kernel (settlementDensity). Elsewhere:
   * undefined.
   */
  populationDensity(latitude: number, longitude: number): number | undefined {
    const county = this.countyRecordAt(latitude, longitude);
    if (!county) {
      const countryId = this.countryAt(latitude, longitude);
      return countryId !== undefined && SETTLEMENT_COUNTRIES.has(countryId) ? this.settlementDensity(latitude, longitude, countryId) : undefined;
    }
    if (county.county.countryId === 1) {
      const nearest = this.zctaIndex.nearest(latitude, longitude);
      if (nearest) {
        const equivalentRadius = Math.sqrt(this.zctaLandSqMi[nearest.index]! / Math.PI) * METERS_PER_MILE;
        if (nearest.meters <= Math.max(DENSITY_MIN_REACH_METERS, 1.5 * equivalentRadius)) {
          let population = this.zctaPopulation[nearest.index]!;
          let land = this.zctaLandSqMi[nearest.index]!;
          this.zctaIndex.within(latitude, longitude, DENSITY_POOL_METERS, (index) => {
            if (index === nearest.index) return;
            population += this.zctaPopulation[index]!;
            land += this.zctaLandSqMi[index]!;
          });
          if (land > 0) return Math.round((population / land) * 10) / 10;
        }
      }
    }
    if (county.population >= 0 && county.areaSqMi > 0) return Math.round((county.population / county.areaSqMi) * 10) / 10;
    return undefined;
  }

  /**
   * Canada, the UK, Mexico (no census units with population and area in the raw data): the sum, over
   * the country's GeoNames places of 1,000 people or more, of each place's population spread evenly
   * over its disc (SETTLEMENT_MIN_RADIUS_KM, wider for large places), in persons per sq mi. A point
   * no disc reaches reads 0: no settlement of 1,000 people within 3 km — rural.
   */
  private settlementDensity(latitude: number, longitude: number, countryId: CountryId): number {
    let perSqKm = 0;
    this.settlementIndex.within(latitude, longitude, this.settlementMaxRadiusKm * 1000, (index, meters) => {
      const radiusKm = this.settlementRadiusKm[index]!;
      if (this.settlementCountry[index] !== countryId || meters > radiusKm * 1000) return;
      perSqKm += this.settlementPopulation[index]! / (Math.PI * radiusKm * radiusKm);
    });
    return Math.round(perSqKm * SQ_KM_PER_SQ_MI * 10) / 10;
  }

  sizedPlaces(): readonly SizedPlace[] {
    this.sized ??= this.places.map((place, i) => ({ place, size: this.placeSizes[i]! }));
    return this.sized;
  }

  search(query: string, options?: PlaceSearchOptions): PlaceMatch[] {
    return this.placeSearch.search(query, options);
  }
}

const cache = new Map<string, Gazetteer>();

/**
 * Loads the data pack (see locatePackDir for where it is looked for) into an in-memory gazetteer.
 * One instance per pack directory per process: later calls return the same object.
 */
export function loadGazetteer(packDir?: string): Gazetteer {
  const dir = locatePackDir(packDir);
  let gazetteer = cache.get(dir);
  if (!gazetteer) {
    gazetteer = new PackGazetteer(dir);
    cache.set(dir, gazetteer);
  }
  return gazetteer;
}
