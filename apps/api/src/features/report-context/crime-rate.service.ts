import {
  CRIME_TYPE_KEYS,
  CRIME_TYPE_NAMES,
  crimeRateComparisonApplies,
  methodologyOf,
  ReportContextMessages,
  scoreIndexOf,
  SCORE_AVERAGE,
  SiteMessages,
  type MethodologyTypeId,
  type TCrimeRateComparison,
  type TCrimeRateData,
} from '@riskatlas/domain';
import { areaRateOf, loadScoringModel, type MethodologyScores } from '@riskatlas/scoring';
import type { Db } from '../../db/client';
import type { Caller } from '../../access/caller';
import { siteScope } from '../../access/site-scope';
import { AppError } from '../../lib/app-error';
import { latestSiteReport, scorePoint, type ScoringDeps } from '../reports/index';
import { findScopedSiteRow } from '../sites/index';
import { scopedReport } from './report-lookup';

/** Rates are shown to one decimal (crimes per 100,000 residents). */
function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * One methodology's comparison: for each crime type, the actual rate — the rate of the site's
 * county (the comparison area of the county-level scores) for the current period's year, as
 * reported or, between and after reported years, as the pack carries it (flagged) — and
 * the expected rate — the model's rate at the site, which is the county score's multiple of that
 * same rate (a score is the site's rate ÷ the area's rate × 100). Null where the area has no rate.
 */
function comparisonOf(scores: MethodologyScores): TCrimeRateData {
  const year = scores.periodYears[1];
  const area = scores.countyArea;
  const model = loadScoringModel();
  return {
    methodologyType: scores.methodologyTypeId,
    methodologyName: methodologyOf(scores.methodologyTypeId)?.name ?? `Methodology ${scores.methodologyTypeId}`,
    areaName: area?.name ?? '',
    year,
    rates: CRIME_TYPE_KEYS.map((crimeType, index) => {
      const rate = area ? areaRateOf(model, area.key, index, year) : undefined;
      const score = scores.values[scoreIndexOf({ crimeType, region: 'county', period: 'current' })]!;
      return {
        crimeType,
        name: CRIME_TYPE_NAMES[crimeType],
        actual: rate ? oneDecimal(rate.rate) : null,
        reported: rate?.reported ?? false,
        expected: rate ? oneDecimal((rate.rate * score) / SCORE_AVERAGE) : null,
      };
    }),
  };
}

/**
 * GET reports/{siteId}/crcfData: actual against expected crime rates per methodology of the site's
 * report (the one named, else its latest). Needs the account's crime-risk feature (403) and a
 * report the comparison applies to (400); another account's site is 404.
 */
export async function crimeRateComparison(db: Db, scoring: ScoringDeps, caller: Caller, siteId: number, reportId: number | undefined): Promise<TCrimeRateComparison> {
  if (!caller.account.allowCrimeRiskFeature) throw AppError.forbidden(ReportContextMessages.crimeRateNotAllowed);
  const scope = await siteScope(db, caller);
  const site = await findScopedSiteRow(db, scope, siteId);
  if (!site) throw AppError.notFound(SiteMessages.siteNotFound);
  const report = reportId === undefined ? await latestSiteReport(db, scope, siteId) : (await scopedReport(db, caller, reportId)).report;
  if (!report || report.siteId !== siteId) throw AppError.notFound(SiteMessages.siteNotFound);
  if (!crimeRateComparisonApplies({ countryId: report.countryId, communityType: site.ct, releaseYear: report.releaseYear })) {
    throw AppError.badRequest(ReportContextMessages.crimeRateNotAvailable);
  }
  const point = scorePoint(scoring, site.latitude, site.longitude, report.methodologyTypeIds as MethodologyTypeId[], report.releaseYear);
  if (!point) throw AppError.badRequest(ReportContextMessages.crimeRateNotAvailable);
  return { siteId, accountProductReportId: report.accountProductReportId, releaseYear: point.releaseYear, methodologies: point.scores.map(comparisonOf) };
}
