import { ZPlaceDetails, type TPlaceDetails } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST places/details: the point and address of an autocomplete prediction. */
export function placeDetails(placeId: string): Promise<TPlaceDetails> {
  return apiFetch('places/details', { method: 'POST', body: { placeId }, schema: ZPlaceDetails });
}
