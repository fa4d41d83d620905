import { ZReverseGeocodeResponse, type TReverseGeocodeResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** GET sites/reverse/{lat}/{lng}: the nearest postal area to a pinned point, as an address. */
export function reverseGeocode(latitude: number, longitude: number): Promise<TReverseGeocodeResponse> {
  return apiFetch(`sites/reverse/${latitude}/${longitude}`, { schema: ZReverseGeocodeResponse });
}
