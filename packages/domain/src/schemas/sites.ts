import { z } from 'zod';
import { ZTimestamp, ZVersionQuery } from './common';
import { labelled, zId, zIdList, zIdParam, zNumber, zQueryBool, zText, zWholeNumberParam, type TextFieldRules } from './fields';
import { ZCountryCodeInput, ZLatitude, ZLongitude } from './geo';

/**
 * The sites contract (sites and site comments): the Site
 * list item every site endpoint answers with, and the request and answer of each sites endpoint.
 * The binary packed list of GET m/sites carries the same fields (packages/domain/src/sites).
 */

/** A release year in a query: -1 (the default) the current release; another year is corrected to the closest release each country has. */
export const ZReleaseYearQueryParam = zWholeNumberParam('Release year', -1, 2100).describe("Release year whose report summary s/l shows: -1 (default) or 0 = the current release (reports up to 2 releases old count); another year = the site's report of that release (the year corrected per country to its closest release)");

/** Query of GET sites, m/sites and sites/{id}. */
export const ZSiteListQuery = z.object({
  releaseYear: ZReleaseYearQueryParam.optional(),
  ...ZVersionQuery.shape,
});
export type TSiteListQuery = z.infer<typeof ZSiteListQuery>;

/** A site's report summary of the chosen release (Site.l). */
export const ZSiteLatestReport = z.object({
  r: z.number().int().describe('Release year of the report'),
  p: z.number().int().describe('Product id of the report: 0 Basic, 1 Premium, 6 Premium Plus'),
  f: z.number().int().describe('Feature flags: HeatMap 1, SupplementalScores 2, Demographics 4'),
});
export type TSiteLatestReport = z.infer<typeof ZSiteLatestReport>;

/**
 * Incident indicators (Site.i). Always null until an incidents feature
 * computes them; the field is in the contract now so lists and the packed format need no change then.
 */
export const ZSiteIncidents = z.object({
  r: z.string().nullable().describe("Date of the last incident near the site, 'YYYY-MM-DD'"),
  b: z.boolean().describe('An incident in the block group'),
  s: z.boolean().describe('An incident within a quarter mile'),
  l: z.boolean().describe('An incident within 3 miles'),
});
export type TSiteIncidents = z.infer<typeof ZSiteIncidents>;

/** Community type 0 Rural, 1 Suburban, 2 Urban, 3 Unknown. */
export const ZCommunityType = z.number().int().min(0).max(3).describe('Community type: 0 Rural, 1 Suburban, 2 Urban, 3 Unknown');

/**
 * A site as lists, the detail and every site endpoint present it: exactly the
 * fields of the packed list's PackedSite (packages/domain/src/sites/packed-sites.ts), so GET sites
 * and GET m/sites carry the same data. (The county is in sites/full.) s and l belong to the report of the requested release the caller may see (report
 * visibility is per user); lrr is the newest report the caller may see, of any release.
 */
export const ZSite = z.object({
  siteId: z.number().int().positive().describe('Site id'),
  siteName: z.string().describe('Name, unique in the account (case-insensitive) unless the account creates sites in legacy mode'),
  notes: z.string().nullable().describe('Free-text notes'),
  tags: z.array(z.string()).describe("Tags; requests send them as one string joined with ';'"),
  street: z.string().nullable().describe('Street line'),
  street2: z.string().nullable().describe('Second address line'),
  city: z.string().nullable().describe('City'),
  state: z.string().nullable().describe('State, province or region'),
  zipCode: z.string().nullable().describe('ZIP or postal code'),
  countryCode: z.string().describe('ISO-3 country code: USA, CAN, GBR, MEX or PRI'),
  countryDisplay: z.string().describe('Country name for display'),
  latitude: z.number().describe('Latitude, 7 decimals'),
  longitude: z.number().describe('Longitude, 7 decimals'),
  ct: ZCommunityType,
  created: ZTimestamp.describe('When the site was created'),
  lrr: ZTimestamp.nullable().describe('Last report ran: when the newest report the caller may see was created; null without one'),
  eid: z.string().nullable().describe("External id; its label is the account's externalIDName"),
  s: z.record(z.string(), z.number()).describe('Total Crime / national / current score keyed by methodology id, of the report l; {} without one'),
  l: ZSiteLatestReport.nullable().describe('The report summary of the requested release; null when the site has no such report the caller may see'),
  i: ZSiteIncidents.nullable().describe('Incident indicators; null until the incidents feature exists'),
  classes: z.array(z.number().int()).describe('Classification ids'),
  classificationView: z
    .string()
    .nullable()
    .describe("The site's classifications as one display text; null until the classification tree exists, as no names exist to show"),
  geocodeType: z.string().nullable().describe('How the point was placed: ADDRESS, POSTCODE, CITY (geocoded) or MANUAL (coordinates given)'),
});
export type TSite = z.infer<typeof ZSite>;

/** GET sites: every site the caller may see, by site id. */
export const ZSiteList = z.array(ZSite).describe('Sites in site id order');
export type TSiteList = z.infer<typeof ZSiteList>;

/** Path of sites/{id}, sites/full/{id} and sites/{id}/comments. */
export const ZSitePathParams = z.object({ id: zIdParam('Site id').describe('Site id') });

/** Path of sites/byaprid/{id}. */
export const ZReportPathParams = z.object({ id: zIdParam('Report id').describe('Report id (accountProductReportId)') });

/** What the caller may do with a site, so the UI can hide what the server would refuse. */
export const ZSitePermissions = z.object({
  canEdit: z.boolean().describe('May edit name, notes, tags and external id (not read-only, not denyEditSiteAbility)'),
  canComment: z.boolean().describe('May add comments (not read-only, allowComments)'),
  canDelete: z.boolean().describe('May delete the site (administrators, provider staff, impersonators)'),
  deleteNeedsReason: z.boolean().describe('Deleting asks for a reason (the support path)'),
});
export type TSitePermissions = z.infer<typeof ZSitePermissions>;

/** One report of a site as sites/full lists it (no scores beyond the summary). */
export const ZSiteReportSummary = z.object({
  accountProductReportId: z.number().int().positive().describe('Report id'),
  countryID: z.number().int().describe('Country id of the report'),
  reportType: z.number().int().describe('0 Basic, 1 Premium, 6 Premium Plus'),
  releaseYear: z.number().int().describe('Release year'),
  methodologyTypeIds: z.array(z.number().int()).describe('Methodologies, in the order chosen'),
  features: z.number().int().describe('Feature flags: HeatMap 1, SupplementalScores 2, Demographics 4'),
  summaryScores: z.record(z.string(), z.number()).describe('Total Crime / national / current score per methodology id'),
  sameScoresNote: z.string().nullable().describe('Which methodologies give identical scores and why; null when they all differ'),
  fewResidents: z.boolean().describe('A methodology scores Total Crime at five times the national rate per resident or more: show FEW_RESIDENTS_NOTE'),
  created: ZTimestamp.describe('When the report was created'),
  createdByUserId: z.number().int().nullable().describe('Who created it; null when unknown'),
});
export type TSiteReportSummary = z.infer<typeof ZSiteReportSummary>;

/** GET sites/full/{id}: the site, its reports the caller may see, its comment count and what the caller may do. */
export const ZSiteFull = z.object({
  site: ZSite,
  county: z.string().nullable().describe('County (municipality, local authority) of the point'),
  reports: z.array(ZSiteReportSummary).describe('Reports the caller may see, newest release first, then newest'),
  commentsCount: z.number().int().min(0).describe('Comments on the site'),
  externalIDName: z.string().describe("The account's label for the external id (eid)"),
  permissions: ZSitePermissions,
});
export type TSiteFull = z.infer<typeof ZSiteFull>;

/** GET sites/count. */
export const ZSiteCount = z.object({
  count: z.number().int().min(0).describe('Sites the caller may see'),
  withReports: z.number().int().min(0).describe('Of those, sites with at least one report'),
  withoutReports: z.number().int().min(0).describe('Of those, sites without reports'),
});
export type TSiteCount = z.infer<typeof ZSiteCount>;

/** Query of POST sites. */
export const ZCreateSiteQuery = z.object({
  acceptFirstCandidate: zQueryBool('Accept first candidate').optional().describe('true: use the best geocode candidate when the address has several'),
  allowZipLevelPrecision: zQueryBool('Allow ZIP-level precision').optional().describe('true: accept a geocode that only reaches the ZIP or postcode'),
  ignoreDuplicates: zQueryBool('Ignore duplicates').optional().describe('true: create the site even when another site of the account is at the same point'),
  ...ZVersionQuery.shape,
});
export type TCreateSiteQuery = z.infer<typeof ZCreateSiteQuery>;

/** A text field of a new site: absent or null leaves it blank. */
const newSiteText = (label: string, rules: TextFieldRules, description: string) => zText(label, rules).nullish().describe(description);

/** The fields of a new site, in POST sites and in POST reports when the report is for a new site. */
export const NEW_SITE_FIELDS = {
  siteName: newSiteText('Site name', { max: 200 }, 'Name of the new site; required, unique in the account'),
  street: newSiteText('Street', { max: 500 }, 'Street line'),
  street2: newSiteText('Second address line', { max: 500 }, 'Second address line'),
  city: newSiteText('City', { max: 200 }, 'City'),
  state: newSiteText('State', { max: 100 }, 'State, province or region: code or name'),
  zipCode: newSiteText('ZIP or postal code', { max: 20 }, 'ZIP or postal code'),
  countryCode: ZCountryCodeInput.nullish().describe('Country: ISO-3 (USA, CAN, GBR, MEX, PRI) or ISO-2; required without coordinates'),
  latitude: ZLatitude.nullish().describe('Latitude; with longitude, skips geocoding'),
  longitude: ZLongitude.nullish().describe('Longitude'),
  externalID: newSiteText('External id', { max: 200 }, "External id; its label is the account's externalIDName"),
  notes: newSiteText('Notes', { max: 4000, multiline: true }, 'Notes'),
  tags: newSiteText('Tags', { max: 4000 }, "Tags joined with ';' (each trimmed; empties and duplicates dropped)"),
  classificationIds: zIdList('Classification id', { max: 1000 }).nullish().describe('Classification ids'),
};

/** The fields of a new site that are present, to check that it has a name and a place. */
type NewSiteFields = { siteName?: string | null; countryCode?: string | null; latitude?: number | null; longitude?: number | null };

/** A new site needs a name, and a country unless coordinates place it. */
export function checkNewSite(site: NewSiteFields, ctx: z.RefinementCtx): void {
  if (!site.siteName?.trim()) ctx.addIssue({ code: 'custom', path: ['siteName'], message: SiteMessages.siteNameRequired });
  const hasCoordinates = site.latitude !== null && site.latitude !== undefined && site.longitude !== null && site.longitude !== undefined;
  if (!hasCoordinates && !site.countryCode) ctx.addIssue({ code: 'custom', path: ['countryCode'], message: SiteMessages.countryRequired });
}

/**
 * Body of POST sites: the site fields of the create-report payload (POST reports) without a report.
 * Coordinates skip geocoding; without them the address is geocoded (countryCode required).
 */
export const ZCreateSiteRequest = z.object(NEW_SITE_FIELDS).superRefine(checkNewSite);
export type TCreateSiteRequest = z.infer<typeof ZCreateSiteRequest>;

/** Query of GET account/checkSiteOnlyAccountLimit. */
export const ZSiteOnlyLimitQuery = z.object({
  accountId: zIdParam('Account id').optional().describe('The acting account (another account answers 404); absent = the acting account'),
  ...ZVersionQuery.shape,
});

/** Answer of GET account/checkSiteOnlyAccountLimit: whether one more site without a report may be created. */
export const ZSiteOnlyLimit = z.object({
  limit: z.number().int().nullable().describe('Most sites the account may hold without reports; null = no limit'),
  sitesWithoutReports: z.number().int().min(0).describe('Sites of the account without reports now'),
  remaining: z.number().int().nullable().describe('How many more may be created; null = no limit'),
  canCreate: z.boolean().describe('One more site without a report may be created'),
  message: z.string().nullable().describe("'You may not create more than N sites without reports.' when canCreate is false"),
});
export type TSiteOnlyLimit = z.infer<typeof ZSiteOnlyLimit>;

/** Tags in a request: one string joined with ';' (the wire form clients send) or a list. */
export const ZTagsInput = z.union([zText('Tags', { max: 4000 }), z.array(zText('Tag', { max: 200 }), labelled('Tags')).max(500)], labelled('Tags')).describe("Tags: one string joined with ';', or a list");

/**
 * Body of POST sites/edit. A field left out is unchanged; null or '' clears
 * it (the name cannot be cleared: 'Site Name is required.').
 */
export const ZEditSiteRequest = z.object({
  siteId: zId('Site id').describe('The site to edit'),
  siteName: zText('Site name', { max: 200 }).nullish().describe('New name; unique in the account'),
  notes: zText('Notes', { max: 4000, multiline: true }).nullish().describe('Notes; null or empty clears them'),
  tags: ZTagsInput.nullish().describe("Tags: one string joined with ';' or a list; null or empty clears them"),
  externalID: zText('External id', { max: 200 }).nullish().describe('External id; null or empty clears it'),
});
export type TEditSiteRequest = z.infer<typeof ZEditSiteRequest>;

/** Most sites one deletion, tag or CSV request may name. */
export const MAX_SITES_PER_REQUEST = 100_000;

/** How POST sites/tags changes each site's tags. */
export const SITE_TAG_EDIT_MODES = ['add', 'remove', 'replace'] as const;
export const ZSiteTagEditMode = z
  .enum(SITE_TAG_EDIT_MODES, labelled('Tag change'))
  .describe("add: append the tags a site lacks (ignoring case; its own spelling stays); remove: drop them (ignoring case); replace: the tags become exactly these");
export type TSiteTagEditMode = z.infer<typeof ZSiteTagEditMode>;

/**
 * Body of POST sites/tags (the bulk "edit tags" action): one tag change for many sites. Tags are
 * cleaned by the rules of splitTags (trimmed, no empties, no repeats ignoring case); add and remove
 * need at least one tag, replace with none clears every tag.
 */
export const ZSiteTagsRequest = z.object({
  siteIds: zIdList('Site id', { max: MAX_SITES_PER_REQUEST }).describe('The selected sites; every one must be a site the caller may see, else nothing changes (404)'),
  mode: ZSiteTagEditMode,
  tags: ZTagsInput,
});
export type TSiteTagsRequest = z.infer<typeof ZSiteTagsRequest>;

/** Answer of POST sites/tags. */
export const ZSiteTagsResponse = z.object({
  count: z.number().int().min(0).describe('Sites whose tags changed (sites that already had the result are not counted)'),
});
export type TSiteTagsResponse = z.infer<typeof ZSiteTagsResponse>;

/** Query of POST sites/delete. */
export const ZDeleteSitesQuery = z.object({
  reason: zText('Reason', { max: 500, trim: true }).optional().describe("Why (e.g. 'Customer Request'); recorded in the audit log; required on the support path (provider staff, impersonators)"),
  ...ZVersionQuery.shape,
});
export type TDeleteSitesQuery = z.infer<typeof ZDeleteSitesQuery>;

/**
 * Body of POST sites/delete: the site ids, as a list (numbers, or id text from "delete by ids"),
 * or as the text a user typed, ids split on commas or whitespace. Any token that is not
 * a positive whole number refuses the whole request, naming the tokens; nothing is deleted.
 */
export const ZDeleteSitesRequest = z
  .union(
    [
      z.array(z.union([z.number(), zText('Site id', { max: 100 })], labelled('Site id')), labelled('Site ids')).max(MAX_SITES_PER_REQUEST),
      // Typed or pasted text: ids on several lines, or separated by tabs, are expected.
      zText('Site ids', { max: 2_000_000, multiline: true }),
    ],
    labelled('Site ids'),
  )
  .describe('Site ids: a list, or text with ids separated by commas or whitespace');
export type TDeleteSitesRequest = z.infer<typeof ZDeleteSitesRequest>;

/** Answer of a request that starts a job (sites/delete, sites/csv): the task to poll. */
export const ZSiteTaskStarted = z.object({
  taskStatusId: z.number().int().positive().describe('Poll users/taskstatuses/{taskStatusId}; currentStatus 2 when done (for sites/csv, objectID is then the file id)'),
  count: z.number().int().min(0).describe('Sites the job works on'),
});
export type TSiteTaskStarted = z.infer<typeof ZSiteTaskStarted>;

/** Answer of POST sites/deletecache. */
export const ZDeleteSiteCacheResponse = z.object({
  dataLastUpdated: ZTimestamp.describe("The account's new last data update: every site list cached before it is stale"),
});
export type TDeleteSiteCacheResponse = z.infer<typeof ZDeleteSiteCacheResponse>;

/** Largest search radius of sites/atlocation, in metres. */
export const MAX_SITES_AT_LOCATION_RADIUS_M = 50_000;
/** The radius of sites/atlocation when none is given, in metres: sites "at" the point. */
export const DEFAULT_SITES_AT_LOCATION_RADIUS_M = 50;
/** Most sites sites/atlocation answers. */
export const MAX_SITES_AT_LOCATION = 100;

/** Path of POST sites/atlocation/{id}: a site to leave out of the answer (the one being placed); 0 for none. */
export const ZSitesAtLocationParams = z.object({ id: zIdParam('Site id', { min: 0 }).describe('Site id to leave out; 0 for none') });

/** Body of POST sites/atlocation/{id}: a point and a radius. */
export const ZSitesAtLocationRequest = z.object({
  latitude: ZLatitude,
  longitude: ZLongitude,
  radius: zNumber('Radius', 0, MAX_SITES_AT_LOCATION_RADIUS_M)
    .optional()
    .describe(`Radius in metres, 0 to ${MAX_SITES_AT_LOCATION_RADIUS_M}; default ${DEFAULT_SITES_AT_LOCATION_RADIUS_M} (great-circle distance, Earth radius 6371000 m)`),
});
export type TSitesAtLocationRequest = z.infer<typeof ZSitesAtLocationRequest>;

/** A site near a point. */
export const ZSiteNearby = ZSite.extend({ distance: z.number().min(0).describe('Metres from the point, 1 decimal') });
/** Answer of POST sites/atlocation/{id}: nearest first, at most 100. */
export const ZSitesAtLocationResponse = z.array(ZSiteNearby).describe(`Sites within the radius, nearest first, at most ${MAX_SITES_AT_LOCATION}`);
export type TSitesAtLocationResponse = z.infer<typeof ZSitesAtLocationResponse>;

/** Body of POST sites/withname and sites/withexternalid: the name or external id (a JSON string, or text/plain). */
export const ZSiteLookupBody = zText('Site name or external id', { max: 200 }).describe('The site name (compared trimmed, ignoring case) or external id (compared trimmed, exactly)');
/** Their answer: the id of a site that has it (positive: a duplicate exists), or 0. */
export const ZSiteLookupResponse = z.number().int().min(0).describe('Site id holding the name or external id; 0 when none');

/** Query of POST sites/csv. */
export const ZSitesCsvQuery = z.object({
  country: zIdParam('Country id').optional().describe('Only sites of this country id (1 USA, 2 Canada, 3 UK, 5 Mexico, 6 Puerto Rico); absent = all'),
  forAccount: zQueryBool('For account').optional().describe('true: every site the caller may see (the body is ignored); else the sites named in the body'),
  reportSummary: zQueryBool('Report summary').optional().describe('true: add the report summary columns (release, report type, features, score per methodology, last report ran)'),
  releaseYear: ZReleaseYearQueryParam.optional().describe('Release of the report summary; absent = each site’s latest report of any release'),
  ...ZVersionQuery.shape,
});
export type TSitesCsvQuery = z.infer<typeof ZSitesCsvQuery>;

/** Body of POST sites/csv: the selected site ids (ignored with forAccount=true). */
export const ZSitesCsvRequest = zIdList('Site id', { max: MAX_SITES_PER_REQUEST }).nullish().describe('Selected site ids');
export type TSitesCsvRequest = z.infer<typeof ZSitesCsvRequest>;

/** A site comment: comment text, author, date. */
export const ZSiteComment = z.object({
  commentId: z.number().int().positive().describe('Comment id'),
  siteId: z.number().int().positive().describe('The site commented on'),
  comment: z.string().describe('The text'),
  author: z.string().describe("The author's full name when they wrote it"),
  userId: z.number().int().nullable().describe('The author; null once the user no longer exists'),
  date: ZTimestamp.describe('When it was written'),
});
export type TSiteComment = z.infer<typeof ZSiteComment>;

/** GET sites/{id}/comments: newest first. */
export const ZSiteCommentList = z.array(ZSiteComment).describe('Comments, newest first');
export type TSiteCommentList = z.infer<typeof ZSiteCommentList>;

/** The longest site comment, in characters: a note for colleagues, not a document. */
export const MAX_SITE_COMMENT_LENGTH = 2000;

/** This product's words: a comment over MAX_SITE_COMMENT_LENGTH characters. */
export const COMMENT_TOO_LONG = `A comment can have at most ${MAX_SITE_COMMENT_LENGTH.toLocaleString('en-US')} characters.`;

/** Body of POST sites/{id}/comments. */
export const ZAddSiteCommentRequest = z.object({
  comment: zText('Comment', { max: MAX_SITE_COMMENT_LENGTH, multiline: true, tooLong: COMMENT_TOO_LONG }).describe(
    `The comment; required, at most ${MAX_SITE_COMMENT_LENGTH} characters`,
  ),
});
export type TAddSiteCommentRequest = z.infer<typeof ZAddSiteCommentRequest>;

/** Words of the sites endpoints. Those not marked as this product's words are fixed wording: keep them exactly. */
export const SiteMessages = {
  /** A new site, or a site edit, without a name. */
  siteNameRequired: 'Site Name is required.',
  /** This product's words: a new site with neither coordinates nor a country to geocode in. */
  countryRequired: 'Country is required for a site without coordinates.',
  /** The success toast of a site save. */
  updatesSaved: 'Updates have been saved.',
  /** A failed site save: the server's text, then this. */
  changeNotSaved: 'The change has not been saved.',
  /** Read-only users cannot comment on sites. */
  readOnlyComments: 'Read Only users cannot add comments.',
  /** This product's words: a user with denyEditSiteAbility, or read-only, editing a site. */
  cannotEditSites: 'You do not have permission to edit sites.',
  /** This product's words: a user without allowComments. */
  cannotComment: 'You do not have permission to add comments.',
  /** This product's words: an empty comment. */
  commentRequired: 'Please enter a comment.',
  /** This product's words: a bulk tag add or remove without a tag. */
  tagRequired: 'Please enter at least one tag.',
  /** This product's words: deleting sites is for administrators (and provider staff). */
  cannotDeleteSites: 'You do not have permission to delete sites.',
  /** This product's words: the support path asks for a reason. */
  deleteReasonRequired: 'Please give a reason for deleting the sites.',
  /** A bulk action needs a selection. */
  noSitesSelected: 'There are no sites selected.',
  /** This product's words: an id that is not a site of the account. */
  siteNotFound: 'The site was not found.',
  /** This product's words: uncaching sites is a support action. */
  supportOnly: 'This action is available to support staff only.',
  /** This product's words: creating sites needs create rights. */
  cannotCreateSites: 'You do not have permission to create sites.',
  /** Task titles and outcomes. */
  deleteTaskTitle: 'Delete sites',
  csvTaskTitle: 'Site CSV download',
  csvReady: 'Your site CSV file is ready in File Downloads.',
} as const;

/** "You may not create more than N sites without reports." */
export function siteOnlyLimitMessage(limit: number): string {
  return `You may not create more than ${limit} sites without reports.`;
}

/** "There was an error creating the site: {server text}" */
export function siteCreationFailedMessage(serverText: string): string {
  return `There was an error creating the site: ${serverText}`;
}

/** This product's words for site ids that are not the caller's to see; a deletion adds that nothing was deleted. */
export function sitesNotFoundMessage(ids: readonly number[], nothingDeleted = false): string {
  const shown = ids.slice(0, 10).join(', ');
  const more = ids.length > 10 ? ` and ${ids.length - 10} more` : '';
  const tail = nothingDeleted ? ' Nothing was deleted.' : '';
  return `${ids.length === 1 ? 'This site was' : 'These sites were'} not found: ${shown}${more}.${tail}`;
}

/** This product's words when a deletion job finishes. */
export function sitesDeletedMessage(count: number): string {
  return count === 1 ? '1 site has been deleted.' : `${count} sites have been deleted.`;
}
