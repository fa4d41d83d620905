import { COUNTRY_RELEASES, CURRENT_RELEASE_TOLERANCE_YEARS, isCurrentReleaseRequest, resolveRelease, type CountryId } from '@riskatlas/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { queryArrays, type ExpectedRows } from '../../db/raw-rows';
import { intArray } from '../../db/sql-helpers';
import type { SiteScope } from '../../access/site-scope';

/**
 * The site list query (GET sites, m/sites, sites/{id}, atlocation, csv): ONE statement of exactly
 * the columns a Site needs, read as arrays (raw-rows.ts). Column positions are the contract
 * between this query and its readers (site-presenter.ts, the packed encoder), named in SiteCol.
 *
 * The report summary (s, l) is that of the report the caller may see for the requested release
 * (via the domain's isReportValidForRelease / pickReportForRelease):
 * - a caller who sees every report, current release: the summary stored on the site row (its
 *   latest report, highest release then newest) — valid when that release is within the current
 *   tolerance, else the site has no valid report (no report has a higher release). The reader
 *   applies isReportValidForRelease. No join.
 * - the same caller, a chosen year: the stored summary when its release is the year (corrected per
 *   country), else one index probe for a report of that release (column Alt), evaluated only for
 *   those rows.
 * - a caller who sees only some reports: one lateral probe per site over the reports they may see,
 *   and lrr from those reports too.
 */

/** The release option that reads each site's latest report of any release (the stored summary). */
export const LATEST_RELEASE = 'latest';
/** Which report summary a site row carries: -1 (or 0) the current release, a year, or the latest of any release. */
export type SummaryRelease = number | typeof LATEST_RELEASE;

/** Column positions of a site row. */
export const SiteCol = {
  siteId: 0,
  siteName: 1,
  notes: 2,
  tags: 3,
  street: 4,
  street2: 5,
  city: 6,
  state: 7,
  zipCode: 8,
  county: 9,
  countryId: 10,
  latitude: 11,
  longitude: 12,
  ct: 13,
  /** Epoch milliseconds. */
  created: 14,
  /** Epoch milliseconds or null. */
  lrr: 15,
  eid: 16,
  classes: 17,
  geocodeType: 18,
  /** The summary's release year, product id and feature flags (null without a report). */
  lr: 19,
  lp: 20,
  lf: 21,
  /** Scores of methodologies 1–4 (null where the report has none). */
  s1: 22,
  s2: 23,
  s3: 24,
  s4: 25,
  /** [release, product, features, {scores}] of a report of the chosen year when the stored summary is of another year; else null. */
  alt: 26,
  /** Extra columns a caller asked for start here (e.g. distance). */
  extra: 27,
} as const;

/** One site row as the driver answers it (see SiteCol). */
export type SiteRowArray = unknown[];

/** `case sites.country_id when … end` of a per-country year. */
function perCountry(yearOf: (countryId: CountryId) => number): SQL {
  const ids = Object.keys(COUNTRY_RELEASES).map(Number) as CountryId[];
  return sql.join([sql.raw('case sites.country_id'), ...ids.map((id) => sql.raw(` when ${id} then ${yearOf(id)}`)), sql.raw(' end')]);
}

/** The releases a report must have to answer `release` for the site's country, on `reports`. */
function releaseCondition(release: SummaryRelease): SQL {
  if (release === LATEST_RELEASE) return sql`true`;
  if (isCurrentReleaseRequest(release)) {
    const current = perCountry((id) => COUNTRY_RELEASES[id].lastRelease);
    return sql`reports.release_year <= ${current} and reports.release_year >= ${current} - ${CURRENT_RELEASE_TOLERANCE_YEARS}`;
  }
  return sql`reports.release_year = ${perCountry((id) => resolveRelease(id, release))}`;
}

const BASE_COLUMNS = sql.raw(`sites.site_id, sites.site_name, sites.notes, sites.tags, sites.street, sites.street2, sites.city, sites.state,
  sites.zip_code, sites.county, sites.country_id, sites.latitude, sites.longitude, sites.ct,
  (extract(epoch from sites.created) * 1000)::float8`);

const TAIL_COLUMNS = sql.raw('sites.external_id, sites.classification_ids, sites.geocode_type');

const STORED_SUMMARY = sql.raw(`(sites.l->>'r')::int, (sites.l->>'p')::int, (sites.l->>'f')::int,
  (sites.s->>'1')::float8, (sites.s->>'2')::float8, (sites.s->>'3')::float8, (sites.s->>'4')::float8`);

const PICKED_SUMMARY = sql.raw(`pick.release_year::int, pick.report_type::int, pick.features::int,
  (pick.summary_scores->>'1')::float8, (pick.summary_scores->>'2')::float8, (pick.summary_scores->>'3')::float8, (pick.summary_scores->>'4')::float8`);

/** Sites within `radiusMeters` of a point (great-circle distance on a 6,371 km sphere). */
interface NearPoint {
  latitude: number;
  longitude: number;
  radiusMeters: number;
  /** A site to leave out (the one being placed). */
  excludeSiteId: number;
}

/** What to read besides the scope. Without a narrowing option, every site of the scope, by site id. */
export interface SiteRowsOptions {
  /** -1 (or 0) the current release, a year, or LATEST_RELEASE. */
  release: SummaryRelease;
  /** Only these sites (keep a list to ID_CHUNK ids a statement). */
  siteIds?: readonly number[];
  /** Only sites of this country (null: every country). */
  countryId?: number | null;
  /** Only sites with a greater id: keyset pages, with `limit`. */
  afterSiteId?: number;
  /** Only sites near a point, nearest first; each row's distance in metres is its SiteCol.extra column. */
  near?: NearPoint;
  /** Each row's version (ROW_VERSION) as its SiteCol.extra column. */
  withVersion?: boolean;
  limit?: number;
  /** 'many' for whole lists: each row is then read as one text value (raw-rows.ts). */
  expected?: ExpectedRows;
}

/** Metres per degree of latitude on the 6,371 km sphere distances are measured on. */
const METRES_PER_DEGREE = (Math.PI * 6_371_000) / 180;

/**
 * Conditions, extra column and order for sites near a point: a bounding box on the location index
 * narrows the rows, the great-circle distance decides and orders them.
 */
function nearClauses(near: NearPoint): { where: SQL; extra: SQL; order: SQL } {
  const { latitude, longitude, radiusMeters, excludeSiteId } = near;
  const dLat = radiusMeters / METRES_PER_DEGREE;
  const cosLat = Math.cos((latitude * Math.PI) / 180);
  // Near the poles or across the antimeridian a longitude window is no help: leave it out.
  const dLng = cosLat > 0.01 ? dLat / cosLat : 360;
  const lngWindow =
    longitude - dLng >= -180 && longitude + dLng <= 180 ? sql` and sites.longitude between ${longitude - dLng} and ${longitude + dLng}` : sql``;
  const distance = sql`(2 * 6371000 * asin(least(1, sqrt(
      power(sin(radians(sites.latitude - ${latitude}::float8) / 2), 2)
      + cos(radians(${latitude}::float8)) * cos(radians(sites.latitude)) * power(sin(radians(sites.longitude - ${longitude}::float8) / 2), 2)))))`;
  return {
    where: sql`sites.latitude between ${latitude - dLat} and ${latitude + dLat}${lngWindow} and sites.site_id <> ${excludeSiteId} and ${distance} <= ${radiusMeters}`,
    extra: distance,
    order: sql`${distance}, sites.site_id`,
  };
}

/** The conditions on `sites` the options narrow the scope by. */
function narrowing(options: SiteRowsOptions, near: SQL | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (options.siteIds) conditions.push(sql`sites.site_id = any(${intArray(options.siteIds)})`);
  if (options.countryId !== undefined && options.countryId !== null) conditions.push(sql`sites.country_id = ${options.countryId}`);
  if (options.afterSiteId !== undefined) conditions.push(sql`sites.site_id > ${options.afterSiteId}`);
  if (near) conditions.push(near);
  return conditions;
}

/** The site list query for the caller's scope (see the file comment). */
export function siteRowsQuery(scope: SiteScope, options: SiteRowsOptions): SQL {
  const { release } = options;
  const near = options.near ? nearClauses(options.near) : undefined;
  const where = sql.join([scope.sites, ...narrowing(options, near?.where)], sql` and `);
  const extraColumn = near?.extra ?? (options.withVersion ? ROW_VERSION : undefined);
  const extra = extraColumn ? sql`, ${extraColumn}` : sql``;
  const order = near?.order ?? sql`sites.site_id`;
  const limit = options.limit === undefined ? sql`` : sql` limit ${options.limit}`;

  if (scope.allReports) {
    let alt = sql`null::jsonb`;
    if (release !== LATEST_RELEASE && !isCurrentReleaseRequest(release)) {
      const target = perCountry((id) => resolveRelease(id, release));
      alt = sql`case when sites.l is null or (sites.l->>'r')::int = ${target} then null else (
        select jsonb_build_array(reports.release_year, reports.report_type, reports.features, reports.summary_scores)
        from reports
        where ${scope.reports} and reports.site_id = sites.site_id and reports.release_year = ${target}
        order by reports.created desc, reports.account_product_report_id desc
        limit 1) end`;
    }
    return sql`select ${BASE_COLUMNS}, (extract(epoch from sites.lrr) * 1000)::float8, ${TAIL_COLUMNS}, ${STORED_SUMMARY}, ${alt}${extra}
      from sites where ${where} order by ${order}${limit}`;
  }
  return sql`select ${BASE_COLUMNS},
      (select (extract(epoch from max(reports.created)) * 1000)::float8 from reports where ${scope.reports} and reports.site_id = sites.site_id),
      ${TAIL_COLUMNS}, ${PICKED_SUMMARY}, null::jsonb${extra}
    from sites
    left join lateral (
      select reports.release_year, reports.report_type, reports.features, reports.summary_scores
      from reports
      where ${scope.reports} and reports.site_id = sites.site_id and ${releaseCondition(release)}
      order by reports.release_year desc, reports.created desc, reports.account_product_report_id desc
      limit 1
    ) pick on true
    where ${where} order by ${order}${limit}`;
}

/** Reads site rows (see siteRowsQuery). */
export function readSiteRows(database: DatabaseHandle, scope: SiteScope, options: SiteRowsOptions): Promise<SiteRowArray[]> {
  return queryArrays(database, siteRowsQuery(scope, options), options.expected);
}

/**
 * A row's version: its xmin, the id of the transaction that wrote the row last. Every insert and
 * update (even one that leaves the values as they were) gives the row a new one, so a site whose
 * version is unchanged is exactly as it was read (kept-site-list-rebuild.ts).
 */
const ROW_VERSION = sql.raw('(sites.xmin::text)::float8');

/**
 * Every site in the scope with its row version, in ascending site id order, read as ONE text value
 * ('id:version,…'): 100,000 rows arrive as one value instead of 200,000 (see raw-rows.ts for why
 * that matters on PGlite).
 */
export async function readSiteVersions(database: DatabaseHandle, scope: SiteScope): Promise<{ siteIds: Int32Array; versions: Float64Array }> {
  const [row] = await queryArrays(
    database,
    sql`select coalesce(string_agg(sites.site_id::text || ':' || sites.xmin::text, ',' order by sites.site_id), '') from sites where ${scope.sites}`,
  );
  const text = (row?.[0] as string | undefined) ?? '';
  const pairs = text === '' ? [] : text.split(',');
  const siteIds = new Int32Array(pairs.length);
  const versions = new Float64Array(pairs.length);
  for (let index = 0; index < pairs.length; index += 1) {
    const pair = pairs[index]!;
    const colon = pair.indexOf(':');
    siteIds[index] = Number(pair.slice(0, colon));
    versions[index] = Number(pair.slice(colon + 1));
  }
  return { siteIds, versions };
}
