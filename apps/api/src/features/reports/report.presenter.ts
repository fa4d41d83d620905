import {
  crimeRateComparisonApplies,
  hasFeature,
  isCountryId,
  productDataFieldFor,
  ReportFeature,
  reportState,
  reportUpgradeOptions,
  visibleRegions,
  type CountryId,
  type MethodologyTypeId,
  type ReportType,
  type TReport,
} from '@riskatlas/domain';
import type { ReportRow, SiteRow } from '../../db/schema/index';
import type { Caller } from '../../access/caller';
import { presentProductData, scoreNotesOf } from './report-data';
import { productAllowedFor } from '../../access/product-policy';

/** The site facts a report's presentation reads. */
export type ReportSiteFacts = Pick<SiteRow, 'ct' | 'admin1Code' | 'state'>;

/** The country of a stored row (the column is a plain smallint). */
function countryOf(row: ReportRow): CountryId {
  if (!isCountryId(row.countryId)) throw new Error(`Report ${row.accountProductReportId} has unknown country ${row.countryId}`);
  return row.countryId;
}

/**
 * The Report entity of a stored report: its {product}Data entries under the
 * field named for its type, DC state scores left out from 2022, the feature flags as
 * booleans, and what the caller may still do with it (updatable, upgrade options narrowed to the
 * products the caller may use). Proximity means the report has the Proximity add-on: its points
 * of interest are read from the data pack around the site.
 */
export function presentReport(row: ReportRow, site: ReportSiteFacts, auth: Caller): TReport {
  const countryId = countryOf(row);
  const reportType = row.reportType as ReportType;
  const regionInput = { countryId, releaseYear: row.releaseYear, state: site.admin1Code ?? site.state };
  const regions = visibleRegions(regionInput);
  const stateInput = { countryId, reportType, releaseYear: row.releaseYear, features: row.features };
  const allowed = productAllowedFor(auth);
  const state = reportState(stateInput, allowed);
  return {
    accountProductReportId: row.accountProductReportId,
    siteId: row.siteId,
    countryID: countryId,
    reportType,
    releaseYear: row.releaseYear,
    methodologyTypeIds: row.methodologyTypeIds as MethodologyTypeId[],
    addOnProducts: row.addOnProducts,
    sections: row.sections,
    reportSupplements: row.supplements,
    features: row.features,
    [productDataFieldFor(reportType)]: row.productData.map((entry) => presentProductData(entry, countryId, regions)),
    hasProximity: hasFeature(row.features, ReportFeature.Proximity),
    hasHeatMap: hasFeature(row.features, ReportFeature.HeatMap),
    hasDemographics: hasFeature(row.features, ReportFeature.Demographics),
    hasCrimeRateComparison: crimeRateComparisonApplies({ countryId, communityType: site.ct, releaseYear: row.releaseYear }),
    created: row.created.toISOString(),
    createdByUserId: row.createdByUserId,
    stateScoresHidden: !regions.includes('state'),
    updatable: state.updatable,
    upgradable: state.upgradable,
    upgradeOptions: reportUpgradeOptions(stateInput, allowed),
    hasMap: state.hasMap,
    hasPdf: state.hasPdf,
    sameScoresNote: scoreNotesOf(row.productData).sameScoresNote,
  };
}
