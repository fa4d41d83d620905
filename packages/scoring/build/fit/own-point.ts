import { compositeEstimate, interpolationEstimate, memberships } from '../../src/engine/estimates';
import { ownInputsOf } from '../../src/engine/combination-inputs';
import { locateAreas } from '../../src/engine/locate-areas';
import { buildScoringModel } from '../../src/model/build-model';
import { defaultCombination, type GroupCombination } from '../../src/model/combination';
import { rateAt } from '../../src/model/series';
import { RATE_COUNT, withAggregates } from '../../src/model/years';
import type { AgencyYearRecord, ScoringTables } from '../../src/pack/read-tables';
import { countyFold, locationOfAgency, MIN_EXPECTED } from './out-of-fold';

/*
 * The held-out year at each reporting agency's own point: the model is built from the agencies'
 * reports up to TRAIN_UNTIL and estimates HELD_OUT_YEAR where each agency is. These cases size the
 * bands of methodologies 1 and 2 at a point a reporting agency covers (its own record speaks there,
 * and the cross-validation's held-out points never have one), and the validation reports them.
 */

/** The model sees agency reports up to this year and predicts HELD_OUT_YEAR. */
export const TRAIN_UNTIL = 2017;
export const HELD_OUT_YEAR = 2019;

/** One agency and rate key: its held-out report, the last year it reported before, and methodologies 1 and 2 (raw SDs, bands unscaled). */
export interface OwnPointCase {
  countyKey: string;
  calibration: boolean;
  /** The agency's population ÷ its county's (the leak subgroup, reporting only). */
  countyShare: number;
  rateIndex: number;
  /** log of the held-out year's report relative to the state, and the count expected behind it. */
  targetLog: number;
  expected: number;
  lastLog: number;
  m1Log: number;
  m1Sd: number;
  /** Methodology 1's agency share at the point (min(1, Σ membership weights)) and the incidents of the agency that speaks for the point (as methodology 2's). */
  m1Share: number;
  m1Evidence: number;
  m2Log: number;
  m2Sd: number;
  /** Methodology 2's covered share at the point and its covering agencies' expected incidents. */
  m2Share: number;
  m2Evidence: number;
}

/** Log of a year's count relative to the state's rate, with the model's half-incident prior. */
function yearRelativeLog(row: AgencyYearRecord, rateIndex: number, stateRate: number): { log: number; expected: number } {
  const count = withAggregates(row.counts)[rateIndex]!;
  const expected = (row.population * stateRate) / 100_000;
  return { log: Math.log((count + 0.5) / (expected + 0.5)), expected: Number.isFinite(count) ? expected : Number.NaN };
}

/**
 * Every agency with a held-out-year report (expected at least MIN_EXPECTED incidents) and a report
 * up to TRAIN_UNTIL, under methodology 2's `groups` with unscaled bands. Deterministic (pack order).
 */
export function ownPointCases(tables: ScoringTables, groups: GroupCombination[]): OwnPointCase[] {
  const combination = { ...defaultCombination(), groups };
  const model = buildScoringModel(tables, { agencyMaxYear: TRAIN_UNTIL, combination });
  const rowsByAgency = new Map<string, AgencyYearRecord[]>();
  for (const row of tables.agencyYears) {
    if (!(row.population > 0)) continue;
    const list = rowsByAgency.get(row.agencyKey) ?? [];
    list.push(row);
    rowsByAgency.set(row.agencyKey, list);
  }
  const cases: OwnPointCase[] = [];
  for (const agency of model.agencies) {
    const rows = rowsByAgency.get(agency.key) ?? [];
    const target = rows.find((row) => row.year === HELD_OUT_YEAR);
    const last = rows.filter((row) => row.year <= TRAIN_UNTIL).sort((a, b) => b.year - a.year)[0];
    const state = model.areas.get(agency.stateKey);
    if (!target || !last || !state) continue;
    const location = locationOfAgency(agency);
    const areas = locateAreas(model, location);
    if (!areas?.state) continue;
    const years = [HELD_OUT_YEAR, HELD_OUT_YEAR, HELD_OUT_YEAR];
    const m2 = compositeEstimate(model, location, areas, years);
    const members = memberships(model, location, areas.state.key);
    const m1 = interpolationEstimate(model, location, areas, years, members);
    const own = ownInputsOf(members);
    const countyPopulation = model.areas.get(agency.countyKey)?.population ?? 0;
    const { calibration } = countyFold(agency.countyKey);
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const stateRate = rateAt(state, rateIndex, HELD_OUT_YEAR);
      const truth = yearRelativeLog(target, rateIndex, stateRate);
      const lastYear = yearRelativeLog(last, rateIndex, rateAt(state, rateIndex, last.year));
      if (!(truth.expected >= MIN_EXPECTED) || !Number.isFinite(lastYear.expected)) continue;
      // Methodology 1's agency share exactly as interpolationEstimate counts it.
      let m1Share = 0;
      for (const member of members) if (Number.isFinite(member.agency.relative[rateIndex]!)) m1Share += member.weight;
      const stateLog = Math.log(stateRate);
      const slot = rateIndex * 3 + 1;
      cases.push({
        countyKey: agency.countyKey,
        calibration,
        countyShare: countyPopulation > 0 ? agency.population / countyPopulation : 1,
        rateIndex,
        targetLog: truth.log,
        expected: truth.expected,
        lastLog: lastYear.log,
        m1Log: m1.logRate[slot]! - stateLog,
        m1Sd: m1.se[slot]!,
        m1Share: Math.min(1, m1Share),
        m1Evidence: own.ownExpected[rateIndex]!,
        m2Log: m2.logRate[slot]! - stateLog,
        m2Sd: m2.se[slot]!,
        m2Share: own.coveredShare[rateIndex]!,
        m2Evidence: own.ownExpected[rateIndex]!,
      });
    }
  }
  return cases;
}
