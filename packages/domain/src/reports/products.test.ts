import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_SECTIONS, ProductId, ReportFeature, ReportType } from '../ids';
import {
  addOnProductFor,
  addOnsForFeatures,
  ALL_REPORT_SECTIONS,
  featureOfAddOn,
  featuresOfAddOns,
  hasFeature,
  isAddOnForReportType,
  isReportAddOnProduct,
  isReportType,
  isValidSections,
  methodologyCountFor,
  productDataFieldFor,
  reportTypeLevel,
  resolveSections,
  scoreCountFor,
  sectionBitsOf,
  sectionsOf,
  upgradeOfProduct,
  upgradeProductFor,
  upgradeTargetsOf,
} from './products';

describe('report types', () => {
  it('carries 1, 2 and 4 methodologies: 90, 180 and 360 scores', () => {
    expect([0, 1, 6].map((type) => methodologyCountFor(type as ReportType))).toEqual([1, 2, 4]);
    expect([0, 1, 6].map((type) => scoreCountFor(type as ReportType))).toEqual([90, 180, 360]);
  });

  it('ranks Premium Plus (6) above Premium (1)', () => {
    expect(reportTypeLevel(ReportType.Basic)).toBeLessThan(reportTypeLevel(ReportType.Premium));
    expect(reportTypeLevel(ReportType.Premium)).toBeLessThan(reportTypeLevel(ReportType.PremiumPlus));
    expect(isReportType(6)).toBe(true);
    expect(isReportType(2)).toBe(false);
  });

  it('names the {product}Data field per type', () => {
    expect(productDataFieldFor(ReportType.Basic)).toBe('basicData');
    expect(productDataFieldFor(ReportType.Premium)).toBe('premiumData');
    expect(productDataFieldFor(ReportType.PremiumPlus)).toBe('premiumPlusData');
  });
});

describe('add-ons and feature flags', () => {
  it('prices supplemental scores and demographics per level, the heat map once', () => {
    expect(addOnProductFor(ReportFeature.HeatMap, ReportType.Basic)).toBe(100);
    expect(addOnProductFor(ReportFeature.HeatMap, ReportType.PremiumPlus)).toBe(100);
    expect(addOnProductFor(ReportFeature.SupplementalScores, ReportType.Basic)).toBe(101);
    expect(addOnProductFor(ReportFeature.SupplementalScores, ReportType.Premium)).toBe(102);
    expect(addOnProductFor(ReportFeature.SupplementalScores, ReportType.PremiumPlus)).toBe(102);
    expect(addOnProductFor(ReportFeature.Demographics, ReportType.Basic)).toBe(104);
    expect(addOnProductFor(ReportFeature.Demographics, ReportType.Premium)).toBe(105);
    expect(addOnProductFor(ReportFeature.Demographics, ReportType.PremiumPlus)).toBe(105);
  });

  it('maps add-ons back to flags and refuses the wrong level', () => {
    expect(featureOfAddOn(102)).toBe(ReportFeature.SupplementalScores);
    expect(featureOfAddOn(103)).toBeUndefined();
    expect(isReportAddOnProduct(103)).toBe(false);
    expect(isReportAddOnProduct(105)).toBe(true);
    expect(isAddOnForReportType(101, ReportType.Basic)).toBe(true);
    expect(isAddOnForReportType(101, ReportType.Premium)).toBe(false);
    expect(isAddOnForReportType(105, ReportType.PremiumPlus)).toBe(true);
    expect(isAddOnForReportType(1, ReportType.Basic)).toBe(false);
    expect(featuresOfAddOns([100, 105, 0])).toBe(5);
    expect(addOnsForFeatures(7, ReportType.Basic)).toEqual([100, 101, 104]);
    expect(addOnsForFeatures(6, ReportType.Premium)).toEqual([102, 105]);
    expect(hasFeature(5, ReportFeature.Demographics)).toBe(true);
    expect(hasFeature(5, ReportFeature.SupplementalScores)).toBe(false);
  });
});

describe('upgrades', () => {
  it('has one product per step up and none down or sideways', () => {
    expect(upgradeProductFor(ReportType.Basic, ReportType.Premium)).toBe(ProductId.UpgradeBasicToPremium);
    expect(upgradeProductFor(ReportType.Basic, ReportType.PremiumPlus)).toBe(201);
    expect(upgradeProductFor(ReportType.Premium, ReportType.PremiumPlus)).toBe(202);
    expect(upgradeProductFor(ReportType.Premium, ReportType.Basic)).toBeUndefined();
    expect(upgradeProductFor(ReportType.Premium, ReportType.Premium)).toBeUndefined();
    expect(upgradeOfProduct(201)).toEqual({ from: 0, to: 6 });
    expect(upgradeOfProduct(150)).toBeUndefined();
    expect(upgradeTargetsOf(ReportType.Basic)).toEqual([1, 6]);
    expect(upgradeTargetsOf(ReportType.PremiumPlus)).toEqual([]);
  });
});

describe('report sections', () => {
  it('makes the default 233223 every section bit', () => {
    expect(ALL_REPORT_SECTIONS).toBe(DEFAULT_REPORT_SECTIONS);
    expect(sectionsOf(sectionBitsOf(DEFAULT_REPORT_SECTIONS))).toBe(233223);
    expect(sectionBitsOf(1 + 256 + 131072)).toEqual([1, 256, 131072]);
  });

  it('accepts only sums of section bits', () => {
    expect(isValidSections(233223)).toBe(true);
    expect(isValidSections(0)).toBe(true);
    expect(isValidSections(3)).toBe(true);
    expect(isValidSections(8)).toBe(false);
    expect(isValidSections(-1)).toBe(false);
    expect(isValidSections(1.5)).toBe(false);
    expect(isValidSections(262144)).toBe(false);
  });

  it('reads an absent section value as the default', () => {
    expect(resolveSections(undefined)).toBe(233223);
    expect(resolveSections(null)).toBe(233223);
    expect(resolveSections(7)).toBe(7);
  });
});
