/** Web Mercator in pixels: the projection of the web map, so a drawn map matches what the Detail page shows. */

const TILE_SIZE = 256;
/** Web Mercator's latitude limit. */
const MAX_LATITUDE = 85.05112878;

/** A view: the centre in world pixels at a zoom, and the image size. */
export interface MapView {
  zoom: number;
  width: number;
  height: number;
  /** World pixel of the image's top-left corner. */
  left: number;
  top: number;
}

/** World pixel x of a longitude at a zoom. */
function worldX(longitude: number, zoom: number): number {
  return ((longitude + 180) / 360) * TILE_SIZE * 2 ** zoom;
}

/** World pixel y of a latitude at a zoom. */
function worldY(latitude: number, zoom: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * TILE_SIZE * 2 ** zoom;
}

/** The view of an image centred on a point. */
export function viewAround(latitude: number, longitude: number, zoom: number, width: number, height: number): MapView {
  return { zoom, width, height, left: worldX(longitude, zoom) - width / 2, top: worldY(latitude, zoom) - height / 2 };
}

/** Image pixel of a point. */
export function project(view: MapView, longitude: number, latitude: number): [number, number] {
  return [worldX(longitude, view.zoom) - view.left, worldY(latitude, view.zoom) - view.top];
}

/** Longitude of a world pixel x at a zoom. */
function longitudeAt(x: number, zoom: number): number {
  return (x / (TILE_SIZE * 2 ** zoom)) * 360 - 180;
}

/** Latitude of a world pixel y at a zoom. */
function latitudeAt(y: number, zoom: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / (TILE_SIZE * 2 ** zoom)))) * 180) / Math.PI;
}

/** The view's box in degrees: west, south, east, north. */
export function viewBox(view: MapView): [number, number, number, number] {
  return [longitudeAt(view.left, view.zoom), latitudeAt(view.top + view.height, view.zoom), longitudeAt(view.left + view.width, view.zoom), latitudeAt(view.top, view.zoom)];
}

/** The longitude and latitude at the view's centre. */
export function viewCentre(view: MapView): [number, number] {
  return [longitudeAt(view.left + view.width / 2, view.zoom), latitudeAt(view.top + view.height / 2, view.zoom)];
}

/**
 * The view of an image around a point, its centre moved to the nearest multiple of `step` world
 * pixels: every point within step/2 of the same multiple gets the same view (one shared backdrop),
 * and the point lies at most step/2 pixels from the image's centre on each axis.
 */
export function snappedViewAround(latitude: number, longitude: number, zoom: number, width: number, height: number, step: number): MapView {
  const x = Math.round(worldX(longitude, zoom) / step) * step;
  const y = Math.round(worldY(latitude, zoom) / step) * step;
  return { zoom, width, height, left: x - width / 2, top: y - height / 2 };
}

/** Metres one image pixel spans at a latitude (Web Mercator stretches away from the equator). */
export function metersPerPixel(latitude: number, zoom: number): number {
  return (40_075_016.686 * Math.cos((latitude * Math.PI) / 180)) / (TILE_SIZE * 2 ** zoom);
}
