import {
  defaultScoreFormat,
  isCountryId,
  scoreBandIndex,
  scoreIndexOf,
  scoreRangeForCountry,
  type CrimeTypeKey,
  type MethodologyTypeId,
  type ReportMapType,
  type TReportMapResponse,
} from '@riskatlas/domain';
import { scoringLocationAt } from '@riskatlas/geo';
import type { ScoringDeps } from '../reports/index';
import type { MappedReport } from './map.repository';

/** The grid of a report map: GRID_SIZE × GRID_SIZE cells of CELL_MILES, centred on the site. */
export const GRID_SIZE = 15;
const CELL_MILES = 0.5;
const MILES_PER_DEGREE_LATITUDE = 69.05;

/** The score each map draws: Total Crime for map A, crimes against persons or property for map B. */
const CRIME_TYPE_OF: Readonly<Record<ReportMapType, CrimeTypeKey>> = { overall: 'total', persons: 'persons', property: 'property' };

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * A report's map: the score of each cell's centre (national comparison, current period) under the
 * report's release and the methodology, computed with the scoring engine, coloured by its legend
 * band in the release's scheme (5 colours before 2018, 25 from 2018). Cells outside every covered
 * country, or without data, are left out. Deterministic: the same report always gives the same map.
 */
export function reportMapCells(deps: ScoringDeps, report: MappedReport, methodology: MethodologyTypeId, mapType: ReportMapType): TReportMapResponse {
  const scoreIndex = scoreIndexOf({ crimeType: CRIME_TYPE_OF[mapType], region: 'national', period: 'current' });
  const format = defaultScoreFormat(report.releaseYear);
  const latStep = CELL_MILES / MILES_PER_DEGREE_LATITUDE;
  const lngStep = latStep / Math.max(0.01, Math.cos((report.latitude * Math.PI) / 180));
  const half = (GRID_SIZE - 1) / 2;
  const features: TReportMapResponse['features'] = [];
  for (let row = 0; row < GRID_SIZE; row += 1) {
    for (let column = 0; column < GRID_SIZE; column += 1) {
      const latitude = report.latitude + (row - half) * latStep;
      const longitude = report.longitude + (column - half) * lngStep;
      const location = scoringLocationAt(deps.gazetteer, latitude, longitude);
      if (!location || !isCountryId(location.countryId)) continue;
      const scored = deps.scoring.score(location, methodology, report.releaseYear);
      if (!scored) continue;
      const score = scored.values[scoreIndex]!;
      const range = scoreRangeForCountry(location.countryId);
      const bands = format === 25 ? range.detailedBreaks : range.colorBreaks;
      const band = scoreBandIndex(score, bands);
      const [west, east] = [round(longitude - lngStep / 2), round(longitude + lngStep / 2)];
      const [south, north] = [round(latitude - latStep / 2), round(latitude + latStep / 2)];
      features.push({
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] },
        properties: { score, color: bands[band]!.color, band },
      });
    }
  }
  return {
    type: 'FeatureCollection',
    siteId: report.siteId,
    accountProductReportId: report.accountProductReportId,
    mapType,
    releaseYear: report.releaseYear,
    methodologyTypeId: methodology,
    cellMiles: CELL_MILES,
    features,
  };
}
