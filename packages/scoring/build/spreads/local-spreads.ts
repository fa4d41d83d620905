// local-spreads.tsv: how far small areas stray from the area a non-US location's score starts from,
// measured on the finer data (London LSOAs, Mexican municipalities, Canadian CMAs). Each source's areas are split in two by a hash of their
// code: a spread fitted on one half (90 % of its log deviations within ±1.645 σ) is checked on the
// other, each half held out once; the counts are stored so that `npm run validate:model` reports
// the held-out coverage from the committed pack alone. The model uses the spread fitted on all areas.
import type { CountryId } from '@riskatlas/domain';
import { RATE_KEYS, fixed, type AreaLevel } from '../../src/pack/format';
import type { ScoringTables } from '../../src/pack/read-tables';
import { RATE_COUNT } from '../../src/model/years';
import { BAND_Z } from '../../src/engine/create-engine';
import { calibratedSpread } from '../../validation/calibration';
import { foldOf } from '../fit/folds';
import type { PackRow } from '../types';
import { LONDON_INPUTS, londonSmallAreas } from './london-lsoa';
import { MEXICO_INPUTS, mexicoSmallAreas } from './mexico-municipal';
import { NY_INPUTS, newYorkSmallAreas } from './ny-counties';
import { deviationsAroundParents, type Deviation } from './small-areas';

/** A source of small areas: what it measures and which base level of the engine its spread serves ('-' = reported only). */
interface SpreadSource {
  name: string;
  countryId: CountryId;
  appliesTo: AreaLevel | '-';
  /** The US-measured spread the source's locations had before (agencies around their county, or their state). */
  before: 'local' | 'state';
  deviations: () => Deviation[];
}

/** Years over which a Canadian CMA's ratio to its province is averaged (the latest five). */
const CANADA_YEARS = [2020, 2021, 2022, 2023, 2024];

/**
 * Canada's CMAs around their province: the log ratio of their Crime Severity Index in each of the
 * latest five years (a score compares one year; 40 CMAs alone would size a band on 20 values).
 */
function canadaDeviations(tables: ScoringTables): Deviation[] {
  const rates = new Map<string, Float64Array>();
  for (const row of tables.areaRates) if (CANADA_YEARS.includes(row.year)) rates.set(`${row.areaKey}:${row.year}`, row.rates);
  const deviations: Deviation[] = [];
  for (const area of tables.areas) {
    if (area.countryId !== 2 || area.level !== 'C' || !area.parentKey) continue;
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      for (const year of CANADA_YEARS) {
        const logRatio = Math.log((rates.get(`${area.areaKey}:${year}`)?.[rateIndex] ?? Number.NaN) / (rates.get(`${area.parentKey}:${year}`)?.[rateIndex] ?? Number.NaN));
        if (Number.isFinite(logRatio)) deviations.push({ code: area.areaKey, rateIndex, logRatio });
      }
    }
  }
  return deviations;
}

/** The raw files the spreads read (for the manifest). */
export const LOCAL_SPREAD_INPUTS = [...LONDON_INPUTS, ...MEXICO_INPUTS, ...NY_INPUTS];

/** Fits each source's spread per rate key on one half of its areas and counts the other half's coverage. */
export function localSpreadRows(sharedDir: string, tables: ScoringTables, usSpreads: { local: Float64Array; state: Float64Array }): PackRow[] {
  const sources: SpreadSource[] = [
    { name: 'london-lsoa-force', countryId: 3, appliesTo: 'C', before: 'local', deviations: () => deviationsAroundParents(londonSmallAreas(sharedDir, true)) },
    { name: 'london-lsoa-borough', countryId: 3, appliesTo: '-', before: 'local', deviations: () => deviationsAroundParents(londonSmallAreas(sharedDir, false)) },
    { name: 'mexico-municipality', countryId: 5, appliesTo: 'S', before: 'state', deviations: () => deviationsAroundParents(mexicoSmallAreas(sharedDir)) },
    { name: 'canada-cma', countryId: 2, appliesTo: 'S', before: 'state', deviations: () => canadaDeviations(tables) },
    { name: 'new-york-county', countryId: 1, appliesTo: '-', before: 'state', deviations: () => deviationsAroundParents(newYorkSmallAreas(sharedDir, tables.areas)) },
  ];
  const rows: PackRow[] = [];
  for (const source of sources) {
    const deviations = source.deviations();
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const mine = deviations.filter((deviation) => deviation.rateIndex === rateIndex);
      const spreadOf = (sample: readonly Deviation[]) => calibratedSpread(sample.map((deviation) => ({ error: deviation.logRatio, scale: 1 })));
      // Each half is held out once, its band sized on the other half; the model's spread uses every area.
      let inside = 0;
      for (let fold = 0; fold < 2; fold++) {
        const heldOut = mine.filter((deviation) => foldOf(deviation.code, 2) === fold);
        const fitted = spreadOf(mine.filter((deviation) => foldOf(deviation.code, 2) !== fold));
        inside += heldOut.filter((deviation) => Math.abs(deviation.logRatio) <= BAND_Z * fitted).length;
      }
      if (mine.length < 20) continue;
      const spread = spreadOf(mine);
      const previous = usSpreads[source.before][rateIndex]!;
      const insideBefore = mine.filter((deviation) => Math.abs(deviation.logRatio) <= BAND_Z * previous).length;
      rows.push([source.name, source.countryId, source.appliesTo, RATE_KEYS[rateIndex]!, fixed(spread, 4), mine.length, inside, insideBefore]);
    }
  }
  return rows;
}
