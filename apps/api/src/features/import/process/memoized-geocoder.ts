import type { GeocodeFn } from '../../geo/index';

/** Addresses remembered per processing run: files repeat cities and zips, and each is geocoded once. */
const MAX_REMEMBERED = 30_000;

/**
 * The geocoder with a memory of the addresses it answered during one run: a file of store
 * addresses repeats 'Springfield, IL' many times. The memory is dropped when full (simple and
 * bounded; a run's addresses mostly repeat near each other).
 */
export function memoizedGeocoder(geocode: GeocodeFn): GeocodeFn {
  const answers = new Map<string, ReturnType<GeocodeFn>>();
  return (address, options) => {
    const key = JSON.stringify([address.street, address.street2, address.city, address.state, address.zipCode, address.countryCode, options]);
    const known = answers.get(key);
    if (known) return known;
    if (answers.size >= MAX_REMEMBERED) answers.clear();
    const answer = geocode(address, options);
    answers.set(key, answer);
    // A failed lookup (the external service down) is not remembered: the next row asks again.
    answer.catch(() => answers.delete(key));
    return answer;
  };
}
