import { z } from 'zod';

/** Preference types the server accepts. */
export const PREF_TYPES = [
  'appSettings',
  'recentlyViewedSites',
  'libraryColumns',
  'editFilters',
  'cookieConsent',
] as const;
export const ZPrefType = z.enum(PREF_TYPES);
export type TPrefType = z.infer<typeof ZPrefType>;

/** appSettings, the app settings of a user. Every field optional: a partial save merges. */
export const ZAppSettings = z.object({
  methodology: z.number().int().positive().optional(),
  countryId: z.number().int().positive().optional(),
  colorRangeId: z.number().int().optional(),
  iconRangeId: z.number().int().optional(),
  sideNavExpanded: z.boolean().optional(),
  showLibraryMap: z.boolean().optional(),
  filterId: z.number().int().optional(),
  libraryMapSize: z.number().min(0).max(100).optional(),
  incidentsDrawerDOMSize: z.number().min(0).max(100).optional(),
});
export type TAppSettings = z.infer<typeof ZAppSettings>;

/** recentlyViewedSites: site ids, newest first, at most 20. */
export const ZRecentlyViewedSites = z.array(z.number().int().positive()).max(20);

/** Value schema per preference type; the server validates a save against it. */
export const PREF_VALUE_SCHEMAS = {
  appSettings: ZAppSettings,
  recentlyViewedSites: ZRecentlyViewedSites,
  libraryColumns: z.array(
    z.object({
      id: z.string().max(80),
      width: z.number().min(40).max(2000).optional(),
      hidden: z.boolean().optional(),
    }),
  ).max(200),
  editFilters: z.record(z.string(), z.unknown()),
  cookieConsent: z.object({ acknowledgedUntil: z.string() }),
} as const satisfies Record<TPrefType, z.ZodType>;

/** Words of the preference endpoints (this product's words). */
export const PrefMessages = {
  /** Saving libraryColumns when the account locks library view columns. */
  libraryColumnsLocked: 'Your account has locked the library columns. Please ask an administrator to change them.',
} as const;

/** POST users/prefs?type and POST users/prefs/setforall?type query. */
export const ZPrefQuery = z.object({ type: ZPrefType.describe('The preference type') });

/** GET users/prefs query: one type, or every saved preference when `type` is left out. */
export const ZPrefGetQuery = z.object({ type: ZPrefType.optional().describe('The preference type; omit for all') });

/** GET users/prefs?type response: the stored value, or null when none is saved. */
export const ZPrefResponse = z.object({
  type: ZPrefType,
  value: z.unknown().describe('The stored value, null when none is saved'),
});
export type TPrefResponse = z.infer<typeof ZPrefResponse>;

/** GET users/prefs without a type: every preference the user has saved in the acting account. */
export const ZPrefList = z.array(ZPrefResponse);

/** POST users/prefs/setforall?type response. */
export const ZPrefSetForAllResponse = z.object({
  type: ZPrefType,
  value: z.unknown().describe('The value written (merged into each user\'s appSettings for that type)'),
  usersUpdated: z.number().int().describe('How many users of the account now have the value'),
});
export type TPrefSetForAllResponse = z.infer<typeof ZPrefSetForAllResponse>;
