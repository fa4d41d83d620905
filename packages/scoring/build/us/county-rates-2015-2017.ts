import { parseCsv, parseNumber } from './csv';

/*
 * Urban Institute "Upward Mobility" county crime rates, 2015 and 2017 (shared/data/ucr/county_2015_2017,
 * SOURCES.md): index violent and property crimes per 100,000 from the ICPSR county files, no 2016.
 * The quality flag is the do file's, not the README's: 1 = New York City (NY DCJS counts),
 * 2 = coverage ≥ 80 % (100 % included), 3 = coverage < 80 %, empty = no data.
 */

/** Path of the file inside the shared data directory. */
export const COUNTY_RATES_2015_2017_FILE = 'ucr/county_2015_2017/crimerate_county_2015_2017.csv';

/** The years the file holds. */
const COUNTY_RATE_YEARS = [2015, 2017] as const;

/** One county's violent and property rates in one year (undefined = not reported). */
export interface CountyRateYear {
  /** Five-digit FIPS (the file already uses the post-2015 codes the gazetteer uses). */
  fips: string;
  year: number;
  violent: number | undefined;
  /** Index property crime per 100,000 — includes arson, which the pack's property rate does not. */
  property: number | undefined;
  /** Coverage of the counts below 80 % (flag 3): the counts are mostly ICPSR's imputation. */
  lowCoverage: boolean;
}

/**
 * Parses the file. A rate of exactly 0 is read as not reported: every such row is a county whose
 * agencies sent nothing (SOURCES.md lists them — a county of thousands with no crime in a year is
 * not credible), and reading it as zero crime would make the county look safest of all.
 */
export function parseCountyRates20152017(text: string): CountyRateYear[] {
  const table = parseCsv(text, COUNTY_RATES_2015_2017_FILE);
  const [yearCol, stateCol, countyCol, violentCol, propertyCol, qualityCol] = ['year', 'state', 'county', 'violent_crime_rate', 'property_crime_rate', 'crime_rate_quality'].map((name) => table.column(name));
  return table.rows.map((fields, i) => {
    const where = `${COUNTY_RATES_2015_2017_FILE}:${i + 2}`;
    const year = Number(fields[yearCol!]);
    const state = fields[stateCol!]!.trim();
    const county = fields[countyCol!]!.trim();
    if (!COUNTY_RATE_YEARS.includes(year as 2015 | 2017) || !/^\d{2}$/.test(state) || !/^\d{3}$/.test(county)) throw new Error(`${where}: bad year or FIPS`);
    const rate = (field: string) => {
      const value = parseNumber(field, where);
      if (value !== undefined && value < 0) throw new Error(`${where}: negative rate`);
      return value === undefined || value === 0 ? undefined : value;
    };
    return { fips: state + county, year, violent: rate(fields[violentCol!]!), property: rate(fields[propertyCol!]!), lowCoverage: fields[qualityCol!]!.trim() === '3' };
  });
}
