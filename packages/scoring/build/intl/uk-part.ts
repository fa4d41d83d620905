/*
 * The United Kingdom part of the scoring pack: England and Wales only (the extent of the police
 * force area data), with the local-authority → force table the engine uses to place a postcode.
 */
import { fixed } from '../../src/pack/format';
import type { ScoringBuildContext, ScoringBuildPart } from '../types';
import { forceAreaKey, GEONAMES_GB_FILE, LSOA_POPULATION_FILE, readLocalAuthorities } from './uk-local-authorities';
import { buildUkOutcodes } from './uk-outcodes';
import { buildUkRates, PFA_CRIME_FILE } from './uk-recorded-crime';

/** Areas (England and Wales, regions, 43 forces), their rates 2003–2018 and gb-local-authorities rows. */
export function buildUkPart(context: ScoringBuildContext): ScoringBuildPart {
  const authorities = readLocalAuthorities(context.sharedDir);
  const { areas, areaRates, nonDecemberYears } = buildUkRates(context.sharedDir, authorities, context.log);
  const gbLocalAuthorities = authorities.map((authority) => [authority.code, authority.name, forceAreaKey(authority.force), fixed(authority.population, 0)]);
  const gbOutcodes = buildUkOutcodes(context.sharedDir);
  context.log(`UK: ${authorities.length} local authorities and ${gbOutcodes.length} postcode districts mapped to forces`);
  return {
    areas,
    areaRates,
    gbLocalAuthorities,
    gbOutcodes,
    inputs: [LSOA_POPULATION_FILE, GEONAMES_GB_FILE, PFA_CRIME_FILE],
    notes: { gbLocalAuthorities: authorities.length, gbOutcodes: gbOutcodes.length, gbYearsFromNonDecemberWindow: nonDecemberYears },
  };
}
