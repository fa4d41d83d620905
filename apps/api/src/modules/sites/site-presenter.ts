import { COUNTRY_IDS, countryCodeOf, countryNameOf, isReportValidForRelease, type CountryId, type TSite, type TSiteLatestReport } from '@riskatlas/domain';
import { LATEST_RELEASE, SiteCol, type SiteRowArray, type SummaryRelease } from './site-rows.repository';

/** ISO-3 code and display name per country id, looked up once rather than per row. */
const COUNTRY_CODE = new Map<number, string>(COUNTRY_IDS.map((id) => [id, countryCodeOf(id)]));
const COUNTRY_NAME = new Map<number, string>(COUNTRY_IDS.map((id) => [id, countryNameOf(id)]));

/** The ISO-3 code (countryCode) of a country id; '' for an id not covered. */
export function countryCodeLabel(countryId: number): string {
  return COUNTRY_CODE.get(countryId) ?? '';
}

/** The country's display name (countryDisplay) of a country id; '' for an id not covered. */
export function countryLabel(countryId: number): string {
  return COUNTRY_NAME.get(countryId) ?? '';
}

/** The report summary of a site row for the requested release: l and s, or none. */
export interface RowSummary {
  l: TSiteLatestReport | null;
  s: Record<string, number>;
}

const NO_SUMMARY: RowSummary = { l: null, s: {} };
const SCORE_COLUMNS = [SiteCol.s1, SiteCol.s2, SiteCol.s3, SiteCol.s4] as const;

/**
 * The summary a row carries for `release` (site-rows.repository.ts explains the columns): the
 * report of the chosen year found by the probe (alt), else the row's summary when its release
 * answers the requested one (spec 3 §4, isReportValidForRelease) or any release is asked for,
 * else none.
 */
export function summaryOfRow(row: SiteRowArray, release: SummaryRelease): RowSummary {
  const alt = row[SiteCol.alt] as [number, number, number, Record<string, number>] | null;
  if (alt) return { l: { r: alt[0], p: alt[1], f: alt[2] }, s: alt[3] };
  const r = row[SiteCol.lr] as number | null;
  if (r === null) return NO_SUMMARY;
  if (release !== LATEST_RELEASE && !isReportValidForRelease(r, release, row[SiteCol.countryId] as CountryId)) return NO_SUMMARY;
  const s: Record<string, number> = {};
  for (let index = 0; index < SCORE_COLUMNS.length; index += 1) {
    const value = row[SCORE_COLUMNS[index]!] as number | null;
    if (value !== null) s[String(index + 1)] = value;
  }
  return { l: { r, p: row[SiteCol.lp] as number, f: row[SiteCol.lf] as number }, s };
}

function iso(ms: unknown): string | null {
  return ms === null ? null : new Date(ms as number).toISOString();
}

/** A site row as the Site of the contract (ZSite). Built field by field: no validation pass over the list. */
export function presentSiteRow(row: SiteRowArray, release: SummaryRelease): TSite {
  const countryId = row[SiteCol.countryId] as number;
  const { l, s } = summaryOfRow(row, release);
  return {
    siteId: row[SiteCol.siteId] as number,
    siteName: row[SiteCol.siteName] as string,
    notes: row[SiteCol.notes] as string | null,
    tags: row[SiteCol.tags] as string[],
    street: row[SiteCol.street] as string | null,
    street2: row[SiteCol.street2] as string | null,
    city: row[SiteCol.city] as string | null,
    state: row[SiteCol.state] as string | null,
    zipCode: row[SiteCol.zipCode] as string | null,
    countryCode: countryCodeLabel(countryId),
    countryDisplay: countryLabel(countryId),
    latitude: row[SiteCol.latitude] as number,
    longitude: row[SiteCol.longitude] as number,
    ct: row[SiteCol.ct] as number,
    created: iso(row[SiteCol.created])!,
    lrr: iso(row[SiteCol.lrr]),
    eid: row[SiteCol.eid] as string | null,
    s,
    l,
    // No incident data exists until the incidents feature (ROADMAP 4).
    i: null,
    classes: row[SiteCol.classes] as number[],
    // No classification names exist until the classification tree (ROADMAP 6).
    classificationView: null,
    geocodeType: row[SiteCol.geocodeType] as string | null,
  };
}
