import { lookupRegion } from '@riskatlas/geo';
import { OFFENCE_KEYS, type CoverageLetter, type OffenceKey } from '../../src/pack/format';
import { parseCsv, parseNumber } from './csv';
import { emptyCounts, type OffenceCounts } from './offences';

/*
 * FBI Crime Data Explorer "SRS estimated crimes" by state and for the nation, 1979–2023
 * (shared/data/ucr/state). Caveats of the file (SOURCES.md): 2022–2023 numbers carry thousands
 * separators and state names are padded; 2023 rows have no state_name; the national row has a
 * blank state_abbr and is missing for 2017–2020; rape is split into legacy and revised columns.
 * Not in SOURCES.md: the 2022 North Dakota row carries state_abbr NC (two NC rows that year, none
 * for ND); where a row's name names another state than its code, the name wins and it is reported.
 */

/** Path of the file inside the shared data directory. */
export const STATE_ESTIMATES_FILE = 'ucr/state/estimated_crimes_1979_2023.csv';

/** The fifty states and DC: a national total is only computed when all of them are present. */
const US_STATE_COUNT = 51;

/** One state (or national, state 'US') year of estimated crimes. */
export interface StateYear {
  year: number;
  /** Two-letter state code, or 'US' for the nation. */
  state: string;
  /** The state's name as the file gives it that year ('' in 2023, 'United States Total' or '' for the nation). */
  name: string;
  population: number;
  counts: OffenceCounts;
  /** Per offence: r as published, i where a caveat of the row says the FBI estimated the figure. */
  coverage: Record<OffenceKey, CoverageLetter>;
  /** True for a national row the build summed from the states (2017–2020). */
  computed: boolean;
}

/**
 * Caveats that say the figures themselves were estimated, not reported: the whole row ("unable
 * to provide complete 1996 offense figures … the state total was estimated") or its rape count
 * ("unable to provide 1985-2013 forcible rape figures … the rape totals were estimated"). Other
 * caveats (comparability, DC's Zoological Police) describe reported figures.
 */
const ROW_ESTIMATED = /unable to provide complete \d{4} offense figures/i;
const RAPE_ESTIMATED = /unable to provide [\d-]+ forcible rape figures/i;

function coverageFromCaveat(caveat: string): Record<OffenceKey, CoverageLetter> {
  const all: CoverageLetter = ROW_ESTIMATED.test(caveat) ? 'i' : 'r';
  const coverage = Object.fromEntries(OFFENCE_KEYS.map((key) => [key, all])) as Record<OffenceKey, CoverageLetter>;
  if (RAPE_ESTIMATED.test(caveat)) coverage.rape = 'i';
  return coverage;
}

/** The parsed file: state and national years, and the rows whose code was corrected from their name. */
export interface StateEstimates {
  years: StateYear[];
  /** "2022 NC → ND (North Dakota)". */
  corrected: string[];
}

/**
 * Parses the file's text into state and national years, sorted by year then state. National
 * years missing from the file are the sum of the 51 states' counts and populations (an offence
 * is 'i' there only where a state's was). Throws on a duplicate row or a year with missing states.
 */
export function parseStateEstimates(text: string): StateEstimates {
  const table = parseCsv(text, STATE_ESTIMATES_FILE);
  const col = (name: string) => table.column(name);
  const [year, abbr, name, population, caveats] = [col('year'), col('state_abbr'), col('state_name'), col('population'), col('caveats')];
  const source: Record<Exclude<OffenceKey, 'rape'>, number> = {
    homicide: col('homicide'),
    robbery: col('robbery'),
    aggravatedAssault: col('aggravated_assault'),
    burglary: col('burglary'),
    larceny: col('larceny'),
    motorVehicleTheft: col('motor_vehicle_theft'),
  };
  const [rapeLegacy, rapeRevised] = [col('rape_legacy'), col('rape_revised')];
  const byKey = new Map<string, StateYear>();
  const corrected: string[] = [];
  table.rows.forEach((fields, i) => {
    const where = `${STATE_ESTIMATES_FILE}:${i + 2}`;
    const number = (index: number) => parseNumber(fields[index]!, where);
    let state = fields[abbr]!.trim() || 'US';
    const named = state === 'US' ? undefined : lookupRegion(1, fields[name]!.trim());
    if (named && named.code !== state) {
      corrected.push(`${fields[year]!.trim()} ${state} → ${named.code} (${named.name})`);
      state = named.code;
    }
    const row: StateYear = {
      year: number(year)!,
      state,
      name: fields[name]!.trim(),
      population: number(population)!,
      counts: emptyCounts(),
      coverage: coverageFromCaveat(fields[caveats]!),
      computed: false,
    };
    if (!Number.isInteger(row.year) || !/^(US|[A-Z]{2})$/.test(state) || !(row.population > 0)) throw new Error(`${where}: bad year, state or population`);
    for (const [key, index] of Object.entries(source) as Array<[OffenceKey, number]>) row.counts[key] = number(index);
    // The revised definition (2013 on) where the file has it, else the legacy one.
    row.counts.rape = number(rapeRevised) ?? number(rapeLegacy);
    const key = `${row.year}|${state}`;
    if (byKey.has(key)) throw new Error(`${where}: second row for ${key}`);
    byKey.set(key, row);
  });
  const allYears = [...new Set([...byKey.values()].map((row) => row.year))].sort((a, b) => a - b);
  for (const y of allYears) {
    if (byKey.has(`${y}|US`)) continue;
    const states = [...byKey.values()].filter((row) => row.year === y && row.state !== 'US');
    if (states.length !== US_STATE_COUNT) throw new Error(`${STATE_ESTIMATES_FILE}: ${y} has no national row and ${states.length} states`);
    byKey.set(`${y}|US`, sumStates(y, states));
  }
  const years = [...byKey.values()].sort((a, b) => a.year - b.year || (a.state < b.state ? -1 : a.state > b.state ? 1 : 0));
  return { years, corrected };
}

function sumStates(year: number, states: readonly StateYear[]): StateYear {
  const counts = emptyCounts();
  const coverage = coverageFromCaveat('');
  for (const key of OFFENCE_KEYS) {
    const values = states.map((row) => row.counts[key]);
    counts[key] = values.every((value) => value !== undefined) ? values.reduce<number>((sum, value) => sum + value!, 0) : undefined;
    if (states.some((row) => row.coverage[key] === 'i')) coverage[key] = 'i';
  }
  return { year, state: 'US', name: '', population: states.reduce((sum, row) => sum + row.population, 0), counts, coverage, computed: true };
}
