import type { CountryId } from '@riskatlas/domain';
import { regionByCode } from '@riskatlas/geo';

/**
 * The State value an address shows for a gazetteer admin1 code, as the geocoder writes it on its
 * candidates: the postal abbreviation where addresses use one ('IL', 'ON', 'PR'), else the name
 * ('England', 'Jalisco').
 */
export function stateDisplay(countryId: CountryId, admin1Code: string, admin1Name: string): string {
  return regionByCode(countryId, admin1Code)?.display ?? admin1Name;
}
