import { describe, expect, it } from 'vitest';
import {
  geolocationErrorMessage,
  INVALID_COORDINATES_MESSAGE,
  nextSiteMapStyle,
  pageAfterSiteSelection,
  parseMapSearch,
  reportHasHeatMap,
  SiteMapStyle,
  sitesInBox,
  sitesMatchingName,
  toggleMapLayer,
} from './map-page';

describe('site map style cycle', () => {
  it('cycles none, standard, heat/contour only when the report has a heat map', () => {
    expect(nextSiteMapStyle(SiteMapStyle.None, false)).toBe(SiteMapStyle.Standard);
    expect(nextSiteMapStyle(SiteMapStyle.Standard, false)).toBe(SiteMapStyle.None);
    expect(nextSiteMapStyle(SiteMapStyle.Standard, true)).toBe(SiteMapStyle.HeatContour);
    expect(nextSiteMapStyle(SiteMapStyle.HeatContour, true)).toBe(SiteMapStyle.None);
  });

  it('reads the heat-map feature bit of the report summary', () => {
    expect(reportHasHeatMap({ f: 1 })).toBe(true);
    expect(reportHasHeatMap({ f: 6 })).toBe(false);
    expect(reportHasHeatMap(null)).toBe(false);
  });
});

describe('map search text', () => {
  it('reads two numbers as coordinates, comma or space separated', () => {
    expect(parseMapSearch('41.8818, -87.6231')).toEqual({ kind: 'coordinates', point: { latitude: 41.8818, longitude: -87.6231 } });
    expect(parseMapSearch(' 41.8818 -87.6231 ')).toEqual({ kind: 'coordinates', point: { latitude: 41.8818, longitude: -87.6231 } });
  });

  it('refuses coordinates out of range or with a zero latitude', () => {
    expect(parseMapSearch('91, 10')).toEqual({ kind: 'invalidCoordinates', message: INVALID_COORDINATES_MESSAGE });
    expect(parseMapSearch('45, 181')).toEqual({ kind: 'invalidCoordinates', message: INVALID_COORDINATES_MESSAGE });
    expect(parseMapSearch('0, -87.6')).toEqual({ kind: 'invalidCoordinates', message: INVALID_COORDINATES_MESSAGE });
  });

  it('searches other text by name', () => {
    expect(parseMapSearch('Chicago 60601')).toEqual({ kind: 'text', text: 'Chicago 60601' });
    expect(parseMapSearch('   ')).toEqual({ kind: 'empty' });
  });

  it('matches sites by name, prefix first', () => {
    const sites = [{ siteName: 'Old Depot' }, { siteName: 'Depot B' }, { siteName: 'Depot A' }, { siteName: 'Yard' }];
    expect(sitesMatchingName(sites, 'depot').map((site) => site.siteName)).toEqual(['Depot A', 'Depot B', 'Old Depot']);
    expect(sitesMatchingName(sites, 'depot', 2)).toHaveLength(2);
    expect(sitesMatchingName(sites, ' ')).toEqual([]);
  });
});

describe('geolocation messages', () => {
  it('says what went wrong by the browser code', () => {
    expect(geolocationErrorMessage(1)).toBe('You declined to permit your location to be determined.');
    expect(geolocationErrorMessage(2)).toMatch(/could not be determined.*try again/);
    expect(geolocationErrorMessage(3)).toBe('It took too long to determine your location. Please try again.');
  });
});

describe('map layers', () => {
  it('shows one layer of an exclusivity group at a time', () => {
    const layers = [
      { mapLayerID: 3, exclusivityGroup: null },
      { mapLayerID: 4, exclusivityGroup: 1 },
      { mapLayerID: 5, exclusivityGroup: 1 },
    ];
    expect([...toggleMapLayer(layers, new Set([3, 4]), 5, true)].sort()).toEqual([3, 5]);
    expect([...toggleMapLayer(layers, new Set([3, 4]), 3, false)]).toEqual([4]);
    expect([...toggleMapLayer(layers, new Set([4]), 3, true)].sort()).toEqual([3, 4]);
  });
});

describe('box selection', () => {
  it('takes the sites between two corners in any order', () => {
    const sites = [
      { id: 1, latitude: 41.88, longitude: -87.63 },
      { id: 2, latitude: 39.74, longitude: -104.99 },
      { id: 3, latitude: 30.27, longitude: -97.74 },
    ];
    expect(sitesInBox(sites, { latitude: 42, longitude: -87 }, { latitude: 39, longitude: -106 }).map((site) => site.id)).toEqual([1, 2]);
    expect(sitesInBox(sites, { latitude: 29, longitude: -80 }, { latitude: 45, longitude: -100 }).map((site) => site.id)).toEqual([1, 3]);
  });
});

describe('return after Select Multiple Sites', () => {
  it('goes back to the previous page unless that was Sites or Dashboard', () => {
    expect(pageAfterSiteSelection('Compare Sites')).toBe('Compare Sites');
    expect(pageAfterSiteSelection('Map')).toBe('Map');
    expect(pageAfterSiteSelection('Dashboard')).toBe('Sites');
    expect(pageAfterSiteSelection('sites')).toBe('Sites');
    expect(pageAfterSiteSelection(undefined)).toBe('Sites');
  });
});
