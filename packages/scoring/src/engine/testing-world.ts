import type { ScoringLocation } from '@riskatlas/domain';
import { buildScoringModel, type ScoringModel } from '../model/build-model';
import { INCIDENT_CELL_DEGREES } from '../pack/format';
import type { IncidentCellRecord } from '../pack/read-tables';
import {
  agencyRecord,
  agencyYearRows,
  areaRecord,
  incidentCellRecord,
  incidentSetRecord,
  knownPredictorModel,
  predictorRecord,
  rateRows,
  scoringTables,
  yearRange,
} from '../model/testing-fixtures';

/*
 * A small synthetic world for the estimator and engine tests (never imported by production code):
 *
 * USA — the nation at NATION_RATES 2000–2019; Illinois at 1.2× (2000–2019, reported); Indiana at the
 * national rates; Illinois counties with one data year (2012), as the pack's counties have:
 * US-17001 "Dense" (1,000,000 people, 1.5× the state), US-17003 "Tiny" (1,000 people, 2× the state),
 * US-17005 "Blank" (50,000 people, no data), US-17007 "Hot" (100,000 people, 50× the state).
 * One agency, US-IL-bigtown, in Dense county at (40, -89): 200,000 people at 3× the state, 2010–2019.
 * Canada — nation and Ontario at CA_INDEX 2000–2019; the Toronto CMA at 1.3× around (43.65, -79.38).
 * Mexico — a nation without any data. Puerto Rico — the island (2005–2013) and San Juan (1.4×,
 * 2010–2013), with an island-wide incident set: a dense block of cells around SAN_JUAN and a sparse
 * one to the east; and Bigtown's incident set (cells at its centre and at BIGTOWN_OUTSKIRTS).
 * Predictors exist for Dense, Tiny and San Juan; the predictors models are replaced by ones with
 * known answers (US: 0.8× the state, PR: 0.9× the island; log SD 0.3).
 */

/** The seven offence rates of the nation (per 100,000). */
const NATION_RATES = [5, 35, 100, 250, 450, 1800, 250] as const;
const times = (factor: number) => NATION_RATES.map((rate) => rate * factor);
/** Canada's index for every key. */
const CA_INDEX = 80;

export const US_PREDICTED_RELATIVE = 0.8;
export const PR_PREDICTED_RELATIVE = 0.9;
export const PREDICTED_SD = 0.3;

/** Locations of the world. */
export const FAR_IN_DENSE: ScoringLocation = { latitude: 40.9, longitude: -88.1, countryId: 1, admin1Code: 'IL', countyCode: '17001', populationDensity: 800 };
export const AT_BIGTOWN: ScoringLocation = { latitude: 40, longitude: -89, countryId: 1, admin1Code: 'IL', countyCode: '17001', populationDensity: 4000 };
export const IN_TINY: ScoringLocation = { latitude: 41.5, longitude: -87.6, countryId: 1, admin1Code: 'IL', countyCode: '17003' };
export const IN_BLANK: ScoringLocation = { latitude: 38.5, longitude: -90.5, countryId: 1, admin1Code: 'IL', countyCode: '17005' };
export const IN_HOT: ScoringLocation = { latitude: 38.9, longitude: -90.9, countryId: 1, admin1Code: 'IL', countyCode: '17007' };
/** 4.5 miles north of Bigtown's centre: in its county, mostly outside its jurisdiction (membership about 0.36). */
export const BIGTOWN_OUTSKIRTS: ScoringLocation = { latitude: 40 + 4.5 / 69.09, longitude: -89, countryId: 1, admin1Code: 'IL', countyCode: '17001', populationDensity: 1500 };
export const UNKNOWN_COUNTY: ScoringLocation = { latitude: 39.5, longitude: -91.5, countryId: 1, admin1Code: 'IL', countyCode: '17999' };
export const TORONTO: ScoringLocation = { latitude: 43.66, longitude: -79.4, countryId: 2, admin1Code: 'ON' };
export const RURAL_ONTARIO: ScoringLocation = { latitude: 48.4, longitude: -89.2, countryId: 2, admin1Code: 'ON' };
export const CANADA_NOWHERE: ScoringLocation = { latitude: 60, longitude: -100, countryId: 2 };
export const MEXICO: ScoringLocation = { latitude: 19.43, longitude: -99.13, countryId: 5, admin1Code: '09' };

/** Incident grid of Puerto Rico: a 7 × 7 block of 4 incidents a cell around SAN_JUAN, a 7 × 7 block of 1 a cell 0.1° east. */
const PR_ROW = Math.floor(18.4655 / INCIDENT_CELL_DEGREES);
const PR_COL = Math.floor(-66.1057 / INCIDENT_CELL_DEGREES);
const centreOf = (row: number, col: number) => ({ latitude: (row + 0.5) * INCIDENT_CELL_DEGREES, longitude: (col + 0.5) * INCIDENT_CELL_DEGREES });
export const SAN_JUAN: ScoringLocation = { ...centreOf(PR_ROW, PR_COL), countryId: 6, admin1Code: 'PR', countyCode: '72127', populationDensity: 7000 };
export const SAN_JUAN_SPARSE: ScoringLocation = { ...centreOf(PR_ROW, PR_COL + 40), countryId: 6, admin1Code: 'PR', countyCode: '72127', populationDensity: 7000 };
export const SAN_JUAN_NO_INCIDENTS: ScoringLocation = { ...centreOf(PR_ROW, PR_COL + 20), countryId: 6, admin1Code: 'PR', countyCode: '72127' };

function prCells(): IncidentCellRecord[] {
  const cells: IncidentCellRecord[] = [];
  for (let dr = -3; dr <= 3; dr++) {
    for (let dc = -3; dc <= 3; dc++) {
      // Dense block: two burglaries, one larceny and one other incident a cell; no homicide.
      cells.push(incidentCellRecord('pr-set', PR_ROW + dr, PR_COL + dc, [0, 0, 0, 0, 2, 1, 0], 1));
      cells.push(incidentCellRecord('pr-set', PR_ROW + dr, PR_COL + 40 + dc, [0, 0, 0, 0, 1, 0, 0], 0));
    }
  }
  return cells;
}

/** Bigtown's incident set: a 3 × 3 block of cells at its centre and another at BIGTOWN_OUTSKIRTS. */
function bigtownCells(): IncidentCellRecord[] {
  const cells: IncidentCellRecord[] = [];
  for (const { latitude, longitude } of [AT_BIGTOWN, BIGTOWN_OUTSKIRTS]) {
    const row = Math.floor(latitude / INCIDENT_CELL_DEGREES);
    const col = Math.floor(longitude / INCIDENT_CELL_DEGREES);
    for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) cells.push(incidentCellRecord('bigtown-set', row + dr, col + dc, [0, 0, 1, 1, 1, 1, 1], 2));
  }
  return cells;
}

/** The world's model; `overrides` replace parts of it (a plain object, so a spread suffices). */
export function testingWorld(overrides: Partial<ScoringModel> = {}): ScoringModel {
  const us = yearRange(2000, 2019);
  const tables = scoringTables({
    areas: [
      areaRecord('US', 1, 'N'),
      areaRecord('US-IL', 1, 'S', 'US'),
      areaRecord('US-IN', 1, 'S', 'US'),
      areaRecord('US-17001', 1, 'C', 'US-IL', { population: 1_000_000 }),
      areaRecord('US-17003', 1, 'C', 'US-IL', { population: 1000 }),
      areaRecord('US-17005', 1, 'C', 'US-IL', { population: 50_000 }),
      areaRecord('US-17007', 1, 'C', 'US-IL', { population: 100_000 }),
      areaRecord('CA', 2, 'N'),
      areaRecord('CA-ON', 2, 'S', 'CA'),
      areaRecord('CA-CMA-1', 2, 'C', 'CA-ON', { latitude: 43.65, longitude: -79.38, radiusKm: 40 }),
      areaRecord('MX', 5, 'N'),
      areaRecord('PR', 6, 'N'),
      areaRecord('PR-72127', 6, 'C', 'PR', { population: 300_000 }),
    ],
    areaRates: [
      ...rateRows('US', us, NATION_RATES),
      ...rateRows('US-IL', us, times(1.2)),
      ...rateRows('US-IN', us, NATION_RATES),
      ...rateRows('US-17001', [2012], times(1.8)),
      ...rateRows('US-17003', [2012], times(2.4)),
      ...rateRows('US-17007', [2012], times(60)),
      ...rateRows('CA', us, CA_INDEX),
      ...rateRows('CA-ON', us, CA_INDEX),
      ...rateRows('CA-CMA-1', us, CA_INDEX * 1.3),
      ...rateRows('PR', yearRange(2005, 2013), NATION_RATES),
      ...rateRows('PR-72127', yearRange(2010, 2013), times(1.4)),
    ],
    agencies: [agencyRecord('US-IL-bigtown', 'US-IL', 'US-17001', 40, -89, 4000)],
    agencyYears: agencyYearRows(
      'US-IL-bigtown',
      yearRange(2010, 2019),
      200_000,
      times(1.2 * 3).map((rate) => (rate * 200_000) / 100_000),
    ),
    predictors: [predictorRecord('US-17001'), predictorRecord('US-17003'), predictorRecord('PR-72127')],
    incidentSets: [incidentSetRecord('pr-set', 6, 'PR'), incidentSetRecord('bigtown-set', 1, 'US-IL-bigtown')],
    incidentCells: [...prCells(), ...bigtownCells()],
  });
  return {
    ...buildScoringModel(tables),
    usPredictorModel: knownPredictorModel(Math.log(US_PREDICTED_RELATIVE), PREDICTED_SD),
    prPredictorModel: knownPredictorModel(Math.log(PR_PREDICTED_RELATIVE), PREDICTED_SD),
    ...overrides,
  };
}
