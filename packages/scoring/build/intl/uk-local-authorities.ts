/*
 * English and Welsh local authorities (2019 boundaries) with their mid-2019 population (the sum
 * of their LSOAs, ONS) and their police force area (uk-force-map.ts). Force, region and national
 * populations for the UK rates are sums of these.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { areaSlug } from '../../src/pack/format';
import { COUNTY_FORCES, FORCE_LOCAL_AUTHORITIES, forceOfLocalAuthority } from './uk-force-map';
import { integerField, readCsv } from './raw-files';

export const LSOA_POPULATION_FILE = 'uk/lsoa_context/mid-19 population estimates.csv';
export const GEONAMES_GB_FILE = 'postal/geonames_postal/GB.txt';

/** One local authority of England or Wales. */
export interface LocalAuthority {
  code: string;
  name: string;
  force: string;
  population: number;
}

/** The force's area key: 'GB-PFA-' + slug of the force name. */
export function forceAreaKey(force: string): string {
  return `GB-PFA-${areaSlug(force)}`;
}

/** Local authorities and their summed LSOA population, by 2019 code. */
function readLocalAuthorityPopulations(sharedDir: string): Map<string, { name: string; population: number }> {
  const table = readCsv(sharedDir, LSOA_POPULATION_FILE);
  const codeColumn = table.column('LA Code (2019 boundaries)');
  const nameColumn = table.column('LA name (2019 boundaries)');
  const populationColumn = table.column('All Ages');
  const authorities = new Map<string, { name: string; population: number }>();
  for (const row of table.rows) {
    const code = row[codeColumn]!;
    if (!/^[EW]0[6-9]\d{6}$/.test(code)) throw new Error(`${LSOA_POPULATION_FILE}: unexpected local authority code ${code}`);
    const entry = authorities.get(code) ?? { name: row[nameColumn]!, population: 0 };
    if (entry.name !== row[nameColumn]) throw new Error(`${LSOA_POPULATION_FILE}: ${code} is named ${entry.name} and ${row[nameColumn]}`);
    entry.population += integerField(row[populationColumn]!, LSOA_POPULATION_FILE);
    authorities.set(code, entry);
  }
  return authorities;
}

/**
 * GB.txt's county (admin2 name) of each local authority code it gives (admin code3), the most
 * frequent when several: only a dozen English and Welsh authorities, used as a cross-check.
 */
function geonamesCountiesByLocalAuthority(sharedDir: string): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const line of readFileSync(join(sharedDir, GEONAMES_GB_FILE), 'utf8').split('\n')) {
    const fields = line.split('\t');
    const [county, code] = [fields[5] ?? '', fields[8] ?? ''];
    if (!/^[EW]0[6-9]\d{6}$/.test(code) || county === '') continue;
    const byCounty = counts.get(code) ?? new Map<string, number>();
    byCounty.set(county, (byCounty.get(county) ?? 0) + 1);
    counts.set(code, byCounty);
  }
  const counties = new Map<string, string>();
  for (const [code, byCounty] of counts) {
    const [best] = [...byCounty].sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : 1));
    counties.set(code, best![0]);
  }
  return counties;
}

/**
 * Every local authority of the population file with its force. Throws naming any authority the
 * force table does not map, any name the table lists that the file lacks, any force without
 * an authority, and any disagreement with GB.txt's county where it gives one.
 */
export function readLocalAuthorities(sharedDir: string): LocalAuthority[] {
  const populations = readLocalAuthorityPopulations(sharedDir);
  const unmapped: string[] = [];
  const authorities: LocalAuthority[] = [];
  for (const [code, { name, population }] of [...populations].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const force = forceOfLocalAuthority(code, name);
    if (force) authorities.push({ code, name, force, population });
    else unmapped.push(`${code} ${name}`);
  }
  if (unmapped.length > 0) throw new Error(`Local authorities without a police force area: ${unmapped.join(', ')}`);
  const names = new Set(authorities.map((authority) => authority.name));
  const stale = Object.values(FORCE_LOCAL_AUTHORITIES).flat().filter((name) => !names.has(name));
  if (stale.length > 0) throw new Error(`The force table lists local authorities that ${LSOA_POPULATION_FILE} lacks: ${stale.join(', ')}`);
  const forcesWithout = Object.keys(FORCE_LOCAL_AUTHORITIES).filter((force) => !authorities.some((authority) => authority.force === force));
  if (forcesWithout.length > 0) throw new Error(`Forces without a local authority: ${forcesWithout.join(', ')}`);
  const counties = geonamesCountiesByLocalAuthority(sharedDir);
  for (const authority of authorities) {
    const county = counties.get(authority.code);
    const countyForce = county === undefined ? undefined : COUNTY_FORCES[county];
    if (county !== undefined && countyForce !== authority.force) {
      throw new Error(`${authority.code} ${authority.name}: GB.txt puts it in ${county} (${countyForce ?? 'no force'}), the force table in ${authority.force}`);
    }
  }
  return authorities;
}
