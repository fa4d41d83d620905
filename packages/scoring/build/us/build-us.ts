import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PackRow, ScoringBuildContext, ScoringBuildPart } from '../types';
import { agencyTables } from './agencies';
import { COUNTY_CRIME_FILE, COUNTY_CRIME_YEAR, parseCountyCrime, type CountyCrime } from './county-crime';
import { countsFromRates, countyOffenceMix, nationalOffenceMix } from './county-offence-mix';
import { COUNTY_RATES_2015_2017_FILE, parseCountyRates20152017 } from './county-rates-2015-2017';
import { readGeoCounties, type GeoCounty } from './geo-counties';
import { ACS_COUNTY_FILE, predictorRows } from './predictors';
import { areaRateRow, uniformCoverage } from './rates';
import { parseStateEstimates, STATE_ESTIMATES_FILE, type StateYear } from './state-estimates';
import { readTable8, TABLE8_YEARS, table8File, type Table8Row } from './table8';

/*
 * The US part of the scoring pack: national and state rates 1979–2023 (FBI estimated crimes),
 * county rates 2012 (ICPSR) and 2015 and 2017 (Urban Institute, from ICPSR), Table 8 agencies 2014–2019 placed on the map, and ACS predictors
 * for US counties and Puerto Rico municipios (Puerto Rico's areas and rates are another part's).
 */

/**
 * ICPSR imputes the crimes of the population not covered by reporting agencies; at 90 % coverage
 * or more the county's counts are essentially reported, below that a material share is imputed.
 */
const COUNTY_REPORTED_COVERAGE = 90;

/** How many unmatched agencies the log names (the most populous). */
const UNMATCHED_LOGGED = 25;

const UNITED_STATES_NAME = 'United States';

function stateAreas(years: readonly StateYear[]): { areas: PackRow[]; areaRates: PackRow[]; computed: number } {
  const areaRates: PackRow[] = [];
  const latest = new Map<string, StateYear>();
  const names = new Map<string, string>();
  let computed = 0;
  for (const row of years) {
    const key = row.state === 'US' ? 'US' : `US-${row.state}`;
    areaRates.push(areaRateRow(key, row.year, row.population, row.counts, row.coverage));
    if (row.computed) computed++;
    if (!latest.has(key) || latest.get(key)!.year < row.year) latest.set(key, row);
    // The name from the latest year that gives one (2023 gives none; 2022 pads them).
    if (row.name !== '') names.set(key, row.name);
  }
  const areas: PackRow[] = [];
  for (const [key, row] of latest) {
    if (key === 'US') {
      areas.push(['US', 1, 'N', UNITED_STATES_NAME, '', '', '', '', row.population]);
      continue;
    }
    const name = names.get(key);
    if (!name) throw new Error(`${STATE_ESTIMATES_FILE}: no name for ${key} in any year`);
    areas.push([key, 1, 'S', name, 'US', '', '', '', row.population]);
  }
  return { areas, areaRates, computed };
}

/** Builds the US rows of the scoring pack (see ScoringBuildPart). */
export function buildUsPart(ctx: ScoringBuildContext): ScoringBuildPart {
  const read = (path: string) => readFileSync(join(ctx.sharedDir, path), 'utf8');
  const inputs: string[] = [STATE_ESTIMATES_FILE, COUNTY_CRIME_FILE, COUNTY_RATES_2015_2017_FILE, ACS_COUNTY_FILE];
  const notes: Record<string, number> = {};
  // Names and areas by FIPS from the geo pack the gazetteer was loaded from (data/pack).
  const geoCounties = readGeoCounties();

  // Nation and states.
  const estimates = parseStateEstimates(read(STATE_ESTIMATES_FILE));
  for (const line of estimates.corrected) ctx.log(`US: ${STATE_ESTIMATES_FILE}: state code corrected from the row's name: ${line}`);
  const states = stateAreas(estimates.years);
  const areas = [...states.areas];
  const areaRates = [...states.areaRates];
  notes.usStateRateRows = states.areaRates.length;
  notes.usNationalYearsSummedFromStates = states.computed;
  ctx.log(`US: ${states.areas.length} national/state areas, ${states.areaRates.length} rate rows (${states.computed} national years summed from the states)`);

  // Counties, 2012.
  let imputed = 0;
  const counties2012 = parseCountyCrime(read(COUNTY_CRIME_FILE));
  for (const county of counties2012) {
    const geo = geoCounties.get(county.fips);
    if (!geo || geo.countryId !== 1) throw new Error(`${COUNTY_CRIME_FILE}: county ${county.fips} (${county.sourceName}) is not in the geo pack`);
    const letter = county.coverage >= COUNTY_REPORTED_COVERAGE ? 'r' : 'i';
    if (letter === 'i') imputed++;
    const key = `US-${county.fips}`;
    // The latest population the build knows: ACS 2013–2017 (the geo pack's); the rates divide by the 2012 file's own.
    areas.push([key, 1, 'C', geo.name, `US-${geo.state}`, '', '', '', geo.population > 0 ? geo.population : county.population]);
    areaRates.push(areaRateRow(key, COUNTY_CRIME_YEAR, county.population, county.counts, uniformCoverage(letter)));
  }
  notes.usCountiesImputed = imputed;
  ctx.log(`US: ${areas.length - states.areas.length} counties with ${COUNTY_CRIME_YEAR} rates, ${imputed} below ${COUNTY_REPORTED_COVERAGE} % coverage (marked imputed)`);

  // Counties, 2015 and 2017.
  const later = countyRates20152017(read(COUNTY_RATES_2015_2017_FILE), counties2012, geoCounties);
  const known = new Set(areas.map((row) => row[0]));
  for (const row of later.areas) if (!known.has(row[0] as string)) areas.push(row);
  areaRates.push(...later.areaRates);
  notes.usCounties = areas.length - states.areas.length;
  notes.usCountyRateRows20152017 = later.areaRates.length;
  notes.usCountyRateRows20152017Imputed = later.imputed;
  ctx.log(`US: ${later.areaRates.length} county rate rows for 2015 and 2017 (${later.imputed} below 80 % coverage, marked imputed); ${notes.usCounties} counties in all`);

  // Table 8 agencies.
  const table8: Table8Row[] = [];
  for (const year of TABLE8_YEARS) {
    const path = table8File(ctx.sharedDir, year);
    inputs.push(path);
    table8.push(...readTable8(ctx.sharedDir, path, year));
  }
  const agencies = agencyTables(table8, ctx.gazetteer, geoCounties);
  const total = agencies.matched + agencies.unmatched.length + agencies.outsideCounty.length;
  notes.agenciesMatched = agencies.matched;
  notes.agenciesUnmatched = agencies.unmatched.length;
  notes.agencyYears = agencies.agencyYears.length;
  notes.usAgenciesOutsideCounty = agencies.outsideCounty.length;
  notes.usAgenciesAcrossStateLine = agencies.acrossStateLine.length;
  notes.usAgencyKeyCollisions = agencies.collisions;
  notes.usTable8RowsWithoutPopulation = agencies.withoutPopulation;
  ctx.log(
    `US: Table 8 ${table8.length} rows → ${total} agencies, ${agencies.matched} placed (${((100 * agencies.matched) / total).toFixed(1)} %), ` +
      `${agencies.unmatched.length} unmatched, ${agencies.outsideCounty.length} outside any county, ${agencies.collisions} key collisions, ` +
      `${agencies.withoutPopulation} rows without population; ${agencies.agencyYears.length} agency years`,
  );
  const named = agencies.unmatched.slice(0, UNMATCHED_LOGGED).map((agency) => `${agency.name} ${agency.state} (${agency.population})`);
  ctx.log(`US: most populous unmatched agencies: ${named.join('; ')}`);
  if (agencies.outsideCounty.length > 0) ctx.log(`US: agencies placed outside any county (dropped): ${agencies.outsideCounty.join('; ')}`);
  if (agencies.acrossStateLine.length > 0) ctx.log(`US: agencies placed across a state line (kept): ${agencies.acrossStateLine.join('; ')}`);

  // Predictors (US counties and Puerto Rico municipios).
  const predictors = predictorRows(read(ACS_COUNTY_FILE), geoCounties);
  notes.usPredictors = predictors.rows.length;
  notes.usPredictorsWithoutArea = predictors.withoutArea;
  ctx.log(`US: ${predictors.rows.length} predictor rows (${predictors.withoutArea} without a county area)`);

  return { areas, areaRates, agencies: agencies.agencies, agencyYears: agencies.agencyYears, predictors: predictors.rows, inputs, notes };
}

/**
 * The 2015 and 2017 county rows: violent → persons, property (less arson) → property, offences in
 * the county's 2012 mix. Counts are rebuilt at the geo pack's population so that the pack's rate
 * equals the file's. Counties the 2012 file lacks get their area row here.
 */
function countyRates20152017(text: string, counties2012: readonly CountyCrime[], geoCounties: ReadonlyMap<string, GeoCounty>): { areas: PackRow[]; areaRates: PackRow[]; imputed: number } {
  const byFips = new Map(counties2012.map((county) => [county.fips, county]));
  const national = nationalOffenceMix(counties2012);
  const areas: PackRow[] = [];
  const areaRates: PackRow[] = [];
  let imputed = 0;
  for (const rates of parseCountyRates20152017(text)) {
    if (rates.violent === undefined && rates.property === undefined) continue;
    const geo = geoCounties.get(rates.fips);
    if (!geo || geo.countryId !== 1) throw new Error(`${COUNTY_RATES_2015_2017_FILE}: county ${rates.fips} is not in the geo pack`);
    const county = byFips.get(rates.fips);
    const population = geo.population > 0 ? geo.population : (county?.population ?? 0);
    const key = `US-${rates.fips}`;
    if (!county && !areas.some((row) => row[0] === key)) areas.push([key, 1, 'C', geo.name, `US-${geo.state}`, '', '', '', population]);
    const mix = (county && countyOffenceMix(county)) ?? national;
    if (rates.lowCoverage) imputed++;
    areaRates.push(areaRateRow(key, rates.year, population, countsFromRates(rates, population, mix), uniformCoverage(rates.lowCoverage ? 'i' : 'r')));
  }
  return { areas, areaRates, imputed };
}
