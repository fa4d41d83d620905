import { COUNTRY_IDS, COUNTRY_RELEASES, countryCodeOf, countryEntity, currentReleaseOf, releaseYearList, type CountryEntity, type TReleaseYearsResponse } from '@riskatlas/domain';
import type { AuthContext } from '../../access/caller';

/**
 * Releases per country (spec 1 §7 account/releases/years) with the account's chosen years
 * (Account.releaseYears, spec 2 §3), and the Country entities of spec 3 §3.
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
