import { PACK_FILES } from '../pack/format';
import { locatePackDir } from '../pack/locate';
import { readFeatures, type DecodedFeature } from '../pack/read-pack';

/** Boundary layers for drawing a base map: land (countries), first-level areas and counties, rings in degrees. */
export interface BaseMapLayers {
  /** Natural Earth outlines of the covered countries other than the US and Puerto Rico (whose land is their counties). */
  countries: readonly DecodedFeature[];
  /** US and Puerto Rico counties (their admin1Code gives the state). */
  counties: readonly DecodedFeature[];
  /** Mexican states. */
  mxStates: readonly DecodedFeature[];
}

/**
 * The data pack's boundary layers for a server-drawn map. Read on demand rather than taken from the
 * gazetteer: the gazetteer keeps only spatial indexes, and most processes never draw a map.
 */
export function loadBaseMapLayers(packDir?: string): BaseMapLayers {
  const dir = locatePackDir(packDir);
  return {
    countries: readFeatures(dir, PACK_FILES.countries),
    counties: readFeatures(dir, PACK_FILES.counties),
    mxStates: readFeatures(dir, PACK_FILES.mxStates),
  };
}
