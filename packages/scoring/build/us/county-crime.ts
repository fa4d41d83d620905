import { parseCsv, parseNumber } from './csv';
import { emptyCounts, type OffenceCounts } from './offences';

/*
 * ICPSR "UCR County-Level Detailed Arrest and Offense Data", crime year 2012, as redistributed
 * on Kaggle (shared/data/ucr/county). FIPS_ST / FIPS_CTY are not zero padded; COVIND is the
 * percentage of the county's population covered by agencies that reported; ICPSR imputes the
 * counts of the uncovered share, so a low COVIND means mostly imputed counts.
 */

/** Path of the file inside the shared data directory. */
export const COUNTY_CRIME_FILE = 'ucr/county/crime_data_w_population_and_crime_rate.csv';

/** The data year of the county file (by spot checks against published figures, SOURCES.md). */
export const COUNTY_CRIME_YEAR = 2012;

/**
 * Counties whose FIPS code changed after 2012, to the code of the 2017 boundaries the gazetteer
 * uses (Census "Substantial Changes to Counties"): Wade Hampton Census Area AK became Kusilvak
 * (2015), Shannon County SD became Oglala Lakota (2015), and Bedford city VA joined Bedford County
 * (2013) — its counts are added to the county's.
 */
const FIPS_SUCCESSORS: Readonly<Record<string, string>> = { '02270': '02158', '46113': '46102', '51515': '51019' };

/** One county's 2012 counts. */
export interface CountyCrime {
  /** Five-digit FIPS of the 2017 boundaries. */
  fips: string;
  /** The file's name ("Cook, IL"), for logs only: areas take the Census name. */
  sourceName: string;
  /**
   * The `population` column (the Kaggle author's ≈2013 Census estimate), not ICPSR's CPOPCRIM:
   * CPOPCRIM is only the population covered by reporting agencies, while the imputed counts
   * stand for the whole county.
   */
  population: number;
  counts: OffenceCounts;
  /** Arsons (not one of the pack's offences; kept to take arson out of the 2015/2017 property rates). */
  arson: number | undefined;
  /** Coverage percentage (0–100), population-weighted where two source rows were merged. */
  coverage: number;
}

/** Parses the file's text; rows of retired FIPS codes are merged into their successor. */
export function parseCountyCrime(text: string): CountyCrime[] {
  const table = parseCsv(text, COUNTY_CRIME_FILE);
  const col = (name: string) => table.column(name);
  const [nameCol, stCol, ctyCol, popCol, covCol, coveredCol] = [col('county_name'), col('FIPS_ST'), col('FIPS_CTY'), col('population'), col('COVIND'), col('CPOPCRIM')];
  const arsonCol = col('ARSON');
  const offenceCols = {
    homicide: col('MURDER'),
    rape: col('RAPE'),
    robbery: col('ROBBERY'),
    aggravatedAssault: col('AGASSLT'),
    burglary: col('BURGLRY'),
    larceny: col('LARCENY'),
    motorVehicleTheft: col('MVTHEFT'),
  } as const;
  const byFips = new Map<string, CountyCrime>();
  table.rows.forEach((fields, i) => {
    const where = `${COUNTY_CRIME_FILE}:${i + 2}`;
    const st = fields[stCol]!.trim();
    const cty = fields[ctyCol]!.trim();
    if (!/^\d{1,2}$/.test(st) || !/^\d{1,3}$/.test(cty)) throw new Error(`${where}: bad FIPS ${st}/${cty}`);
    const sourceFips = st.padStart(2, '0') + cty.padStart(3, '0');
    const fips = FIPS_SUCCESSORS[sourceFips] ?? sourceFips;
    const population = parseNumber(fields[popCol]!, where);
    const coverage = parseNumber(fields[covCol]!, where);
    if (population === undefined || !(population > 0) || coverage === undefined || coverage < 0 || coverage > 100) throw new Error(`${where}: bad population or COVIND`);
    const counts = emptyCounts();
    let arson: number | undefined;
    // 85 counties have no agency reporting crime at all (CPOPCRIM 0) and ICPSR left their counts at
    // zero rather than imputing them: those zeros mean "no data", not "no crime".
    const reportingPopulation = parseNumber(fields[coveredCol]!, where);
    if (reportingPopulation !== undefined && reportingPopulation > 0) {
      for (const [key, index] of Object.entries(offenceCols) as Array<[keyof OffenceCounts, number]>) counts[key] = parseNumber(fields[index]!, where);
      arson = parseNumber(fields[arsonCol]!, where);
    }
    const row: CountyCrime = { fips, sourceName: fields[nameCol]!.trim(), population, counts, arson, coverage };
    const earlier = byFips.get(fips);
    byFips.set(fips, earlier ? merge(earlier, row) : row);
  });
  return [...byFips.values()].sort((a, b) => (a.fips < b.fips ? -1 : a.fips > b.fips ? 1 : 0));
}

function merge(a: CountyCrime, b: CountyCrime): CountyCrime {
  const counts = emptyCounts();
  for (const key of Object.keys(counts) as Array<keyof OffenceCounts>) {
    const [x, y] = [a.counts[key], b.counts[key]];
    counts[key] = x === undefined || y === undefined ? undefined : x + y;
  }
  const population = a.population + b.population;
  const arson = a.arson === undefined || b.arson === undefined ? undefined : a.arson + b.arson;
  return { fips: a.fips, sourceName: `${a.sourceName} + ${b.sourceName}`, population, counts, arson, coverage: (a.coverage * a.population + b.coverage * b.population) / population };
}
