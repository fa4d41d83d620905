import { DEFAULT_REPORT_SECTIONS, ProductId, REPORT_SECTION_BITS, ReportFeature, ReportType } from '../ids';
import { SCORES_PER_METHODOLOGY } from './vocabulary';

/**
 * Report types, their add-ons, upgrades and section bits: which product each
 * combination consumes and how feature flags map to add-on products.
 */

/** Every report type, lowest level first. */
export const REPORT_TYPES: readonly ReportType[] = [ReportType.Basic, ReportType.Premium, ReportType.PremiumPlus];

/** Display names of the report types. */
export const REPORT_TYPE_NAMES: Readonly<Record<ReportType, string>> = {
  0: 'Basic',
  1: 'Premium',
  6: 'Premium Plus',
};

/** True when `value` is a report type id (0, 1 or 6). */
export function isReportType(value: unknown): value is ReportType {
  return typeof value === 'number' && (REPORT_TYPES as readonly number[]).includes(value);
}

/** How many methodologies a report of each type carries. */
export const REPORT_TYPE_METHODOLOGY_COUNT: Readonly<Record<ReportType, number>> = { 0: 1, 1: 2, 6: 4 };

/** The number of methodologies a report type carries: 1, 2 or 4. */
export function methodologyCountFor(reportType: ReportType): number {
  return REPORT_TYPE_METHODOLOGY_COUNT[reportType];
}

/** The number of scores a report type carries: 90, 180 or 360. */
export function scoreCountFor(reportType: ReportType): number {
  return methodologyCountFor(reportType) * SCORES_PER_METHODOLOGY;
}

/** The level of a report type (0 Basic, 1 Premium, 2 Premium Plus); ids are not in level order (6 is above 1). */
export function reportTypeLevel(reportType: ReportType): number {
  return REPORT_TYPES.indexOf(reportType);
}

/**
 * The field of the Report entity that holds a report's {product}Data entries: Basic
 * reports carry `basicData`, Premium `premiumData`, Premium Plus `premiumPlusData`.
 */
export const PRODUCT_DATA_FIELDS = { 0: 'basicData', 1: 'premiumData', 6: 'premiumPlusData' } as const satisfies Record<ReportType, string>;
export type ProductDataField = (typeof PRODUCT_DATA_FIELDS)[ReportType];

/** The {product}Data field name of a report type. */
export function productDataFieldFor(reportType: ReportType): ProductDataField {
  return PRODUCT_DATA_FIELDS[reportType];
}

/** A report feature flag value. */
export type ReportFeatureFlag = (typeof ReportFeature)[keyof typeof ReportFeature];

/** Every feature flag. */
export const REPORT_FEATURE_FLAGS: readonly ReportFeatureFlag[] = [ReportFeature.HeatMap, ReportFeature.SupplementalScores, ReportFeature.Demographics];

/**
 * All feature bits together (15). Proximity is not among the flags above: it is not bought with a
 * report or in the upgrade wizard but added to existing reports by its own job.
 */
export const ALL_REPORT_FEATURES = REPORT_FEATURE_FLAGS.reduce((mask, flag) => mask | flag, ReportFeature.Proximity as number);

/** The product ids that add a feature to a report. CitywideMapsAddOn (103) belongs to citywide maps, not reports. */
export const REPORT_ADD_ON_PRODUCT_IDS: readonly ProductId[] = [
  ProductId.HeatMapAddOn,
  ProductId.SupplementalScoresAddOnBasic,
  ProductId.SupplementalScoresAddOnPremium,
  ProductId.DemographicsAddOnBasic,
  ProductId.DemographicsAddOnPremium,
];

/** True when `productId` is a report add-on product. */
export function isReportAddOnProduct(productId: number): boolean {
  return (REPORT_ADD_ON_PRODUCT_IDS as readonly number[]).includes(productId);
}

/**
 * The add-on product that adds `feature` to a report of `reportType`: the heat map is one product
 * for every type; supplemental scores and demographics are priced per level — the Basic product
 * for Basic reports, the Premium product for Premium and Premium Plus.
 */
export function addOnProductFor(feature: ReportFeatureFlag, reportType: ReportType): ProductId {
  const basic = reportType === ReportType.Basic;
  switch (feature) {
    case ReportFeature.HeatMap:
      return ProductId.HeatMapAddOn;
    case ReportFeature.SupplementalScores:
      return basic ? ProductId.SupplementalScoresAddOnBasic : ProductId.SupplementalScoresAddOnPremium;
    case ReportFeature.Demographics:
      return basic ? ProductId.DemographicsAddOnBasic : ProductId.DemographicsAddOnPremium;
    case ReportFeature.Proximity:
      return ProductId.ProximityAddOn;
  }
}

/** The feature an add-on product adds, or undefined when `productId` is not a report add-on. */
export function featureOfAddOn(productId: number): ReportFeatureFlag | undefined {
  switch (productId) {
    case ProductId.HeatMapAddOn:
      return ReportFeature.HeatMap;
    case ProductId.SupplementalScoresAddOnBasic:
    case ProductId.SupplementalScoresAddOnPremium:
      return ReportFeature.SupplementalScores;
    case ProductId.DemographicsAddOnBasic:
    case ProductId.DemographicsAddOnPremium:
      return ReportFeature.Demographics;
    case ProductId.ProximityAddOn:
      return ReportFeature.Proximity;
    default:
      return undefined;
  }
}

/** True when an add-on product may be bought for a report of `reportType` (101/104 Basic only, 102/105 Premium and Premium Plus only). */
export function isAddOnForReportType(productId: number, reportType: ReportType): boolean {
  const feature = featureOfAddOn(productId);
  return feature !== undefined && addOnProductFor(feature, reportType) === productId;
}

/** The feature flags a set of add-on products gives (products that are not add-ons are ignored). */
export function featuresOfAddOns(addOnProducts: readonly number[]): number {
  return addOnProducts.reduce((mask, productId) => mask | (featureOfAddOn(productId) ?? 0), 0);
}

/** The add-on products that give `features` to a report of `reportType`, in flag order. */
export function addOnsForFeatures(features: number, reportType: ReportType): ProductId[] {
  return REPORT_FEATURE_FLAGS.filter((flag) => hasFeature(features, flag)).map((flag) => addOnProductFor(flag, reportType));
}

/** True when the feature flags include `feature`. */
export function hasFeature(features: number, feature: ReportFeatureFlag): boolean {
  return (features & feature) === feature;
}

/** The upgrade products, keyed "from→to" by report type. */
const UPGRADE_PRODUCTS: ReadonlyArray<{ from: ReportType; to: ReportType; productId: ProductId }> = [
  { from: ReportType.Basic, to: ReportType.Premium, productId: ProductId.UpgradeBasicToPremium },
  { from: ReportType.Basic, to: ReportType.PremiumPlus, productId: ProductId.UpgradeBasicToPremiumPlus },
  { from: ReportType.Premium, to: ReportType.PremiumPlus, productId: ProductId.UpgradePremiumToPremiumPlus },
];

/** The upgrade product from one report type to a higher one (200, 201, 202), or undefined when there is none. */
export function upgradeProductFor(fromType: ReportType, toType: ReportType): ProductId | undefined {
  return UPGRADE_PRODUCTS.find((upgrade) => upgrade.from === fromType && upgrade.to === toType)?.productId;
}

/** The report types an upgrade product goes from and to, or undefined when `productId` is not an upgrade. */
export function upgradeOfProduct(productId: number): { from: ReportType; to: ReportType } | undefined {
  const upgrade = UPGRADE_PRODUCTS.find((entry) => entry.productId === productId);
  return upgrade ? { from: upgrade.from, to: upgrade.to } : undefined;
}

/** The report types a report of `fromType` can be upgraded to, lowest first. */
export function upgradeTargetsOf(fromType: ReportType): ReportType[] {
  return UPGRADE_PRODUCTS.filter((upgrade) => upgrade.from === fromType).map((upgrade) => upgrade.to);
}

/** Every section bit together; the default section value 233223 is all of them. */
export const ALL_REPORT_SECTIONS = REPORT_SECTION_BITS.reduce<number>((mask, bit) => mask | bit, 0);

/** True when `sections` is a non-negative integer made only of the report section bits (0 = no section). */
export function isValidSections(sections: number): boolean {
  return Number.isSafeInteger(sections) && sections >= 0 && (sections & ~ALL_REPORT_SECTIONS) === 0;
}

/** The section value a request means: absent is the default (233223); anything else as given. */
export function resolveSections(sections: number | null | undefined): number {
  return sections === null || sections === undefined ? DEFAULT_REPORT_SECTIONS : sections;
}

/** The section bits set in a section value, in REPORT_SECTION_BITS order. */
export function sectionBitsOf(sections: number): number[] {
  return REPORT_SECTION_BITS.filter((bit) => (sections & bit) === bit);
}

/** The section value of a list of section bits. */
export function sectionsOf(bits: readonly number[]): number {
  return bits.reduce((mask, bit) => mask | bit, 0);
}
