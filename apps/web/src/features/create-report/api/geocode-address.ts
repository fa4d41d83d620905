import { ZGeocodeResponse, type TGeocodeRequest, type TGeocodeResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST sites/geocode?checkIsScorable: candidates for an address in covered countries, best first. */
export function geocodeAddress(address: TGeocodeRequest): Promise<TGeocodeResponse> {
  return apiFetch('sites/geocode', { method: 'POST', query: { checkIsScorable: true }, body: address, schema: ZGeocodeResponse });
}

