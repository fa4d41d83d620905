import { ZIsScorableResponse, type TIsScorableResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** GET sites/isscorable/{lat}/{lng}: whether a point is inside a covered country. */
export function isScorable(latitude: number, longitude: number): Promise<TIsScorableResponse> {
  return apiFetch(`sites/isscorable/${latitude}/${longitude}`, { schema: ZIsScorableResponse });
}
