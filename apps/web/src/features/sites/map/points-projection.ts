import { scoreBand, type TSite } from '@riskatlas/domain';
import { siteCountryId, siteScore } from '../grid/columns';

/** Colour of a site without a score under the methodology. */
export const NO_SCORE_COLOR = '#78909c';

/** Sites in Web Mercator units: x is the longitude in degrees, y the Mercator ordinate in the same scale. */
export interface ProjectedSites {
  sites: readonly TSite[];
  xs: Float64Array;
  ys: Float64Array;
  count: number;
}

const MAX_LATITUDE = 85;

/** The Mercator ordinate of a latitude, scaled to degrees so x and y share one unit. */
export function mercatorY(latitude: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  const radians = (clamped * Math.PI) / 180;
  return (Math.log(Math.tan(Math.PI / 4 + radians / 2)) * 180) / Math.PI;
}

function latitudeOf(y: number): number {
  return (Math.atan(Math.sinh((y * Math.PI) / 180)) * 180) / Math.PI;
}

/** Projects every site once (the map redraws on resize or selection without projecting again). */
export function projectSites(sites: readonly TSite[]): ProjectedSites {
  const xs = new Float64Array(sites.length);
  const ys = new Float64Array(sites.length);
  for (let i = 0; i < sites.length; i += 1) {
    xs[i] = sites[i]!.longitude;
    ys[i] = mercatorY(sites[i]!.latitude);
  }
  return { sites, xs, ys, count: sites.length };
}

/** Screen placement of projected points, and the graticule lines (x1, y1, x2, y2) to draw under them. */
export interface Projection {
  x: (mercatorX: number) => number;
  y: (mercatorY: number) => number;
  /** Screen x back to a longitude and screen y back to a latitude. */
  longitude: (screenX: number) => number;
  latitude: (screenY: number) => number;
  graticule: [number, number, number, number][];
}

const GRATICULE_STEPS = [20, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01];

/**
 * Fits the points into width × height with padding, keeping the aspect (one scale for x and y). A
 * single point or a tight cluster gets a minimum span of 0.02° so it is not a single pixel. Null
 * without points or room.
 */
export function fitProjection(points: ProjectedSites, width: number, height: number, padding: number): Projection | null {
  if (points.count === 0 || width <= padding * 2 || height <= padding * 2) return null;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < points.count; i += 1) {
    const x = points.xs[i]!;
    const y = points.ys[i]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const spanX = Math.max(maxX - minX, 0.02);
  const spanY = Math.max(maxY - minY, 0.02);
  const scale = Math.min((width - padding * 2) / spanX, (height - padding * 2) / spanY);
  const centreX = (minX + maxX) / 2;
  const centreY = (minY + maxY) / 2;
  const x = (value: number) => width / 2 + (value - centreX) * scale;
  const y = (value: number) => height / 2 - (value - centreY) * scale;
  const longitude = (screenX: number) => centreX + (screenX - width / 2) / scale;
  const latitude = (screenY: number) => latitudeOf(centreY - (screenY - height / 2) / scale);

  const graticule: [number, number, number, number][] = [];
  const west = longitude(0);
  const east = longitude(width);
  const step = GRATICULE_STEPS.find((candidate) => (east - west) / candidate >= 3) ?? 0.01;
  for (let lng = Math.ceil(west / step) * step; lng <= east; lng += step) graticule.push([x(lng), 0, x(lng), height]);
  const south = latitude(height);
  const north = latitude(0);
  for (let lat = Math.ceil(south / step) * step; lat <= north; lat += step) {
    const screenY = y(mercatorY(lat));
    graticule.push([0, screenY, width, screenY]);
  }
  return { x, y, longitude, latitude, graticule };
}

/** The index of the point nearest to a screen position within `maxDistance` px, or -1. */
export function nearestPoint(points: ProjectedSites, projection: Projection, screenX: number, screenY: number, maxDistance: number): number {
  let best = -1;
  let bestDistance = maxDistance * maxDistance;
  for (let i = 0; i < points.count; i += 1) {
    const dx = projection.x(points.xs[i]!) - screenX;
    const dy = projection.y(points.ys[i]!) - screenY;
    const distance = dx * dx + dy * dy;
    if (distance <= bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return best;
}

/** A site's dot colour: its score band under the methodology (its country's bands), grey without a score. */
export function pointColor(site: TSite, methodology: number): string {
  const score = siteScore(site, methodology);
  const countryId = siteCountryId(site);
  return score === null || countryId === undefined ? NO_SCORE_COLOR : scoreBand(score, countryId).color;
}
