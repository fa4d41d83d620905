import { MAP_ZOOM } from './map-constants';
import type { LatLng, MapView } from './types';

/** Heights of the maps when the caller gives none. */
export const DEFAULT_HEIGHT = { atlas: 400, pin: 360 } as const;

/** Zoom the map flies to for a pin set by geocoding or typed coordinates: street level, so the user can check the building. */
export const PIN_ZOOM = MAP_ZOOM.pin;

/** The product's five countries (USA with Alaska and Hawaii, Canada, Mexico, Puerto Rico, UK): the view with nothing to show. */
const PRODUCT_COUNTRIES: readonly [number, number, number, number] = [-168, 14, 2, 72];

const PIN_DECIMALS = 1e7;

/** A clicked or dragged position as stored: 7 decimals (~1 cm), longitude wrapped into −180…180. */
export function roundPin(at: LatLng): LatLng {
  const wrapped = ((((at.longitude + 180) % 360) + 360) % 360) - 180;
  return {
    latitude: Math.round(at.latitude * PIN_DECIMALS) / PIN_DECIMALS,
    longitude: Math.round(wrapped * PIN_DECIMALS) / PIN_DECIMALS,
  };
}

/**
 * The view that fits the points, zoomed in no further than `maxZoom` (one point is a box of no
 * size); the product's five countries without points.
 */
export function fitView(points: readonly LatLng[], maxZoom: number): MapView {
  if (points.length === 0) return { bounds: PRODUCT_COUNTRIES };
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { latitude, longitude } of points) {
    if (longitude < west) west = longitude;
    if (longitude > east) east = longitude;
    if (latitude < south) south = latitude;
    if (latitude > north) north = latitude;
  }
  return { bounds: [west, south, east, north], maxZoom };
}

/** "41.8781000, -87.6298000": coordinates as the user reads them. */
export function formatLatLng(at: LatLng): string {
  return `${at.latitude.toFixed(7)}, ${at.longitude.toFixed(7)}`;
}
