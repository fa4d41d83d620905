import type { CountryId } from '@riskatlas/domain';
import type { Place, PostalArea } from '../gazetteer/types';

/** How a one-line description names each country. */
const COUNTRY_LABELS: Readonly<Record<CountryId, string>> = {
  1: 'USA',
  2: 'Canada',
  3: 'United Kingdom',
  5: 'Mexico',
  6: 'Puerto Rico',
};

/** The country as descriptions write it ("USA", "United Kingdom"). */
export function countryLabel(countryId: CountryId): string {
  return COUNTRY_LABELS[countryId];
}

/**
 * "IL, USA" / "ON, Canada" / "England, United Kingdom" / "Jalisco, Mexico" / "Puerto Rico":
 * US states and Canadian provinces by their postal abbreviation, as addresses write them; UK
 * nations and Mexican states by name; Puerto Rico is itself the country.
 */
export function regionLabel(countryId: CountryId, admin1Code: string, admin1Name: string): string {
  switch (countryId) {
    case 1:
    case 2:
      return `${admin1Code}, ${COUNTRY_LABELS[countryId]}`;
    case 6:
      return COUNTRY_LABELS[6];
    default:
      return admin1Name ? `${admin1Name}, ${COUNTRY_LABELS[countryId]}` : COUNTRY_LABELS[countryId];
  }
}

/** "Chicago, IL, USA"; with the county when the name is not unique in its region: "Springfield, Clark County, OH, USA". */
export function describePlace(place: Place, withAdmin2: boolean): string {
  const admin2 = withAdmin2 && place.admin2Name ? `${place.admin2Name}, ` : '';
  return `${place.name}, ${admin2}${regionLabel(place.countryId, place.admin1Code, place.admin1Name)}`;
}

/** "60601 Chicago, IL, USA"; "06700 Benito Juarez, Ciudad de México, Mexico"; without a place: "01234 Jalisco, Mexico". */
export function describePostalArea(area: PostalArea): string {
  const place = area.place ? ` ${area.place},` : '';
  return `${area.code}${place} ${regionLabel(area.countryId, area.admin1Code, area.admin1Name)}`;
}
