import { COUNTRY_IDS, countryCodeOf, countryNameOf, isReportValidForRelease, type CountryId, type TSite, type TSiteLatestReport } from '@riskatlas/domain';
import { siteIncidentIndicators } from '@riskatlas/scoring';
import { LATEST_RELEASE, SiteCol, type SiteRowArray, type SummaryRelease } from './site-rows.repository';

/** ISO-3 code and display name per country id, looked up once rather than per row. */
const COUNTRY_CODE = new Map<number, string>(COUNTRY_IDS.map((id) => [id, countryCodeOf(id)]));
const COUNTRY_NAME = new Map<number, string>(COUNTRY_IDS.map((id) => [id, countryNameOf(id)]));

/** The ISO-3 code (countryCode) of a country id; '' for an id not covered. */
function countryCodeLabel(countryId: number): string {
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

/** A report of the chosen year found by the probe: [release, product, features, scores] (SiteCol.alt). */
export type AltSummary = [number, number, number, Record<string, number>];

/** Where a row's summary comes from: none, the probe's report of the chosen year, or the row's stored summary. */
export const SummaryFrom = { none: 0, alt: 1, stored: 2 } as const;
export type SummaryFrom = (typeof SummaryFrom)[keyof typeof SummaryFrom];

/** The stored summary's score columns, methodologies 1–4 in order. */
export const SCORE_COLUMNS = [SiteCol.s1, SiteCol.s2, SiteCol.s3, SiteCol.s4] as const;

const NO_SUMMARY: RowSummary = { l: null, s: {} };

/**
 * Which summary a row carries for `release` (site-rows.repository.ts explains the columns): the
 * report of the chosen year found by the probe (alt), else the row's stored summary when its
 * release answers the requested one (isReportValidForRelease) or any release is asked
 * for, else none.
 */
export function summaryFrom(row: SiteRowArray, release: SummaryRelease): SummaryFrom {
  if (row[SiteCol.alt] !== null) return SummaryFrom.alt;
  const r = row[SiteCol.lr] as number | null;
  if (r === null) return SummaryFrom.none;
  if (release !== LATEST_RELEASE && !isReportValidForRelease(r, release, row[SiteCol.countryId] as CountryId)) return SummaryFrom.none;
  return SummaryFrom.stored;
}

/** The summary a row carries for `release` (see {@link summaryFrom}), as new objects. */
export function summaryOfRow(row: SiteRowArray, release: SummaryRelease): RowSummary {
  const from = summaryFrom(row, release);
  if (from === SummaryFrom.none) return NO_SUMMARY;
  if (from === SummaryFrom.alt) {
    const alt = row[SiteCol.alt] as AltSummary;
    return { l: { r: alt[0], p: alt[1], f: alt[2] }, s: alt[3] };
  }
  const s: Record<string, number> = {};
  for (let index = 0; index < SCORE_COLUMNS.length; index += 1) {
    const value = row[SCORE_COLUMNS[index]!] as number | null;
    if (value !== null) s[String(index + 1)] = value;
  }
  return { l: { r: row[SiteCol.lr] as number, p: row[SiteCol.lp] as number, f: row[SiteCol.lf] as number }, s };
}

/** The fields of a Site a row gives directly (all but the summary s and l), dates of type D. */
type SiteFields<D> = Omit<TSite, 'created' | 'lrr' | 's' | 'l'> & { created: D; lrr: D | null };

/**
 * A site with every field empty, dates of type D. Every field is set up front so that filling it
 * keeps one object layout (the row mapping below fills it).
 */
function blankSite<D>(date: D): SiteFields<D> & Pick<TSite, 's' | 'l'> {
  return {
    siteId: 0,
    siteName: '',
    notes: null,
    tags: [],
    street: null,
    street2: null,
    city: null,
    state: null,
    zipCode: null,
    countryCode: '',
    countryDisplay: '',
    latitude: 0,
    longitude: 0,
    ct: 0,
    created: date,
    lrr: null,
    eid: null,
    s: {},
    l: null,
    i: null,
    classes: [],
    classificationView: null,
    geocodeType: null,
  };
}

/**
 * The mapping of a site row to the fields of a Site (ZSite) but its summary: written into
 * `site`, dates as `date` makes them from epoch milliseconds. The packed list reads the same
 * columns straight from the row instead (RowSite in sites-packed.ts): keep the two in step.
 */
function writeSiteFields<D>(site: SiteFields<D>, row: SiteRowArray, date: (millis: number) => D): void {
  const countryId = row[SiteCol.countryId] as number;
  const lrr = row[SiteCol.lrr] as number | null;
  site.siteId = row[SiteCol.siteId] as number;
  site.siteName = row[SiteCol.siteName] as string;
  site.notes = row[SiteCol.notes] as string | null;
  site.tags = row[SiteCol.tags] as string[];
  site.street = row[SiteCol.street] as string | null;
  site.street2 = row[SiteCol.street2] as string | null;
  site.city = row[SiteCol.city] as string | null;
  site.state = row[SiteCol.state] as string | null;
  site.zipCode = row[SiteCol.zipCode] as string | null;
  site.countryCode = countryCodeLabel(countryId);
  site.countryDisplay = countryLabel(countryId);
  site.latitude = row[SiteCol.latitude] as number;
  site.longitude = row[SiteCol.longitude] as number;
  site.ct = row[SiteCol.ct] as number;
  site.created = date(row[SiteCol.created] as number);
  site.lrr = lrr === null ? null : date(lrr);
  site.eid = row[SiteCol.eid] as string | null;
  site.i = siteIncidentIndicators(site.latitude, site.longitude);
  site.classes = row[SiteCol.classes] as number[];
  // The product has no classification tree yet, so no classification names.
  site.classificationView = null;
  site.geocodeType = row[SiteCol.geocodeType] as string | null;
}

function iso(millis: number): string {
  return new Date(millis).toISOString();
}

/** A site row as the Site of the contract (ZSite), with the summary of `release`. No validation pass over the list. */
export function presentSiteRow(row: SiteRowArray, release: SummaryRelease): TSite {
  const site = blankSite('');
  writeSiteFields(site, row, iso);
  const summary = summaryOfRow(row, release);
  site.s = summary.s;
  site.l = summary.l;
  return site;
}
