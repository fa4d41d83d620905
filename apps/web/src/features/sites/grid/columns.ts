import {
  countryIdOfCode,
  METHODOLOGIES,
  REPORT_TYPE_NAMES,
  ReportFeature,
  readScore,
  siteScoreOf,
  type CountryId,
  type ReportType,
  type TSite,
} from '@riskatlas/domain';

/**
 * The Site Library's columns: one definition per column, each of one of the product's
 * column types. A definition says how to read the cell value from a site; the renderer of its type
 * (grid/cells.tsx) draws it, and its sort key orders the grid.
 */

/** The column types of the Site Library grid. */
type SiteColumnType =
  | 'string'
  | 'number'
  | 'date'
  | 'enum'
  | 'tags'
  | 'classview'
  | 'score'
  | 'formatted'
  | 'icon'
  | 'button'
  | 'link'
  | 'fill';

/**
 * Column variants: `range` draws the value through a
 * score range (its band colour and 'min-max' break); `meta` reads report or incident metadata that
 * a site may not have (no report in the release, no incident data), shown as a dash with the reason.
 */
type SiteColumnVariant = 'range' | 'meta';

/** What cells depend on besides the site. */
export interface ColumnContext {
  /** The methodology of the page state: range and fill columns colour its score. */
  methodology: number;
  /** The account's label of the external id (Account.externalIDName). */
  externalIdLabel: string;
}

/** A score with the country whose bands colour it. */
interface ScoreValue {
  score: number;
  countryId: CountryId;
}

/** An icon cell: which state, and the words a screen reader and tooltip give it. */
export interface IconValue {
  state: 'yes' | 'no' | 'unknown';
  label: string;
}

/** A fill cell: the colour that fills it and the words written on it. */
interface FillValue {
  color: string;
  label: string;
  /** The full reading shown on hover ('1,103 — above 1000, High'). */
  title?: string;
}

/** The actions a button or link column triggers. */
export type SiteAction = 'open' | 'edit' | 'comments' | 'report';

interface BaseColumn<T extends SiteColumnType> {
  id: string;
  type: T;
  variant?: SiteColumnVariant;
  /** The header text. */
  label: (context: ColumnContext) => string;
  /** Default width in px. */
  width: number;
  /** Shown when the user has not configured columns. */
  visibleByDefault: boolean;
  align?: 'left' | 'right' | 'center';
  /** Sort key; null sorts last either way. Columns without one cannot be sorted. */
  sortKey?: (site: TSite, context: ColumnContext) => string | number | null;
  /** Why a meta cell is empty (the tooltip of its dash). */
  emptyReason?: string;
}

type StringColumn = BaseColumn<'string'> & { value: (site: TSite) => string | null };
type NumberColumn = BaseColumn<'number'> & { value: (site: TSite) => number | null; decimals?: number; grouping?: boolean };
type DateColumn = BaseColumn<'date'> & { value: (site: TSite) => string | null };
type EnumColumn = BaseColumn<'enum'> & { value: (site: TSite) => string | null };
type TagsColumn = BaseColumn<'tags'> & { value: (site: TSite) => readonly string[] };
type ClassviewColumn = BaseColumn<'classview'> & { value: (site: TSite) => { text: string | null; count: number } };
type ScoreColumn = BaseColumn<'score'> & { value: (site: TSite, context: ColumnContext) => ScoreValue | null };
type FormattedColumn = BaseColumn<'formatted'> & { value: (site: TSite) => string | null };
type IconColumn = BaseColumn<'icon'> & { value: (site: TSite) => IconValue | null };
type ButtonColumn = BaseColumn<'button'> & { actions: readonly Exclude<SiteAction, 'open'>[] };
type LinkColumn = BaseColumn<'link'> & { value: (site: TSite) => string; action: SiteAction };
type FillColumn = BaseColumn<'fill'> & { value: (site: TSite, context: ColumnContext) => FillValue | null };

/** One column of the library. */
export type SiteColumn =
  | StringColumn
  | NumberColumn
  | DateColumn
  | EnumColumn
  | TagsColumn
  | ClassviewColumn
  | ScoreColumn
  | FormattedColumn
  | IconColumn
  | ButtonColumn
  | LinkColumn
  | FillColumn;

/** Community type names, by the value of Site.ct. */
export const COMMUNITY_TYPE_NAMES: Readonly<Record<number, string>> = { 0: 'Rural', 1: 'Suburban', 2: 'Urban', 3: 'Unknown' };

/** How a site's point was placed (Site.geocodeType), as users read it. */
export const GEOCODE_TYPE_NAMES: Readonly<Record<string, string>> = {
  ADDRESS: 'Address',
  POSTCODE: 'ZIP / postcode',
  CITY: 'City',
  MANUAL: 'User defined',
};

/** The site's score under a methodology, or null without one. */
const siteScore = (site: TSite, methodology: number) => siteScoreOf(site.s, methodology);

function scoreValue(site: TSite, methodology: number): ScoreValue | null {
  const score = siteScore(site, methodology);
  const countryId = countryIdOfCode(site.countryCode);
  return score === null || countryId === undefined ? null : { score, countryId };
}

/** The report features of a summary as words ('Heat map, Demographics'); null for none. */
export function featureNames(flags: number): string | null {
  const names: string[] = [];
  if (flags & ReportFeature.HeatMap) names.push('Heat map');
  if (flags & ReportFeature.SupplementalScores) names.push('Supplemental scores');
  if (flags & ReportFeature.Demographics) names.push('Demographics');
  return names.length ? names.join(', ') : null;
}

/** The one-line address of a site: street, street2, city, state zip. */
export function formatAddress(site: Pick<TSite, 'street' | 'street2' | 'city' | 'state' | 'zipCode'>): string | null {
  const stateZip = [site.state, site.zipCode].filter(Boolean).join(' ');
  const parts = [site.street, site.street2, site.city, stateZip].map((part) => part?.trim()).filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

const lower = (text: string | null | undefined) => (text ? text.toLowerCase() : null);
const dateKey = (iso: string | null | undefined) => {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
};
const fixed = (label: string) => () => label;

function stringColumn(id: string, label: string, width: number, value: (site: TSite) => string | null, visibleByDefault = false): StringColumn {
  return { id, type: 'string', label: fixed(label), width, visibleByDefault, value, sortKey: (site) => lower(value(site)) };
}

function scoreColumn(methodologyTypeId: number, name: string): ScoreColumn {
  return {
    id: `score${methodologyTypeId}`,
    type: 'score',
    label: fixed(`${name} score`),
    width: 130,
    align: 'right',
    visibleByDefault: methodologyTypeId === 2,
    value: (site) => scoreValue(site, methodologyTypeId),
    sortKey: (site) => siteScore(site, methodologyTypeId),
    emptyReason: 'No report in this release',
  };
}

const incidentColumn = (id: string, label: string, pick: (i: NonNullable<TSite['i']>) => boolean): IconColumn => ({
  id,
  type: 'icon',
  variant: 'meta',
  label: fixed(label),
  width: 120,
  align: 'center',
  visibleByDefault: false,
  value: (site) => (site.i ? { state: pick(site.i) ? 'yes' : 'no', label: pick(site.i) ? 'Yes' : 'No' } : null),
  sortKey: (site) => (site.i ? (pick(site.i) ? 1 : 0) : null),
  emptyReason: 'No incident data for this site',
});

/** Every library column, in the default order. */
export const SITE_COLUMNS: readonly SiteColumn[] = [
  {
    id: 'siteName',
    type: 'link',
    label: fixed('Site Name'),
    width: 240,
    visibleByDefault: true,
    value: (site) => site.siteName,
    action: 'open',
    sortKey: (site) => site.siteName.toLowerCase(),
  },
  {
    id: 'reportStatus',
    type: 'icon',
    label: fixed('Report'),
    width: 90,
    align: 'center',
    visibleByDefault: true,
    value: (site) =>
      site.l ? { state: 'yes', label: `${REPORT_TYPE_NAMES[site.l.p as ReportType] ?? 'Report'} report, ${site.l.r} release` } : { state: 'no', label: 'No report in this release' },
    sortKey: (site) => (site.l ? site.l.r * 10 + site.l.p : 0),
  },
  {
    id: 'tags',
    type: 'tags',
    label: fixed('Tags'),
    width: 200,
    visibleByDefault: true,
    value: (site) => site.tags,
    sortKey: (site) => (site.tags.length ? site.tags.join(';').toLowerCase() : null),
  },
  {
    id: 'classificationView',
    type: 'classview',
    label: fixed('Classifications'),
    width: 180,
    visibleByDefault: false,
    value: (site) => ({ text: site.classificationView, count: site.classes.length }),
    sortKey: (site) => lower(site.classificationView) ?? (site.classes.length ? `#${String(site.classes.length).padStart(6, '0')}` : null),
  },
  ...METHODOLOGIES.map((methodology) => scoreColumn(methodology.methodologyTypeId, methodology.name)),
  {
    id: 'scoreRange',
    type: 'score',
    variant: 'range',
    label: fixed('Score band'),
    width: 130,
    visibleByDefault: false,
    value: (site, context) => scoreValue(site, context.methodology),
    sortKey: (site, context) => siteScore(site, context.methodology),
    emptyReason: 'No report in this release',
  },
  {
    id: 'riskLevel',
    type: 'fill',
    variant: 'range',
    label: fixed('Risk level'),
    width: 140,
    visibleByDefault: true,
    value: (site, context) => {
      const value = scoreValue(site, context.methodology);
      if (!value) return null;
      const reading = readScore(value.score, value.countryId);
      return { color: reading.band.color, label: reading.severityLabel, title: reading.text };
    },
    sortKey: (site, context) => siteScore(site, context.methodology),
    emptyReason: 'No report in this release',
  },
  {
    id: 'lrr',
    type: 'date',
    label: fixed('Last Report Date'),
    width: 150,
    visibleByDefault: true,
    value: (site) => site.lrr,
    sortKey: (site) => dateKey(site.lrr),
  },
  {
    id: 'latestRelease',
    type: 'number',
    variant: 'meta',
    label: fixed('Latest Release Year'),
    width: 150,
    align: 'right',
    visibleByDefault: true,
    value: (site) => site.l?.r ?? null,
    grouping: false,
    sortKey: (site) => site.l?.r ?? null,
    emptyReason: 'No report in this release',
  },
  {
    id: 'reportType',
    type: 'enum',
    variant: 'meta',
    label: fixed('Report Type'),
    width: 130,
    visibleByDefault: false,
    value: (site) => (site.l ? (REPORT_TYPE_NAMES[site.l.p as ReportType] ?? `Product ${site.l.p}`) : null),
    sortKey: (site) => (site.l ? site.l.p : null),
    emptyReason: 'No report in this release',
  },
  {
    id: 'reportFeatures',
    type: 'formatted',
    variant: 'meta',
    label: fixed('Report Add-ons'),
    width: 180,
    visibleByDefault: false,
    value: (site) => (site.l ? (featureNames(site.l.f) ?? 'None') : null),
    sortKey: (site) => (site.l ? site.l.f : null),
    emptyReason: 'No report in this release',
  },
  {
    id: 'eid',
    type: 'string',
    label: (context) => context.externalIdLabel,
    width: 150,
    visibleByDefault: true,
    value: (site) => site.eid,
    sortKey: (site) => lower(site.eid),
  },
  {
    id: 'incidentDate',
    type: 'date',
    variant: 'meta',
    label: fixed('Last Incident'),
    width: 140,
    visibleByDefault: false,
    value: (site) => site.i?.r ?? null,
    sortKey: (site) => dateKey(site.i?.r),
    emptyReason: 'No incident data for this site',
  },
  incidentColumn('incidentBlockGroup', 'Incident in Block Group', (i) => i.b),
  incidentColumn('incidentQuarterMile', 'Incident within ¼ Mile', (i) => i.s),
  incidentColumn('incidentThreeMiles', 'Incident within 3 Miles', (i) => i.l),
  {
    id: 'address',
    type: 'formatted',
    label: fixed('Address'),
    width: 280,
    visibleByDefault: false,
    value: formatAddress,
    sortKey: (site) => lower(formatAddress(site)),
  },
  stringColumn('street', 'Street', 200, (site) => site.street, true),
  stringColumn('street2', 'Street 2', 140, (site) => site.street2),
  stringColumn('city', 'City', 150, (site) => site.city, true),
  stringColumn('state', 'State', 90, (site) => site.state, true),
  stringColumn('zipCode', 'Zip / Post Code', 120, (site) => site.zipCode, true),
  {
    id: 'country',
    type: 'enum',
    label: fixed('Country'),
    width: 140,
    visibleByDefault: true,
    value: (site) => site.countryDisplay || site.countryCode,
    sortKey: (site) => (site.countryDisplay || site.countryCode).toLowerCase(),
  },
  {
    id: 'ct',
    type: 'enum',
    label: fixed('Community Type'),
    width: 140,
    visibleByDefault: true,
    value: (site) => COMMUNITY_TYPE_NAMES[site.ct] ?? null,
    sortKey: (site) => site.ct,
  },
  {
    id: 'created',
    type: 'date',
    label: fixed('Created'),
    width: 130,
    visibleByDefault: true,
    value: (site) => site.created,
    sortKey: (site) => dateKey(site.created),
  },
  {
    id: 'coordinates',
    type: 'formatted',
    label: fixed('Coordinates'),
    width: 200,
    visibleByDefault: false,
    value: (site) => `${site.latitude.toFixed(5)}, ${site.longitude.toFixed(5)}`,
    sortKey: (site) => site.latitude,
  },
  { id: 'latitude', type: 'number', label: fixed('Latitude'), width: 120, align: 'right', visibleByDefault: false, decimals: 7, value: (site) => site.latitude, sortKey: (site) => site.latitude },
  { id: 'longitude', type: 'number', label: fixed('Longitude'), width: 120, align: 'right', visibleByDefault: false, decimals: 7, value: (site) => site.longitude, sortKey: (site) => site.longitude },
  {
    id: 'geocodeType',
    type: 'enum',
    label: fixed('Geocode Source'),
    width: 140,
    visibleByDefault: false,
    value: (site) => (site.geocodeType ? (GEOCODE_TYPE_NAMES[site.geocodeType] ?? site.geocodeType) : null),
    sortKey: (site) => lower(site.geocodeType),
  },
  stringColumn('notes', 'Notes', 220, (site) => site.notes),
  { id: 'siteId', type: 'number', label: fixed('Site ID'), width: 100, align: 'right', visibleByDefault: false, grouping: false, value: (site) => site.siteId, sortKey: (site) => site.siteId },
  { id: 'actions', type: 'button', label: fixed('Actions'), width: 136, align: 'center', visibleByDefault: true, actions: ['report', 'edit', 'comments'] },
];

const BY_ID = new Map(SITE_COLUMNS.map((column) => [column.id, column]));

/** The column with this id, or undefined for an id this build no longer has (an old saved setting). */
export function columnById(id: string): SiteColumn | undefined {
  return BY_ID.get(id);
}
