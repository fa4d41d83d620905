import type { StyleSpecification } from 'maplibre-gl';

/** Credit for the offline base layers. */
const OFFLINE_ATTRIBUTION = 'Natural Earth via world-atlas and us-atlas';

const PALETTES = {
  light: { water: '#cfe0ee', land: '#f4f1ea', country: '#6d6a63', state: '#9b968c', county: '#c9c3b8' },
  dark: { water: '#14202e', land: '#2a2f36', country: '#9aa3ad', state: '#6d7782', county: '#434b55' },
} as const;

const basemapUrl = (name: string) => `${window.location.origin}/basemap/${name}.json`;
const source = (name: string) => ({ type: 'geojson' as const, data: basemapUrl(name), attribution: OFFLINE_ATTRIBUTION });

/** County borders show from this zoom. */
const COUNTY_MIN_ZOOM = 6;

/**
 * Loads the county borders (0.45 MiB, the largest base layer) into the offline style the first time
 * the map comes near the zoom that shows them: a map of the whole country never parses them, which
 * keeps them off its first draw. Nothing for an online style. Answers whether they are loaded.
 */
export function loadCountiesWhenNeeded(map: { getZoom(): number; getSource(id: string): unknown }): boolean {
  if (map.getZoom() < COUNTY_MIN_ZOOM - 1) return false;
  const counties = map.getSource('counties') as { setData?: (data: string) => unknown } | undefined;
  counties?.setData?.(basemapUrl('counties'));
  return true;
}

/**
 * The offline style: water, land, country borders everywhere, US state borders, and county
 * borders from zoom 6 (their data loaded on the way there: loadCountiesWhenNeeded). It has no glyphs and no sprite, so it never asks the network for one:
 * labels are HTML markers.
 */
function offlineStyle(mode: 'light' | 'dark'): StyleSpecification {
  const colors = PALETTES[mode];
  return {
    version: 8,
    sources: { land: source('land'), countries: source('countries'), states: source('states'), counties: { type: 'geojson', data: { type: 'FeatureCollection', features: [] }, attribution: OFFLINE_ATTRIBUTION } },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colors.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colors.land } },
      { id: 'counties', type: 'line', source: 'counties', minzoom: COUNTY_MIN_ZOOM, paint: { 'line-color': colors.county, 'line-width': 0.6 } },
      { id: 'states', type: 'line', source: 'states', paint: { 'line-color': colors.state, 'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 8, 1.4] } },
      { id: 'countries', type: 'line', source: 'countries', paint: { 'line-color': colors.country, 'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.8, 8, 2] } },
    ],
  };
}

/**
 * The map's style: the online style URL the server was started with (MAP_STYLE_URL, handed over by
 * GET map/config), else the offline base layers the web build writes to /basemap, in the theme's mode.
 */
export function mapStyle(mode: 'light' | 'dark', styleUrl: string | null): StyleSpecification | string {
  return styleUrl ?? offlineStyle(mode);
}
