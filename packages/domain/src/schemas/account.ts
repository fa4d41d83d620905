import { z } from 'zod';
import { zText } from './fields';

/** Theme of the account: palette name and dark flag come from the account, not the user. */
export const ZTheme = z.object({
  palette: z.string().max(40).describe('Palette name: atlas, ocean, forest, slate or ember'),
  dark: z.boolean().describe('Dark colour scheme'),
});
export type TTheme = z.infer<typeof ZTheme>;

/** Release year chosen per country id. */
export const ZReleaseYears = z.record(z.string(), z.number().int());

/** The Account entity, as the API presents it. */
export const ZAccount = z.object({
  accountID: z.number().int(),
  company: z.string().describe('Company name'),
  siteRetentionDays: z.number().int().nullable().describe('Days sites are kept; null keeps them'),
  reportRetentionDays: z.number().int().nullable().describe('Days reports are kept; null keeps them'),
  allowedMethodologies: z.number().int().describe('Bit mask of allowed methodologies, bit = methodologyTypeID - 1'),
  defaultBasicMethodology: z.number().int().describe('The one methodology of Basic reports'),
  defaultPremiumMethodology: z.array(z.number().int()).describe('Methodologies of Premium reports'),
  industryTypeID: z.number().int().nullable(),
  parentIndustryId: z.number().int().nullable(),
  allowPersonalize: z.boolean().describe('May upload a logo'),
  useLogoOnWeb: z.boolean(),
  allowAdvancedPermissions: z.boolean().describe('Classifications and permission filters'),
  allowInvoice: z.boolean(),
  accountLicensingType: z.number().int().describe('6 means bulk pricing'),
  externalIDName: z.string().describe('Label of the external id column'),
  allowIncidentAvailability: z.boolean(),
  allowIncidents: z.boolean(),
  allowPOI: z.boolean(),
  allowCrimeRiskFeature: z.boolean(),
  prioritizeCapEngines: z.boolean(),
  hasSimpleSurvey: z.boolean(),
  hideExtraReportFeatures: z.boolean(),
  lockLibraryViewColumns: z.boolean().describe('Only admins, impersonators and staff may change library columns'),
  customSidebarHeight: z.number().int().nullable(),
  releaseYears: ZReleaseYears.describe('Release year chosen per country id'),
  dataLastUpdated: z.string().describe('ISO time of the last change to the account data'),
  forceTwoFactor: z.boolean(),
  readOnly: z.boolean().describe('Read-only account: users stay signed in, see the Account Maintenance alert and cannot change anything'),
  allowBatchingByStandardUsers: z.boolean(),
  allowBackdating: z.boolean(),
  endUserAddOnProducts: z.array(z.number().int()).describe('Add-on products available to end users (allowAddingByEndUser); provider staff and impersonators may use every add-on'),
  createSitesInLegacyMode: z.boolean(),
  inactivityTimeout: z.number().int().describe('Minutes of inactivity before the user is signed out'),
  theme: ZTheme,
  warningBanner: z.string().nullable().describe('Custom warning banner content (WarningBanner); ignored when it starts with #'),
  supportId: z.string().nullable().describe('Support-desk id; Help & Support shows only when set'),
  hasCitywideMaps: z.boolean().describe('The account owns citywide maps'),
  hasModulesAccess: z.boolean().describe('Modules access: Dashboard is the default page'),
});
export type TAccount = z.infer<typeof ZAccount>;

/** One entry of GET /api/accounts: enough for provider staff to choose an account to impersonate. */
export const ZAccountSummary = z.object({
  accountID: z.number().int(),
  company: z.string().describe('Company name'),
});
export type TAccountSummary = z.infer<typeof ZAccountSummary>;

/** GET /api/accounts response (provider staff only): customer accounts by company name. */
export const ZAccountList = z.array(ZAccountSummary);

/** GET /api/accounts query: optional company-name filter (the client's `v` is accepted too). */
export const ZAccountListQuery = z.object({
  q: zText('Company name', { max: 200, trim: true }).optional().describe('Part of the company name, any case'),
});
