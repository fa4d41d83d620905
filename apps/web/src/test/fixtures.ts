import { ZCurrentUser, type TAccount, type TCurrentUser, type TFileDownload, type TReportCountsResponse, type TSessionInfo, type TTaskStatus } from '@riskatlas/domain';

/** An account as GET users/current presents it (typed by the contract, so a contract change breaks here first). */
export function makeAccount(overrides: Partial<TAccount> = {}): TAccount {
  return {
    accountID: 41,
    company: 'Northwind Logistics',
    siteRetentionDays: null,
    reportRetentionDays: null,
    allowedMethodologies: 15,
    defaultBasicMethodology: 2,
    defaultPremiumMethodology: [2, 3],
    industryTypeID: null,
    parentIndustryId: null,
    allowPersonalize: false,
    useLogoOnWeb: false,
    allowAdvancedPermissions: false,
    allowInvoice: false,
    accountLicensingType: 0,
    externalIDName: 'External ID',
    allowIncidentAvailability: true,
    allowIncidents: true,
    allowPOI: true,
    allowCrimeRiskFeature: true,
    prioritizeCapEngines: false,
    hasSimpleSurvey: false,
    hideExtraReportFeatures: false,
    lockLibraryViewColumns: false,
    customSidebarHeight: null,
    releaseYears: {},
    dataLastUpdated: '2026-03-01T10:00:00.000Z',
    forceTwoFactor: false,
    readOnly: false,
    allowBatchingByStandardUsers: false,
    allowBackdating: false,
    endUserAddOnProducts: [100, 101, 102, 104, 105],
    createSitesInLegacyMode: false,
    inactivityTimeout: 30,
    theme: { palette: 'atlas', dark: false },
    warningBanner: null,
    supportId: null,
    hasCitywideMaps: false,
    hasModulesAccess: false,
    ...overrides,
  };
}

/**
 * A standard user of makeAccount(). Parsed through the contract schema, so a field the contract
 * adds or renames fails here first with a clear message.
 */
export function makeUser(overrides: Partial<TCurrentUser> = {}, account: Partial<TAccount> = {}): TCurrentUser {
  const email = overrides.email ?? 'dana@northwind.example';
  const title = overrides.title ?? null;
  const base = {
    userId: 7,
    userID: 7,
    accountID: 41,
    homeAccountID: 41,
    fullName: 'Dana Reyes',
    firstName: 'Dana',
    lastName: 'Reyes',
    email,
    title,
    userType: 2,
    isEnabled: true,
    termsAccepted: true,
    allowViewAllReports: true,
    allowViewOwnReports: true,
    documentLanguage: 'en',
    uiLanguageId: 1,
    allowInvoice: false,
    allowCreditCardPurchases: false,
    isMFAEnabled: false,
    adminMode: false,
    readOnlyMode: false,
    capMode: false,
    impersonationMode: false,
    allowCreateReports: true,
    allowAnyProduct: true,
    allowProduct: { '0': 1 },
    allowComments: true,
    denyEditSiteAbility: false,
    isSSOLogin: false,
    hasCAPModulesAccess: false,
    hasSimpleSurvey: false,
    account: makeAccount(account),
  } satisfies Omit<TCurrentUser, 'userContactInfo'>;
  return ZCurrentUser.parse({ ...base, userContactInfo: { title, email }, ...overrides });
}

export function makeAdmin(overrides: Partial<TCurrentUser> = {}, account: Partial<TAccount> = {}): TCurrentUser {
  return makeUser({ userType: 3, adminMode: true, ...overrides }, account);
}

export function makeSession(overrides: Partial<TSessionInfo> = {}): TSessionInfo {
  return { status: 1, sessionExpiration: 240, accountUnderMaintenance: false, accountReadOnly: false, inactivityTimeout: 30, ...overrides };
}

export function makeTask(overrides: Partial<TTaskStatus> = {}): TTaskStatus {
  return {
    taskStatusId: 1,
    taskStatusType: 2,
    currentStatus: 1,
    countTotal: 0,
    countCompleted: 0,
    message: 'Activity log export',
    detail: null,
    objectType: 0,
    objectID: null,
    seen: false,
    clicked: false,
    created: '2026-03-02T08:59:00.000Z',
    updated: '2026-03-02T08:59:00.000Z',
    ...overrides,
  };
}

export function makeFile(overrides: Partial<TFileDownload> = {}): TFileDownload {
  return { fileDownloadID: 1, filename: 'summary.xlsx', fileDownloadType: 0, created: '2026-03-01T10:00:00.000Z', size: 20480, ...overrides };
}

/** An answer of POST reports/counts: `total` Basic reports of 2025 in the United States, on as many sites. */
export function makeCounts(overrides: Partial<TReportCountsResponse> = {}): TReportCountsResponse {
  const total = overrides.total ?? 3;
  return {
    total,
    siteCount: total,
    notFound: 0,
    byReportType: [{ reportType: 0, name: 'Basic', count: total }],
    byCountry: [{ countryId: 1, count: total }],
    byReleaseYear: [{ releaseYear: 2025, count: total }],
    byMethodology: [{ methodologyType: 2, count: total }],
    withHeatMap: 0,
    withSupplementalScores: 0,
    withDemographics: 0,
    withoutMapAndPdf: 0,
    ...overrides,
  };
}
