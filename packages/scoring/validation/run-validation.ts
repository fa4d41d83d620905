// `npm run validate:model`: validates the model on data it did not see and writes the table into
// docs/methodology.md (between the validation markers). Reproducible: the folds come from a hash
// of each agency's key, the model is deterministic, and nothing is sampled at random.
//
// 1. Leave-agencies-out (5-fold cross-validation by agency), USA: every agency of one fold is
//    removed from the model (its reports, its share of the county remainder, its weight in the
//    predictors fit); the model then estimates the rates at the agency's own point, and the
//    estimate is compared with what the agency reported (2014–2019 pooled, relative to its state).
// 2. Held-out year: the model is built from the agencies' 2014–2017 reports only and predicts each
//    agency's 2019 rate relative to its state; compared with what it reported for 2019.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CRIME_TYPE_NAMES, CRIME_TYPE_KEYS, type ScoringLocation } from '@riskatlas/domain';
import { BAND_Z } from '../src/engine/create-engine';
import { compositeEstimate, interpolationEstimate, predictorsEstimate, type LocalEstimate } from '../src/engine/estimates';
import { locateAreas, type LocationAreas } from '../src/engine/locate-areas';
import { agencyRelativeAt, type AgencyModel } from '../src/model/agencies';
import { buildScoringModel, type ScoringModel } from '../src/model/build-model';
import { rateAt } from '../src/model/series';
import { RATE_COUNT } from '../src/model/years';
import { locateScoringDir } from '../src/pack/locate-scoring';
import { readScoringTables, type AgencyYearRecord } from '../src/pack/read-tables';
import { replaceDocSection } from './doc-sections';
import { examplesMarkdown } from './examples';
import { foldOf, median, spearman } from './statistics';

const FOLDS = 5;
/** Agencies whose report is compared: enough expected incidents that Poisson noise does not swamp the truth. */
const MIN_EXPECTED = 10;
const MID_YEAR = 2016;
const HELD_OUT_YEAR = 2019;
const TRAIN_UNTIL = 2017;

type Estimator = (model: ScoringModel, location: ScoringLocation, areas: LocationAreas, years: readonly number[]) => LocalEstimate;
const METHODS: Array<{ id: number; name: string; estimate: Estimator }> = [
  { id: 1, name: 'Reported-crime interpolation', estimate: interpolationEstimate },
  { id: 2, name: 'Composite', estimate: compositeEstimate },
  { id: 4, name: 'Predictors only', estimate: predictorsEstimate },
];

/** One comparison of a predicted and a reported relative. */
interface Pair {
  predicted: number;
  reported: number;
  /** Log-scale standard error the model gave its estimate (for band coverage), when it gave one. */
  se?: number;
}

interface Metric {
  n: number;
  rho: number;
  medianFactor: number;
  /** Share of reports inside the estimate's 90 % band (NaN without bands). */
  bandCoverage: number;
}

function metricOf(pairs: readonly Pair[]): Metric {
  const predicted = pairs.map((pair) => Math.log(pair.predicted));
  const reported = pairs.map((pair) => Math.log(pair.reported));
  const errors = pairs.map((pair) => Math.abs(Math.log(pair.predicted / pair.reported)));
  const banded = pairs.filter((pair) => pair.se !== undefined);
  const inside = banded.filter((pair) => Math.abs(Math.log(pair.predicted / pair.reported)) <= BAND_Z * pair.se!).length;
  return { n: pairs.length, rho: spearman(predicted, reported), medianFactor: Math.exp(median(errors)), bandCoverage: banded.length ? inside / banded.length : Number.NaN };
}

function locationOf(agency: AgencyModel): ScoringLocation {
  const location: ScoringLocation = {
    latitude: agency.latitude,
    longitude: agency.longitude,
    countryId: 1,
    admin1Code: agency.stateKey.slice(3),
    countyCode: agency.countyKey.slice(3),
  };
  if (agency.density !== undefined) location.populationDensity = agency.density;
  return location;
}

function leaveAgenciesOut(tables: ReturnType<typeof readScoringTables>, full: ScoringModel) {
  const pairs = new Map<string, Pair[]>();
  const add = (key: string, pair: Pair) => {
    const list = pairs.get(key) ?? [];
    list.push(pair);
    pairs.set(key, list);
  };
  const eligible = full.agencies;
  for (let fold = 0; fold < FOLDS; fold++) {
    const heldOut = eligible.filter((agency) => foldOf(agency.key, FOLDS) === fold);
    const model = buildScoringModel(tables, { excludeAgencies: new Set(heldOut.map((agency) => agency.key)) });
    for (const agency of heldOut) {
      const location = locationOf(agency);
      const areas = locateAreas(model, location);
      if (!areas?.state) continue;
      const years = [MID_YEAR, MID_YEAR, MID_YEAR];
      for (const method of METHODS) {
        const estimate = method.estimate(model, location, areas, years);
        for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
          const reported = agency.relative[rateIndex]!;
          if (!Number.isFinite(reported) || agency.expected[rateIndex]! < MIN_EXPECTED) continue;
          const predicted = Math.exp(estimate.logRate[rateIndex * 3 + 1]!) / rateAt(areas.state, rateIndex, MID_YEAR);
          if (Number.isFinite(predicted) && predicted > 0) add(`${method.id}:${rateIndex}`, { predicted, reported, se: estimate.se[rateIndex * 3 + 1]! });
        }
      }
      // The baseline a location with no local data gets: its county's average.
      const remainder = areas.county ? model.countyRemainders.get(areas.county.key) : undefined;
      for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
        const reported = agency.relative[rateIndex]!;
        const county = remainder?.countyRelative[rateIndex];
        if (!Number.isFinite(reported) || agency.expected[rateIndex]! < MIN_EXPECTED || !(county !== undefined && county > 0)) continue;
        add(`county:${rateIndex}`, { predicted: county, reported });
      }
    }
  }
  return pairs;
}

function heldOutYear(tables: ReturnType<typeof readScoringTables>) {
  const model = buildScoringModel(tables, { agencyMaxYear: TRAIN_UNTIL });
  const byKey = new Map<string, AgencyYearRecord>();
  for (const row of tables.agencyYears) if (row.year === HELD_OUT_YEAR) byKey.set(row.agencyKey, row);
  const withTrend = new Map<number, Pair[]>();
  const persistence = new Map<number, Pair[]>();
  for (const agency of model.agencies) {
    const row = byKey.get(agency.key);
    const state = model.areas.get(agency.stateKey);
    if (!row || !state || row.population <= 0) continue;
    const counts = [...row.counts];
    const aggregates = [counts[0]! + counts[1]! + counts[2]! + counts[3]!, counts[4]! + counts[5]! + counts[6]!];
    const all = [...counts, ...aggregates, aggregates[0]! + aggregates[1]!];
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const expected = (row.population * rateAt(state, rateIndex, HELD_OUT_YEAR)) / 100_000;
      const observed = all[rateIndex]!;
      if (!Number.isFinite(observed) || !(expected >= MIN_EXPECTED) || !Number.isFinite(agency.relative[rateIndex]!)) continue;
      const reported = (observed + 0.5) / (expected + 0.5);
      const push = (map: Map<number, Pair[]>, predicted: number) => {
        const list = map.get(rateIndex) ?? [];
        list.push({ predicted, reported });
        map.set(rateIndex, list);
      };
      push(withTrend, agencyRelativeAt(agency, rateIndex, HELD_OUT_YEAR));
      push(persistence, agency.relative[rateIndex]!);
    }
  }
  return { withTrend, persistence };
}

const format = (metric: Metric | undefined) => {
  if (!metric || metric.n === 0) return '–';
  const band = Number.isFinite(metric.bandCoverage) ? ` · ${Math.round(metric.bandCoverage * 100)} % in band` : '';
  return `${metric.rho.toFixed(2)} · ×${metric.medianFactor.toFixed(2)}${band} · n ${metric.n}`;
};

/** Runs the validation and returns the markdown section. */
export function runValidation(scoringDir?: string): string {
  const tables = readScoringTables(locateScoringDir(scoringDir));
  const full = buildScoringModel(tables);
  const lao = leaveAgenciesOut(tables, full);
  const year = heldOutYear(tables);
  const lines: string[] = [];
  lines.push(`Generated by \`npm run validate:model\` from the committed scoring pack (${full.agencies.length} placed US agencies).`);
  lines.push('Each cell: Spearman rank correlation between estimate and report · median error factor (×1.30 = the typical estimate is 30 % off) · share of reports inside the estimate\'s 90 % band (a calibrated band holds about 90 %) · agencies compared.');
  lines.push(`Only agencies expected to record at least ${MIN_EXPECTED} incidents of the crime type are compared, so that the report itself is a fair truth.`);
  lines.push('');
  lines.push('**Leave-agencies-out (5-fold, USA, rates at the agency\'s own point relative to its state, 2014–2019 pooled)**');
  lines.push('');
  lines.push('| Crime type | County average (baseline) | M1 Reported-crime interpolation | M2 Composite | M4 Predictors only |');
  lines.push('|---|---|---|---|---|');
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    const cells = [lao.get(`county:${rateIndex}`), ...METHODS.map((method) => lao.get(`${method.id}:${rateIndex}`))].map((pairs) => format(pairs ? metricOf(pairs) : undefined));
    lines.push(`| ${CRIME_TYPE_NAMES[CRIME_TYPE_KEYS[rateIndex]!]} | ${cells.join(' | ')} |`);
  }
  lines.push('');
  lines.push(`**Held-out year (model built from 2014–${TRAIN_UNTIL} reports; each agency's ${HELD_OUT_YEAR} rate relative to its state)**`);
  lines.push('');
  lines.push('| Crime type | Relative position carried forward with its damped trend (the model) | Without the trend |');
  lines.push('|---|---|---|');
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    const trend = year.withTrend.get(rateIndex);
    const flat = year.persistence.get(rateIndex);
    lines.push(`| ${CRIME_TYPE_NAMES[CRIME_TYPE_KEYS[rateIndex]!]} | ${format(trend ? metricOf(trend) : undefined)} | ${format(flat ? metricOf(flat) : undefined)} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const validation = runValidation();
  const examples = examplesMarkdown();
  console.log(validation);
  console.log(examples);
  const docPath = fileURLToPath(new URL('../../../docs/methodology.md', import.meta.url));
  const doc = replaceDocSection(replaceDocSection(readFileSync(docPath, 'utf8'), 'validation', validation), 'examples', examples);
  writeFileSync(docPath, doc);
  console.log('docs/methodology.md updated.');
}
