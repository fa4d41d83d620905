import { METHODOLOGY_PRIORITY } from '../ids';
import { policeMapApplies } from '../rules/incidents';
import { crimeRateComparisonApplies } from '../schemas/report-context';
import type { TProductData, TReport, TScore } from '../schemas/reports';
import type { ScorePeriod, ScoreRegion } from './vocabulary';

/**
 * The rules of the site Detail page: which report modes apply to a site and report, which
 * methodology and release it shows, how a {product}Data entry reads as a table, and which outside
 * sites it links to. Pure, so the page and its tests share them.
 */

/** The report modes of the Detail page (the `reportMode` page parameter). */
export const ReportMode = {
  Scores: 0,
  Proximity: 1,
  Survey: 2,
  Metadata: 3,
  PoliceIncidents: 4,
  Citywide: 5,
  Demographics: 6,
  CrimeRateComparison: 7,
} as const;
export type ReportMode = (typeof ReportMode)[keyof typeof ReportMode];

/** The tab name of each report mode. */
export const REPORT_MODE_NAMES: Readonly<Record<ReportMode, string>> = {
  0: 'Scores',
  1: 'Proximity',
  2: 'Survey',
  3: 'Metadata',
  4: 'Police Incidents',
  5: 'Citywide Maps',
  6: 'Demographics',
  7: 'Crime Rate Comparison',
};

/** What decides the modes of one site and report. */
export interface ReportModeContext {
  /** The report shown; null when the site has no report for the chosen release (only scores mode, which then says so). */
  report: Pick<TReport, 'countryID' | 'releaseYear' | 'hasProximity' | 'hasDemographics'> | null;
  site: { countryCode: string; state: string | null; ct: number };
  account: { allowCrimeRiskFeature: boolean; allowPOI: boolean };
}

/** Region texts that mean Scotland in a UK site's State field (code, name, short form, Gaelic): its crime statistics have their own publisher. */
const SCOTLAND_NAMES: ReadonlySet<string> = new Set(['sct', 'scotland', 'scot', 'alba']);

/** True for a site in Scotland (a GBR site whose region reads as Scotland). */
export function isScottishSite(site: { countryCode: string; state: string | null }): boolean {
  return site.countryCode.toUpperCase() === 'GBR' && SCOTLAND_NAMES.has((site.state ?? '').trim().toLowerCase());
}

/** Crime rate comparison: where the report offers it (US urban sites, releases 2024 on), for accounts with the crime-risk feature. */
function hasCrimeRateComparison(context: ReportModeContext): boolean {
  const { report, site, account } = context;
  return report !== null && account.allowCrimeRiskFeature && crimeRateComparisonApplies({ countryId: report.countryID, communityType: site.ct, releaseYear: report.releaseYear });
}

/**
 * The report modes offered, in tab order. Scores always; the others only where their data or
 * feature exists. Survey, metadata and citywide maps belong to modules this product does not have
 * yet, so they are never offered.
 */
export function availableReportModes(context: ReportModeContext): ReportMode[] {
  const modes: ReportMode[] = [ReportMode.Scores];
  const { report, site } = context;
  // Proximity shows the report's points of interest, or offers to add them where the account has points of interest.
  if (report && (report.hasProximity || context.account.allowPOI)) modes.push(ReportMode.Proximity);
  if (report?.hasDemographics) modes.push(ReportMode.Demographics);
  if (hasCrimeRateComparison(context)) modes.push(ReportMode.CrimeRateComparison);
  if (report && policeMapApplies(site)) modes.push(ReportMode.PoliceIncidents);
  return modes;
}

/** The mode shown: the one asked for when it applies, else scores (mode 0). */
export function resolveReportMode(requested: number | undefined, context: ReportModeContext): ReportMode {
  const modes = availableReportModes(context);
  return modes.find((mode) => mode === requested) ?? ReportMode.Scores;
}

/** Methodology ids in priority order (2, 3, 1, 4), each once. */
export function methodologiesByPriority(ids: readonly number[]): number[] {
  return METHODOLOGY_PRIORITY.filter((id) => ids.includes(id));
}

/** The methodology a report shows: the one asked for when the report has it, else its first by priority; undefined for no methodologies. */
export function chooseReportMethodology(requested: number, available: readonly number[]): number | undefined {
  return available.includes(requested) ? requested : methodologiesByPriority(available)[0];
}

/** The {product}Data entries of a report, whichever field its type uses. */
export function productDataOf(report: Pick<TReport, 'basicData' | 'premiumData' | 'premiumPlusData'>): TProductData[] {
  return report.premiumPlusData ?? report.premiumData ?? report.basicData ?? [];
}

/** The distinct release years of a site's reports, newest first: the years the release switcher offers after "Current". */
export function reportReleaseYears(reports: readonly { releaseYear: number }[]): number[] {
  return [...new Set(reports.map((report) => report.releaseYear))].sort((a, b) => b - a);
}

/** One crime type's row of the score table: its scores by comparison area and period. */
export interface ScoreTableRow {
  crimeType: NonNullable<TScore['crimeType']>;
  name: string;
  /** Persons and property totals, and Total Crime, are aggregates of the offences above them. */
  aggregate: boolean;
  cells: Partial<Record<ScoreRegion, Partial<Record<ScorePeriod, TScore>>>>;
}

/** A group of rows under a heading row of the data (Crimes Against Persons, Crimes Against Property, Total Crime). */
export interface ScoreTableGroup {
  heading: string;
  rows: ScoreTableRow[];
}

/**
 * The scores of one {product}Data entry as a table: the data's heading rows open groups, and the
 * score rows of each crime type gather into one table row keyed by area and period. Rows keep
 * the data's order, so the table reads as the report does.
 */
export function scoreTableOf(entry: Pick<TProductData, 'scores'>): ScoreTableGroup[] {
  const groups: ScoreTableGroup[] = [];
  const sorted = [...entry.scores].sort((a, b) => a.order - b.order);
  for (const score of sorted) {
    if (score.isHeading || !score.crimeType || !score.region || !score.period) {
      groups.push({ heading: score.name, rows: [] });
      continue;
    }
    if (groups.length === 0) groups.push({ heading: '', rows: [] });
    const group = groups[groups.length - 1]!;
    let row = group.rows.find((candidate) => candidate.crimeType === score.crimeType);
    if (!row) {
      row = { crimeType: score.crimeType, name: score.name, aggregate: score.scoreType === 'aggregate', cells: {} };
      group.rows.push(row);
    }
    (row.cells[score.region] ??= {})[score.period] = score;
  }
  return groups.filter((group) => group.rows.length > 0);
}

/** A link to an outside site that explains the area's risk. */
export interface OutsideLink {
  label: string;
  href: string;
  /** Who publishes it, said beside the link. */
  publisher: string;
}

/** The national hazards link applies to US reports from this release on. */
export const NATIONAL_HAZARDS_FIRST_RELEASE = 2022;

/** The FEMA National Risk Index map, for US reports from release 2022; null otherwise. */
export function nationalHazardsLink(countryId: number, releaseYear: number): OutsideLink | null {
  if (countryId !== 1 || releaseYear < NATIONAL_HAZARDS_FIRST_RELEASE) return null;
  return { label: 'National Risk Index map', href: 'https://hazards.fema.gov/nri/map', publisher: 'FEMA' };
}

/**
 * The national crime statistics site of a country: the publisher whose recorded crime the scores
 * rest on, so a user can read the official figures. Puerto Rico reports to the FBI's programme;
 * Scotland's police recorded crime is published by the Scottish Government, not data.police.uk.
 */
export function crimeStatisticsLink(countryId: number, site: { countryCode: string; state: string | null }): OutsideLink | null {
  switch (countryId) {
    case 1:
    case 6:
      return { label: 'Crime Data Explorer', href: 'https://cde.ucr.cjis.gov/', publisher: 'FBI' };
    case 2:
      return { label: 'Police-reported crime statistics', href: 'https://www.statcan.gc.ca/en/subjects-start/crime_and_justice', publisher: 'Statistics Canada' };
    case 3:
      return isScottishSite(site)
        ? { label: 'Recorded crime in Scotland', href: 'https://www.gov.scot/collections/recorded-crime-in-scotland/', publisher: 'Scottish Government' }
        : { label: 'data.police.uk', href: 'https://data.police.uk/', publisher: 'Home Office' };
    case 5:
      return { label: 'Incidencia delictiva', href: 'https://www.gob.mx/sesnsp/acciones-y-programas/datos-abiertos-de-incidencia-delictiva', publisher: 'SESNSP' };
    default:
      return null;
  }
}
