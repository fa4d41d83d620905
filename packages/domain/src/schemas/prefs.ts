import { z } from 'zod';
import { labelled, zIdList, zJson, zText } from './fields';

/** Preference types the server accepts. */
export const PREF_TYPES = [
  'appSettings',
  'recentlyViewedSites',
  'libraryColumns',
  'editFilters',
  'cookieConsent',
] as const;
export const ZPrefType = z.enum(PREF_TYPES, labelled('Preference type'));
export type TPrefType = z.infer<typeof ZPrefType>;

/** appSettings, the app settings of a user. Every field optional: a partial save merges. */
export const ZAppSettings = z.object({
  methodology: z.number(labelled('Methodology')).int().positive().optional(),
  countryId: z.number(labelled('Country')).int().positive().optional(),
  colorRangeId: z.number(labelled('Colour range')).int().optional(),
  iconRangeId: z.number(labelled('Icon range')).int().optional(),
  sideNavExpanded: z.boolean(labelled('Side navigation expanded')).optional(),
  showLibraryMap: z.boolean(labelled('Show library map')).optional(),
  filterId: z.number(labelled('Filter')).int().optional(),
  libraryMapSize: z.number(labelled('Library map size')).min(0).max(100).optional(),
  incidentsDrawerDOMSize: z.number(labelled('Incidents drawer size')).min(0).max(100).optional(),
}, labelled('App settings'));
export type TAppSettings = z.infer<typeof ZAppSettings>;

/** recentlyViewedSites: site ids, newest first, at most 20. */
export const ZRecentlyViewedSites = zIdList('Site id', { max: 20, listLabel: 'Recently viewed sites' });

/** Value schema per preference type; the server validates a save against it. */
export const PREF_VALUE_SCHEMAS = {
  appSettings: ZAppSettings,
  recentlyViewedSites: ZRecentlyViewedSites,
  libraryColumns: z
    .array(
      z.object(
        {
          id: zText('Column', { max: 80 }),
          width: z.number(labelled('Column width')).min(40).max(2000).optional(),
          hidden: z.boolean(labelled('Column hidden')).optional(),
        },
        labelled('Column'),
      ),
      labelled('Library columns'),
    )
    .max(200),
  editFilters: z.record(zText('Filter name', { max: 200 }), zJson('Filter', { maxDepth: 20 }), labelled('Edit filters')),
  cookieConsent: z.object({ acknowledgedUntil: zText('Acknowledged until', { max: 64 }) }, labelled('Cookie consent')),
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
