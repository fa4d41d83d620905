import { COUNTRY_IDS, COUNTRY_RELEASES, countryCodeOf, countryEntity, currentReleaseOf, releaseYearList, type CountryEntity, type TReleaseYearsResponse } from '@riskatlas/domain';
import type { AuthContext } from '../../access/caller';

/**
 * Releases per country (account/releases/years) with the account's chosen years
 * (Account.releaseYears), and the Country entities.
 */
export function releaseYearsFor(auth: AuthContext): TReleaseYearsResponse {
  return {
    countries: COUNTRY_IDS.map((countryId) => ({
      countryId,
      countryCode: countryCodeOf(countryId),
      ...COUNTRY_RELEASES[countryId],
      currentRelease: currentReleaseOf(countryId),
      years: releaseYearList(countryId),
    })),
    releaseYears: { ...auth.account.releaseYears },
  };
}

/** Every covered country with its map framing, releases and score range. */
export function listCountries(): CountryEntity[] {
  return COUNTRY_IDS.map(countryEntity);
}
