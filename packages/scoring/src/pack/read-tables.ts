import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CountryId } from '@riskatlas/domain';
import type { ProjectionMethod, ProjectionRecord, SeriesKind } from '../model/projection';
import { OFFENCE_KEYS, RATE_KEYS, SCORING_FILES, type AreaLevel, type CoverageLetter } from './format';

/*
 * Reads the scoring pack's TSV files into plain records. No modelling here: load-model.ts turns
 * the records into the model.
 */

/** A comparison area (areas.tsv). */
export interface AreaRecord {
  areaKey: string;
  countryId: CountryId;
  level: AreaLevel;
  name: string;
  parentKey: string | undefined;
  latitude: number | undefined;
  longitude: number | undefined;
  radiusKm: number | undefined;
  population: number | undefined;
}

/** One year of an area's rates (area-rates.tsv): RATE_KEYS order; NaN = no value. */
export interface AreaRateRecord {
  areaKey: string;
  year: number;
  rates: Float64Array;
  coverage: CoverageLetter[];
}

/** A placed law-enforcement agency (agencies.tsv). */
export interface AgencyRecord {
  agencyKey: string;
  countryId: CountryId;
  name: string;
  stateKey: string;
  countyKey: string;
  latitude: number;
  longitude: number;
  density: number | undefined;
}

/** One year of an agency (agency-years.tsv): OFFENCE_KEYS order; NaN = not reported. */
export interface AgencyYearRecord {
  agencyKey: string;
  year: number;
  population: number;
  counts: Float64Array;
}

/** Predictors of a US county or PR municipio (predictors.tsv). */
export interface PredictorRecord {
  countyKey: string;
  population: number;
  landSqMi: number;
  density: number;
  income: number;
  poverty: number;
  childPoverty: number;
  unemployment: number;
  transit: number;
  service: number;
  professional: number;
}

/** An English or Welsh local authority and its police force area (gb-local-authorities.tsv). */
export interface LocalAuthorityRecord {
  laCode: string;
  name: string;
  pfaKey: string;
  population: number;
}

/** A postcode district's police force area (gb-outcodes.tsv). */
interface OutcodeRecord {
  outcode: string;
  pfaKey: string;
}

/** An incident-level dataset (incident-sets.tsv). */
export interface IncidentSetRecord {
  setKey: string;
  countryId: CountryId;
  name: string;
  refKey: string;
  firstDate: string;
  lastDate: string;
  days: number;
  incidents: number;
  other: number;
  source: string;
}

/** A grid cell of an incident set (incident-cells.tsv): OFFENCE_KEYS counts then other. */
export interface IncidentCellRecord {
  setKey: string;
  row: number;
  col: number;
  counts: Float64Array;
  other: number;
}

/** A source's measured spread of small areas around their parent for one rate key (local-spreads.tsv). */
export interface LocalSpreadRecord {
  source: string;
  countryId: CountryId;
  appliesTo: AreaLevel | '-';
  rateIndex: number;
  spread: number;
  measured: number;
  heldOutInside: number;
  insideBefore: number;
}

/** A US populated place and its population (settlements.tsv). */
export interface SettlementRecord {
  latitude: number;
  longitude: number;
  population: number;
}

/** Every table of the scoring pack. */
export interface ScoringTables {
  areas: AreaRecord[];
  areaRates: AreaRateRecord[];
  agencies: AgencyRecord[];
  agencyYears: AgencyYearRecord[];
  predictors: PredictorRecord[];
  localAuthorities: LocalAuthorityRecord[];
  outcodes: OutcodeRecord[];
  incidentSets: IncidentSetRecord[];
  incidentCells: IncidentCellRecord[];
  /** Empty when the pack predates the projection backtest (the model then keeps damped trends). */
  projection: ProjectionRecord[];
  /** Empty when the pack predates the measured non-US spreads. */
  localSpreads: LocalSpreadRecord[];
  /** Empty when the pack predates the settlements (bands then take no account of the place's size). */
  settlements: SettlementRecord[];
  /** Methodology 2's fitted combination (combination.tsv: parameter, value); absent while the build fits it. */
  combination?: Array<[string, number]>;
}

/** The data rows of a pack TSV file (header dropped), each split into its fields. */
export function rowsOf(dir: string, file: string): string[][] {
  const text = readFileSync(join(dir, file), 'utf8');
  const lines = text.split('\n').filter((line) => line.length > 0);
  return lines.slice(1).map((line) => line.split('\t'));
}

/** Rows of a file the pack may lack (tables added after format 1): none when absent. */
const optionalRowsOf = (dir: string, file: string): string[][] => (existsSync(join(dir, file)) ? rowsOf(dir, file) : []);

const num = (text: string | undefined): number => (text === undefined || text === '' ? Number.NaN : Number(text));
const optional = (text: string | undefined): number | undefined => (text === undefined || text === '' ? undefined : Number(text));
const e5 = (text: string | undefined): number | undefined => (text === undefined || text === '' ? undefined : Number(text) / 1e5);

function numbers(fields: string[], start: number, count: number): Float64Array {
  const values = new Float64Array(count);
  for (let index = 0; index < count; index++) values[index] = num(fields[start + index]);
  return values;
}

/** Reads every table of the scoring pack in `dir`. */
export function readScoringTables(dir: string): ScoringTables {
  const offenceCount = OFFENCE_KEYS.length;
  const rateCount = RATE_KEYS.length;
  return {
    areas: rowsOf(dir, SCORING_FILES.areas).map((f) => ({
      areaKey: f[0]!,
      countryId: Number(f[1]) as CountryId,
      level: f[2] as AreaLevel,
      name: f[3]!,
      parentKey: f[4] || undefined,
      latitude: e5(f[5]),
      longitude: e5(f[6]),
      radiusKm: optional(f[7]),
      population: optional(f[8]),
    })),
    areaRates: rowsOf(dir, SCORING_FILES.areaRates).map((f) => ({
      areaKey: f[0]!,
      year: Number(f[1]),
      rates: numbers(f, 2, rateCount),
      coverage: [...(f[2 + rateCount] ?? '')].slice(0, rateCount) as CoverageLetter[],
    })),
    agencies: rowsOf(dir, SCORING_FILES.agencies).map((f) => ({
      agencyKey: f[0]!,
      countryId: Number(f[1]) as CountryId,
      name: f[2]!,
      stateKey: f[3]!,
      countyKey: f[4]!,
      latitude: Number(f[5]) / 1e5,
      longitude: Number(f[6]) / 1e5,
      density: optional(f[7]),
    })),
    agencyYears: rowsOf(dir, SCORING_FILES.agencyYears).map((f) => ({
      agencyKey: f[0]!,
      year: Number(f[1]),
      population: Number(f[2]),
      counts: numbers(f, 3, offenceCount),
    })),
    predictors: rowsOf(dir, SCORING_FILES.predictors).map((f) => ({
      countyKey: f[0]!,
      population: num(f[1]),
      landSqMi: num(f[2]),
      density: num(f[3]),
      income: num(f[4]),
      poverty: num(f[5]),
      childPoverty: num(f[6]),
      unemployment: num(f[7]),
      transit: num(f[8]),
      service: num(f[9]),
      professional: num(f[10]),
    })),
    localAuthorities: rowsOf(dir, SCORING_FILES.gbLocalAuthorities).map((f) => ({
      laCode: f[0]!,
      name: f[1]!,
      pfaKey: f[2]!,
      population: Number(f[3]),
    })),
    outcodes: rowsOf(dir, SCORING_FILES.gbOutcodes).map((f) => ({ outcode: f[0]!, pfaKey: f[1]! })),
    incidentSets: rowsOf(dir, SCORING_FILES.incidentSets).map((f) => ({
      setKey: f[0]!,
      countryId: Number(f[1]) as CountryId,
      name: f[2]!,
      refKey: f[3]!,
      firstDate: f[4]!,
      lastDate: f[5]!,
      days: Number(f[6]),
      incidents: Number(f[7]),
      other: Number(f[8]),
      source: f[9] ?? '',
    })),
    incidentCells: rowsOf(dir, SCORING_FILES.incidentCells).map((f) => ({
      setKey: f[0]!,
      row: Number(f[1]),
      col: Number(f[2]),
      counts: numbers(f, 3, offenceCount),
      other: Number(f[3 + offenceCount]),
    })),
    projection: optionalRowsOf(dir, SCORING_FILES.projection).map((f) => ({
      countryId: Number(f[0]) as CountryId,
      kind: f[1] as SeriesKind,
      method: f[2] as ProjectionMethod,
      perYear: Number(f[3]),
    })),
    localSpreads: optionalRowsOf(dir, SCORING_FILES.localSpreads).map((f) => ({
      source: f[0]!,
      countryId: Number(f[1]) as CountryId,
      appliesTo: f[2] as AreaLevel | '-',
      rateIndex: (RATE_KEYS as readonly string[]).indexOf(f[3]!),
      spread: Number(f[4]),
      measured: Number(f[5]),
      heldOutInside: Number(f[6]),
      insideBefore: Number(f[7]),
    })),
    settlements: optionalRowsOf(dir, SCORING_FILES.settlements).map((f) => ({ latitude: Number(f[0]) / 1e5, longitude: Number(f[1]) / 1e5, population: Number(f[2]) })),
    ...(existsSync(join(dir, SCORING_FILES.combination)) ? { combination: rowsOf(dir, SCORING_FILES.combination).map((f): [string, number] => [f[0]!, num(f[1])]) } : {}),
  };
}
