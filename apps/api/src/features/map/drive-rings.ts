import { TravelMode, type TDriveResponse } from '@riskatlas/domain';
import { EARTH_RADIUS_METERS } from '@riskatlas/geo';

/**
 * Drive-time areas as an honest approximation: no road network is consulted, so each ring is a
 * circle whose radius is the time at an assumed average speed for the mode, and the answer says
 * so (approximate: true, assumedSpeedMph). Speeds: walking 3 mph, driving 25 mph (an urban
 * average with stops), public transport 12 mph.
 */
const ASSUMED_SPEED_MPH: Readonly<Record<number, number>> = { [TravelMode.Walk]: 3, [TravelMode.Drive]: 25, [TravelMode.Transit]: 12 };

const METERS_PER_MILE = 1609.34;
/** Points per ring, as the product's other map rings. */
const RING_POINTS = 64;

/** A closed ring of RING_POINTS points at `meters` around a point, [lng, lat] pairs. */
function circle(latitude: number, longitude: number, meters: number): Array<[number, number]> {
  const angular = meters / EARTH_RADIUS_METERS;
  const lat1 = (latitude * Math.PI) / 180;
  const lng1 = (longitude * Math.PI) / 180;
  const ring: Array<[number, number]> = [];
  for (let i = 0; i <= RING_POINTS; i += 1) {
    const bearing = ((i % RING_POINTS) / RING_POINTS) * 2 * Math.PI;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
    const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
    ring.push([Math.round(((lng2 * 180) / Math.PI) * 1e6) / 1e6, Math.round(((lat2 * 180) / Math.PI) * 1e6) / 1e6]);
  }
  return ring;
}

/**
 * The inner ring (a disc of `inner` minutes) and the outer ring (the band from `inner` to `outer`
 * minutes, a disc with the inner one cut out) around a point. The two times are taken in either
 * order: the smaller is the inner ring.
 */
export function driveRings(latitude: number, longitude: number, innerMinutes: number, outerMinutes: number, mode: number): TDriveResponse {
  const speed = ASSUMED_SPEED_MPH[mode] ?? ASSUMED_SPEED_MPH[TravelMode.Drive]!;
  const [inner, outer] = innerMinutes <= outerMinutes ? [innerMinutes, outerMinutes] : [outerMinutes, innerMinutes];
  const miles = (minutes: number) => Math.round(((speed * minutes) / 60) * 100) / 100;
  const innerRing = circle(latitude, longitude, miles(inner) * METERS_PER_MILE);
  const outerRing = circle(latitude, longitude, miles(outer) * METERS_PER_MILE);
  return {
    type: 'FeatureCollection',
    approximate: true,
    assumedSpeedMph: speed,
    features: [
      { type: 'Feature', geometry: { type: 'Polygon', coordinates: [innerRing] }, properties: { minutes: inner, miles: miles(inner), ring: 'inner' } },
      { type: 'Feature', geometry: { type: 'Polygon', coordinates: [outerRing, [...innerRing].reverse()] }, properties: { minutes: outer, miles: miles(outer), ring: 'outer' } },
    ],
  };
}
