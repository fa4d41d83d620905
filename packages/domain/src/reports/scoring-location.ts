import type { CountryId } from '../ids';

/**
 * Where a location is, as the scoring engine needs it: the geography the gazetteer resolves for a
 * point (packages/geo `scoringLocationAt`), handed to the engine (packages/scoring), which knows no
 * boundaries of its own. Fields are undefined where the country has no such level or the point
 * lies outside every area of it.
 */
export interface ScoringLocation {
  latitude: number;
  longitude: number;
  countryId: CountryId;
  /** State / province / region code: US 'IL', PR 'PR', CA 'ON', MX INEGI '09', GB 'ENG'|'SCT'|'WLS'|'NIR'. */
  admin1Code?: string;
  /** US county and PR municipio FIPS ('17031'); GB the local authority code of the postcode district ('E07000070'). */
  countyCode?: string;
  /** The nearest postal area's code where the engine places points by it (GB outward code 'CM1'). */
  postalCode?: string;
  /** Persons per square mile around the point (US ZCTAs, else the US county or PR municipio). */
  populationDensity?: number;
}
