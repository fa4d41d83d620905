import { CommunityType } from '../ids';

/**
 * Community type (Site.ct: 0 Rural, 1 Suburban, 2 Urban, 3 Unknown) from population density. The
 * thresholds are this product's own choice, in persons per square mile around the point. Where the
 * data pack's density comes from (packages/geo, Gazetteer.populationDensity):
 * - USA: the 2010 Census population and land area of the ZIP Code Tabulation Areas around the point,
 *   else its county; Puerto Rico: its municipio.
 * - Canada, the United Kingdom and Mexico (no census units with population and area in the raw data):
 *   a kernel of GeoNames populated places of 1,000 people or more — each place's population spread
 *   evenly over a disc of at least 3 km, wider where it would exceed 2,000 persons per km² — summed
 *   at the point. It reads a city's core at about 5,200 per sq mi (Urban), a small town's edge as
 *   Suburban and a point no town of 1,000 lies within 3 km of as 0 (Rural). Run on US places it gives
 *   the same type as the ZCTA densities at 81 % of ZCTA centroids, and calls almost no rural point
 *   urban (docs/methodology.md §3).
 * - 3,000 or more: Urban — the density of city neighbourhoods with contiguous blocks (Census urban
 *   cores start near 1,000; 3,000 keeps inner suburbs out of "Urban").
 * - 500 to 2,999: Suburban — built-up but not dense (the Census's 2020 urban-area housing threshold
 *   of 425 housing units per square mile is about 1,000 persons; 500 takes in exurban fringes).
 * - under 500: Rural.
 * - no density known (outside the areas the data pack has density for): Unknown.
 */
export const URBAN_MIN_DENSITY = 3000;
export const SUBURBAN_MIN_DENSITY = 500;

/** The community type of a place from its population density (persons per square mile), 3 when unknown. */
export function communityTypeFromDensity(personsPerSquareMile: number | null | undefined): 0 | 1 | 2 | 3 {
  if (personsPerSquareMile === null || personsPerSquareMile === undefined || !Number.isFinite(personsPerSquareMile) || personsPerSquareMile < 0) {
    return CommunityType.Unknown;
  }
  if (personsPerSquareMile >= URBAN_MIN_DENSITY) return CommunityType.Urban;
  if (personsPerSquareMile >= SUBURBAN_MIN_DENSITY) return CommunityType.Suburban;
  return CommunityType.Rural;
}
