import type { TAccount } from '@riskatlas/domain';
import type { AccountRow } from '../../db/schema/index';

/**
 * An account as the API presents it (the contract's field names). hasCitywideMaps is false until
 * citywide maps exist as a feature; it then comes from the account's maps.
 */
export function presentAccount(account: AccountRow): TAccount {
  return {
    accountID: account.id,
    company: account.company,
    siteRetentionDays: account.siteRetentionDays,
    reportRetentionDays: account.reportRetentionDays,
    allowedMethodologies: account.allowedMethodologies,
    defaultBasicMethodology: account.defaultBasicMethodology,
    defaultPremiumMethodology: account.defaultPremiumMethodology,
    industryTypeID: account.industryTypeId,
    parentIndustryId: account.parentIndustryId,
    allowPersonalize: account.allowPersonalize,
    useLogoOnWeb: account.useLogoOnWeb,
    allowAdvancedPermissions: account.allowAdvancedPermissions,
    allowInvoice: account.allowInvoice,
    accountLicensingType: account.accountLicensingType,
    externalIDName: account.externalIdName,
    allowIncidentAvailability: account.allowIncidentAvailability,
    allowIncidents: account.allowIncidents,
    allowPOI: account.allowPoi,
    allowCrimeRiskFeature: account.allowCrimeRiskFeature,
    prioritizeCapEngines: account.prioritizeCapEngines,
    hasSimpleSurvey: account.hasSimpleSurvey,
    hideExtraReportFeatures: account.hideExtraReportFeatures,
    lockLibraryViewColumns: account.lockLibraryViewColumns,
    customSidebarHeight: account.customSidebarHeight,
    releaseYears: account.releaseYears,
    dataLastUpdated: account.dataLastUpdated.toISOString(),
    forceTwoFactor: account.forceTwoFactor,
    readOnly: account.readOnly,
    allowBatchingByStandardUsers: account.allowBatchingByStandardUsers,
    allowBackdating: account.allowBackdating,
    endUserAddOnProducts: account.endUserAddOnProducts,
    createSitesInLegacyMode: account.createSitesInLegacyMode,
    inactivityTimeout: account.inactivityTimeoutMinutes,
    theme: { palette: account.themePalette, dark: account.themeDark },
    warningBanner: account.warningBanner,
    supportId: account.supportId,
    hasCitywideMaps: false,
    hasModulesAccess: account.hasModulesAccess,
  };
}
