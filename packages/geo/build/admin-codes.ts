import { normalizePlaceName } from '../src/gazetteer/normalize';

/** Canadian provinces and territories: postal abbreviation and English name. */
export const CA_PROVINCES: ReadonlyArray<readonly [string, string]> = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

/** The four nations of the United Kingdom, with GeoNames' codes. */
export const GB_NATIONS: ReadonlyArray<readonly [string, string]> = [
  ['ENG', 'England'],
  ['NIR', 'Northern Ireland'],
  ['SCT', 'Scotland'],
  ['WLS', 'Wales'],
];

/** GeoNames' English names of two Mexican states, as INEGI names them. */
const MX_SYNONYMS: Readonly<Record<string, string>> = {
  'mexico city': 'ciudad de mexico',
  mexico: 'estado de mexico',
};

/**
 * GeoNames admin1 code → our code, matched by name (GeoNames numbers Mexican states and Canadian
 * provinces differently from INEGI and Canada Post). Fails the build when a name does not match,
 * so a changed source cannot silently drop a region.
 */
export function mapAdmin1ByName(
  geonamesAdmin1: ReadonlyArray<{ code: string; name: string }>,
  countryPrefix: 'CA' | 'MX',
  ours: ReadonlyArray<readonly [string, string]>,
): Map<string, string> {
  const byName = new Map(ours.map(([code, name]) => [normalizePlaceName(name), code]));
  const result = new Map<string, string>();
  for (const entry of geonamesAdmin1) {
    if (!entry.code.startsWith(`${countryPrefix}.`)) continue;
    const key = normalizePlaceName(entry.name);
    const code = byName.get(MX_SYNONYMS[key] && countryPrefix === 'MX' ? MX_SYNONYMS[key] : key);
    if (!code) throw new Error(`No ${countryPrefix} region matches GeoNames admin1 ${entry.code} "${entry.name}"`);
    result.set(entry.code.slice(countryPrefix.length + 1), code);
  }
  if (new Set(result.values()).size !== ours.length) throw new Error(`GeoNames ${countryPrefix} regions do not cover all ${ours.length} of ours`);
  return result;
}
