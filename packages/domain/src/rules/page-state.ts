/**
 * Page state in query parameters: canonical spelling, numeric checks and
 * fallbacks. Pure: the web app feeds it the URL's search string and the saved settings.
 */
import { DEFAULT_COUNTRY_ID, DEFAULT_METHODOLOGY } from '../ids';

/** Every page-state parameter, in its canonical spelling. */
export const PAGE_PARAMS = [
  'currentPage',
  'helpTopic',
  'siteId',
  'reportMode',
  'methodology',
  'countryId',
  'release',
  'colorId',
  'iconId',
  'reportId',
  'accountProductReportId',
  'engineId',
  'iterationId',
  'dashboardId',
] as const;
export type PageParam = (typeof PAGE_PARAMS)[number];

/** Parameters that must be numeric; a non-numeric value is dropped. */
const NUMERIC_PARAMS: ReadonlySet<PageParam> = new Set([
  'siteId',
  'reportMode',
  'countryId',
  'colorId',
  'iconId',
  'reportId',
  'release',
  'methodology',
  'accountProductReportId',
]);

const CANONICAL_BY_LOWER = new Map(PAGE_PARAMS.map((name) => [name.toLowerCase(), name]));

/** The page state the app reads; numbers already checked. */
export interface PageState {
  currentPage: string | undefined;
  helpTopic: string | undefined;
  siteId: number | undefined;
  reportMode: number | undefined;
  methodology: number;
  countryId: number;
  release: number;
  colorId: number | undefined;
  iconId: number | undefined;
  reportId: number | undefined;
  accountProductReportId: number | undefined;
  engineId: string | undefined;
  iterationId: string | undefined;
  dashboardId: string | undefined;
}

/** Settings that page state falls back to (appSettings). */
export interface PageStateFallbacks {
  methodology?: number | undefined;
  countryId?: number | undefined;
}

const NUMERIC_TEXT = /^-?\d+$/;

function toNumber(text: string | undefined): number | undefined {
  if (text === undefined || !NUMERIC_TEXT.test(text.trim())) return undefined;
  return Number(text.trim());
}

/**
 * Rewrites a query string so page parameters have their canonical spelling and numeric ones are
 * numeric. Unknown parameters are kept as they are. Returns the new search string without '?'.
 */
export function canonicalizeSearch(search: string): string {
  const input = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const output = new URLSearchParams();
  for (const [rawName, value] of input) {
    const canonical = CANONICAL_BY_LOWER.get(rawName.toLowerCase());
    if (!canonical) {
      output.append(rawName, value);
      continue;
    }
    if (output.has(canonical)) continue; // first spelling wins
    if (NUMERIC_PARAMS.has(canonical) && toNumber(value) === undefined) continue;
    output.set(canonical, value.trim());
  }
  return output.toString();
}

/**
 * Reads page state from a (canonical or not) query string, applying these fallbacks:
 * methodology must be > 0, else the saved setting, else 2; countryId else saved, else 1;
 * release absent means -1 (the current release).
 */
export function readPageState(search: string, saved: PageStateFallbacks = {}): PageState {
  const params = new URLSearchParams(canonicalizeSearch(search));
  const num = (name: PageParam) => toNumber(params.get(name) ?? undefined);
  const text = (name: PageParam) => params.get(name) ?? undefined;
  const methodologyParam = num('methodology');
  const savedMethodology = saved.methodology !== undefined && saved.methodology > 0 ? saved.methodology : undefined;
  const countryParam = num('countryId');
  return {
    currentPage: text('currentPage'),
    helpTopic: text('helpTopic'),
    siteId: num('siteId'),
    reportMode: num('reportMode'),
    methodology: methodologyParam !== undefined && methodologyParam > 0 ? methodologyParam : (savedMethodology ?? DEFAULT_METHODOLOGY),
    countryId: countryParam ?? saved.countryId ?? DEFAULT_COUNTRY_ID,
    release: num('release') ?? -1,
    colorId: num('colorId'),
    iconId: num('iconId'),
    reportId: num('reportId'),
    accountProductReportId: num('accountProductReportId'),
    engineId: text('engineId'),
    iterationId: text('iterationId'),
    dashboardId: text('dashboardId'),
  };
}

/**
 * Writes a partial page-state update into a query string. `undefined` or `null` removes a
 * parameter. Keeps canonical spelling.
 */
export function writePageState(
  search: string,
  update: Partial<Record<PageParam, string | number | null | undefined>>,
): string {
  const params = new URLSearchParams(canonicalizeSearch(search));
  for (const [name, value] of Object.entries(update)) {
    if (value === undefined || value === null || value === '') params.delete(name);
    else params.set(name, String(value));
  }
  return params.toString();
}
