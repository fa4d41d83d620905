import { SCORE_AVERAGE, clampScore, fewResidentsAt, type CountryId, type MethodologyTypeId, type ScoringLocation } from '@riskatlas/domain';
import type { ScoringModel } from '../model/build-model';
import type { AreaSeries } from '../model/series';
import { DEFAULT_PROJECTION } from '../model/projection';
import { RATE_COUNT, YEAR_COUNT, YEAR_MAX, YEAR_MIN, seriesIndex } from '../model/years';
import { compositeEstimate, incidentDensityEstimate, interpolationEstimate, predictorsEstimate, type LocalEstimate } from './estimates';
import { locateAreas, type LocationAreas } from './locate-areas';
import { createScoringScratch, type ScoringScratch } from './scoring-scratch';
import { scoreArraySource } from './score-arrays';
import type { MethodologyScores, ScoredArea, ScoringEngine } from './types';

/** Years between the periods: past = current − 5, projected = current + 5. */
export const PERIOD_STEP_YEARS = 5;
/** z of a two-sided 90 % band. */
export const BAND_Z = 1.645;
/** Index of the projected period: a forecast by definition, never reported even where later data exist. */
const PROJECTED_PERIOD = 2;
/** The band of a score whose ratio is unknown (scored average): a log-scale standard deviation of 1. */
const UNKNOWN_LOW = clampScore(SCORE_AVERAGE * Math.exp(-BAND_Z));
const UNKNOWN_HIGH = clampScore(SCORE_AVERAGE * Math.exp(BAND_Z));

/** Each methodology's estimator; those that can write into the engine's scratch are given it. */
const ESTIMATORS: Record<MethodologyTypeId, (model: ScoringModel, location: ScoringLocation, areas: LocationAreas, years: readonly number[], scratch: ScoringScratch) => LocalEstimate> = {
  1: (model, location, areas, years) => interpolationEstimate(model, location, areas, years),
  2: compositeEstimate,
  3: incidentDensityEstimate,
  4: predictorsEstimate,
};

/**
 * The data years of a release: the current period is the year before the release, capped at the
 * latest year the country's data holds; past and projected are five years either side.
 */
export function periodYearsOf(model: ScoringModel, countryId: CountryId, releaseYear: number): [number, number, number] {
  const last = model.lastDataYear.get(countryId) ?? releaseYear - 1;
  const current = Math.max(YEAR_MIN + PERIOD_STEP_YEARS, Math.min(releaseYear - 1, last, YEAR_MAX - PERIOD_STEP_YEARS));
  return [current - PERIOD_STEP_YEARS, current, current + PERIOD_STEP_YEARS];
}

function yearsOutside(area: AreaSeries, rateIndex: number, year: number): number {
  const first = area.firstObserved[rateIndex]!;
  const last = area.lastObserved[rateIndex]!;
  if (!first) return PERIOD_STEP_YEARS;
  return Math.max(0, first - year, year - last);
}

const scoredArea = (area: AreaSeries | undefined): ScoredArea | undefined => (area ? { key: area.key, name: area.name } : undefined);

/** Creates the engine over a built model. */
export function createScoringEngine(model: ScoringModel): ScoringEngine {
  const scratch = createScoringScratch();
  const scoreArrays = scoreArraySource();
  return {
    periodYears: (countryId, releaseYear) => periodYearsOf(model, countryId, releaseYear),
    score(location, methodologyTypeId, releaseYear) {
      const areas = locateAreas(model, location);
      if (!areas) return undefined;
      const years = periodYearsOf(model, location.countryId, releaseYear);
      const estimate = ESTIMATORS[methodologyTypeId](model, location, areas, years, scratch);
      // Scores are ratios of rates: what grows beyond the data is the uncertainty of the ratio, sized
      // per country by the projection backtest.
      const timePerYear = (model.projections.get(location.countryId) ?? DEFAULT_PROJECTION).ratioPerYear;
      // Missing levels compare with the next coarser area, and such scores are imputed.
      const comparisons: readonly AreaSeries[] = [areas.national, areas.state ?? areas.national, areas.county ?? areas.state ?? areas.national];
      const ownLevels: readonly boolean[] = [true, areas.state !== undefined, areas.county !== undefined];
      // Series positions of the period years for rate key 0 (each key is YEAR_COUNT further on).
      const yearPositions = years.map((year) => seriesIndex(0, year));
      const { values, low, high, reported } = scoreArrays();
      let bandSigma = Number.NaN;
      let lowFactor = Number.NaN;
      let highFactor = Number.NaN;
      for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
        for (let period = 0; period < 3; period++) {
          const year = years[period]!;
          const slot = rateIndex * 3 + period;
          const position = rateIndex * YEAR_COUNT + yearPositions[period]!;
          const rate = Math.exp(estimate.logRate[slot]!);
          const timeSpread = timePerYear * yearsOutside(areas.base, rateIndex, year);
          const sigma = Math.sqrt(estimate.se[slot]! ** 2 + timeSpread * timeSpread);
          // A key's three periods mostly share one sigma: its band factors are then computed once.
          if (sigma !== bandSigma) {
            bandSigma = sigma;
            lowFactor = Math.exp(-BAND_Z * sigma);
            highFactor = Math.exp(BAND_Z * sigma);
          }
          const slotReported = areas.covered && period !== PROJECTED_PERIOD && estimate.reported[slot] === 1;
          for (let region = 0; region < 3; region++) {
            const area = comparisons[region]!;
            const index = (rateIndex * 3 + region) * 3 + period;
            const ratio = rate / area.values[position]!;
            if (!Number.isFinite(ratio)) {
              values[index] = SCORE_AVERAGE;
              low[index] = UNKNOWN_LOW;
              high[index] = UNKNOWN_HIGH;
              continue;
            }
            const value = ratio * 100;
            const score = clampScore(value);
            values[index] = score;
            low[index] = Math.min(score, clampScore(value * lowFactor));
            high[index] = Math.max(score, clampScore(value * highFactor));
            reported[index] = slotReported && ownLevels[region]! && area.reported[position] === 1 ? 1 : 0;
          }
        }
      }
      const result: MethodologyScores = {
        methodologyTypeId,
        countryId: location.countryId,
        releaseYear,
        periodYears: years,
        radius1: estimate.radius1,
        radius2: estimate.radius2,
        stateArea: scoredArea(comparisons[1]),
        countyArea: scoredArea(comparisons[2]),
        values,
        low,
        high,
        reported,
        fewResidents: fewResidentsAt(values),
      };
      return result;
    },
  };
}
