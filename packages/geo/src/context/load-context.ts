import { PACK_FILES, DEMOGRAPHIC_SECTION_COLUMNS, DEMOGRAPHIC_VARIABLE_COLUMNS, DEMOGRAPHICS_KEY_COLUMN, POI_COLUMNS } from '../pack/format';
import { forEachPackRow, readManifest } from '../pack/read-pack';
import { locatePackDir } from '../pack/locate';
import { PointIndex } from '../spatial/point-index';

/** One point of interest of the pack. */
export interface PointOfInterest {
  layerId: number;
  name: string;
  category: string;
  address: string;
  latitude: number;
  longitude: number;
}

/** A point of interest near a place, with its straight-line distance. */
export interface NearbyPoint extends PointOfInterest {
  meters: number;
}

/** A section of the demographics tree; parentId null at the top. */
export interface DemographicSection {
  id: number;
  parentId: number | null;
  name: string;
}

/** A demographic variable. */
export interface DemographicVariable {
  dataName: string;
  displayName: string;
  unit: string;
  sectionId: number;
  visible: boolean;
  source: string;
}

/** A report's context data: points of interest by layer and county demographics. */
export interface ContextData {
  /**
   * The points of one layer within radiusMeters of a place, nearest first (ties by name), at most
   * `limit` of them.
   */
  nearby(layerId: number, latitude: number, longitude: number, radiusMeters: number, limit: number): NearbyPoint[];
  /** The county's values by dataName (null where the sources have none); undefined for a county the pack lacks. */
  demographicsOf(countyFips: string): Record<string, number | null> | undefined;
  sections: readonly DemographicSection[];
  variables: readonly DemographicVariable[];
}

interface Layer {
  points: PointOfInterest[];
  index: PointIndex;
}

/** Builds a spatial index over each layer's points. */
function layersOf(points: readonly PointOfInterest[]): Map<number, Layer> {
  const byLayer = new Map<number, PointOfInterest[]>();
  for (const point of points) {
    const list = byLayer.get(point.layerId);
    if (list) list.push(point);
    else byLayer.set(point.layerId, [point]);
  }
  return new Map(
    [...byLayer].map(([layerId, list]) => [layerId, { points: list, index: new PointIndex(list.map((p) => p.latitude), list.map((p) => p.longitude)) }]),
  );
}

/** Reads points of interest and demographics from the data pack (the argument, or where locatePackDir finds it). */
export function loadContextData(packDir?: string): ContextData {
  const dir = locatePackDir(packDir);
  readManifest(dir);
  const points: PointOfInterest[] = [];
  forEachPackRow(dir, PACK_FILES.poi, POI_COLUMNS, (f) => {
    points.push({ layerId: Number(f[0]), name: f[1]!, category: f[2]!, address: f[3]!, latitude: Number(f[4]) / 1e5, longitude: Number(f[5]) / 1e5 });
  });
  const layers = layersOf(points);
  const sections: DemographicSection[] = [];
  forEachPackRow(dir, PACK_FILES.demographicSections, DEMOGRAPHIC_SECTION_COLUMNS, (f) => {
    sections.push({ id: Number(f[0]), parentId: f[1] === '0' ? null : Number(f[1]), name: f[2]! });
  });
  const variables: DemographicVariable[] = [];
  forEachPackRow(dir, PACK_FILES.demographicVariables, DEMOGRAPHIC_VARIABLE_COLUMNS, (f) => {
    variables.push({ dataName: f[0]!, displayName: f[1]!, unit: f[2]!, sectionId: Number(f[3]), visible: f[4] === '1', source: f[5]! });
  });
  const counties = new Map<string, Record<string, number | null>>();
  forEachPackRow(dir, PACK_FILES.demographics, [DEMOGRAPHICS_KEY_COLUMN, ...variables.map((v) => v.dataName)], (f) => {
    counties.set(f[0]!, Object.fromEntries(variables.map((v, i) => [v.dataName, f[i + 1] === '' ? null : Number(f[i + 1])])));
  });
  return {
    nearby(layerId, latitude, longitude, radiusMeters, limit) {
      const layer = layers.get(layerId);
      if (!layer) return [];
      const found: NearbyPoint[] = [];
      layer.index.within(latitude, longitude, radiusMeters, (index, meters) => found.push({ ...layer.points[index]!, meters }));
      return found.sort((a, b) => a.meters - b.meters || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).slice(0, limit);
    },
    demographicsOf: (countyFips) => counties.get(countyFips),
    sections,
    variables,
  };
}
