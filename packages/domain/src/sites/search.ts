/**
 * The site search of the Sites page and site filters (the search text and the site filter
 * fields): a parser to a query object, and a compiled predicate fast enough for 100,000 sites in
 * the browser (no allocation per site, needles made once).
 *
 * Syntax:
 * - words: each must appear (case-insensitive, anywhere) in one of the site's texts: name, notes,
 *   tags, street, street2, city, state, ZIP, external id, country, classification view.
 * - "quoted phrase": the phrase must appear as typed (spaces included). An unclosed quote runs to
 *   the end of the text. Typographic quotes count as quotes.
 * - field:value for every site filter field — searchText, name, tags, notes, ct, street, city,
 *   state, zipCode, eid, classes, lrr, hasReport, scoreRange{methodologyTypeID} (scoreRange2:…) —
 *   and country.
 *   Field names ignore case; eid is also reachable by the account's externalIDName (letters and
 *   digits only: 'Store Number' → storenumber:12) and a few plain aliases (zip, externalid…).
 *   The value uses the column search syntax (column-search.ts): ';' alternatives, "quoted",
 *   null, ranges a-b and comparisons. A field with an empty value (city:) is ignored: the user is
 *   still typing. An unknown field (foo:bar, 10:30) is an ordinary word.
 * - #tag: the site has that tag (whole tag, any case). @class: the site has that classification
 *   (its id, or its name when the classifications are given, else its classification view
 *   contains the text). To find a literal '#12' in a name, quote it: "#12".
 * - A leading 'OR ' (capitals, then a space and more) makes ANY term enough instead of all.
 *   'or ' in lower case is an ordinary word, so is 'OR' alone. OR elsewhere is a word.
 * - Tag modes (1 all, the default; 2 any; 3 no tags): from the filter's settings
 *   (options.tagMode) or typed as tagmode:all|any|none (or 1|2|3). With "any", the #tags match
 *   when the site has at least one of them; with "none", the site must have no tags at all and
 *   #tags are ignored.
 * - country: a covered country by name or code, any case (country:mexico, country:MX,
 *   country:"united states", country:uk; the names and codes of countries.ts), else the text of
 *   the country's name or code (country:united).
 * - hasReport: the site has a latest report (l is set). scoreRange: -1 means "no score".
 *   lrr: dates as in the column search (lrr:2024, lrr:>=2024-03-01, lrr:null).
 */
import {
  compileColumnSearch,
  containsMatcher,
  equalsMatcher,
  inRange,
  normalizeQuotes,
  numericValue,
  parseColumnSearch,
  type ColumnSearchTerm,
  type TextMatcher,
  type ValueMatcher,
} from './column-search';
import { countryCodeOf, parseCountryCode } from '../countries';
import type { TSite } from '../schemas/sites';
import type { PackedSite } from './packed-sites';

/** The site filter fields. */
export const SITE_SEARCH_FIELDS = [
  'searchText',
  'name',
  'tags',
  'notes',
  'ct',
  'street',
  'city',
  'state',
  'zipCode',
  'eid',
  'classes',
  'lrr',
  'hasReport',
  'scoreRange',
  'country',
] as const;
export type SiteSearchField = (typeof SITE_SEARCH_FIELDS)[number];

/** Tag modes: 1 all tags (default), 2 any tag, 3 no tags. */
export const TagMode = { All: 1, Any: 2, None: 3 } as const;
export type TagMode = (typeof TagMode)[keyof typeof TagMode];

/** One term of a parsed search. */
export type SiteSearchTerm =
  /** A word or "phrase": contained in one of the site's texts. */
  | { kind: 'text'; text: string; quoted: boolean }
  /** field:value; `methodologyTypeId` only for scoreRange. */
  | { kind: 'field'; field: SiteSearchField; values: ColumnSearchTerm[]; methodologyTypeId?: number }
  /** #tag */
  | { kind: 'tag'; tag: string }
  /** @class */
  | { kind: 'class'; value: string };

/** A parsed search: its terms, whether any term is enough, and the tag mode. */
export interface SiteSearchQuery {
  any: boolean;
  tagMode: TagMode;
  terms: SiteSearchTerm[];
}

/** What the parser and the predicate may know about the account and the page. */
export interface SiteSearchOptions {
  /** The account's label of the external id (externalIDName), accepted as a field name for eid. */
  externalIdName?: string | null | undefined;
  /** The tag mode of the filter's settings; a typed tagmode: wins. */
  tagMode?: TagMode | undefined;
  /** Classifications, to find @Name by name. */
  classifications?: readonly { id: number; name: string }[] | undefined;
  /** The methodology of scoreRange without an id (the page's methodology; default 2). */
  methodologyTypeId?: number | undefined;
}

/** The site fields the search reads: a JSON list item or a packed site both fit. */
export type SearchableSite = Pick<
  PackedSite,
  'siteName' | 'notes' | 'street' | 'street2' | 'city' | 'state' | 'zipCode' | 'countryCode' | 'countryDisplay' | 'eid' | 'ct' | 'lrr' | 'classificationView'
> & {
  tags: readonly string[] | null;
  classes: readonly number[] | null;
  s: Readonly<Record<string, number | null | undefined>> | null;
  l: unknown;
};

// Compile-time check: JSON list items and packed sites are both searchable.
const _sitesAreSearchable = (json: TSite, packed: PackedSite): SearchableSite[] => [json, packed];

const FIELD_ALIASES: Readonly<Record<string, SiteSearchField | 'tagMode'>> = {
  searchtext: 'searchText',
  text: 'searchText',
  name: 'name',
  sitename: 'name',
  tags: 'tags',
  tag: 'tags',
  notes: 'notes',
  note: 'notes',
  ct: 'ct',
  communitytype: 'ct',
  street: 'street',
  address: 'street',
  city: 'city',
  state: 'state',
  zipcode: 'zipCode',
  zip: 'zipCode',
  postcode: 'zipCode',
  postalcode: 'zipCode',
  eid: 'eid',
  externalid: 'eid',
  classes: 'classes',
  class: 'classes',
  classification: 'classes',
  classifications: 'classes',
  lrr: 'lrr',
  lastreportran: 'lrr',
  hasreport: 'hasReport',
  scorerange: 'scoreRange',
  tagmode: 'tagMode',
  country: 'country',
  countrycode: 'country',
};

/** A field name as compared: lower case, letters and digits only. */
function fieldKey(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

const SCORE_RANGE_FIELD = /^scorerange\{?(\d+)\}?$/i;

function resolveField(name: string, options: SiteSearchOptions): { field: SiteSearchField | 'tagMode'; methodologyTypeId?: number } | null {
  const scoreRange = SCORE_RANGE_FIELD.exec(name);
  if (scoreRange) return { field: 'scoreRange', methodologyTypeId: Number(scoreRange[1]) };
  const key = fieldKey(name);
  if (!key) return null;
  const field = FIELD_ALIASES[key];
  if (field === 'scoreRange') return { field, methodologyTypeId: options.methodologyTypeId ?? 2 };
  if (field) return { field };
  if (options.externalIdName && fieldKey(options.externalIdName) === key) return { field: 'eid' };
  return null;
}

function parseTagMode(value: string): TagMode | null {
  const key = value.trim().toLowerCase();
  if (key === '1' || key === 'all') return TagMode.All;
  if (key === '2' || key === 'any') return TagMode.Any;
  if (key === '3' || key === 'none' || key === 'notags') return TagMode.None;
  return null;
}

/** The tokens of a search text: runs of non-space characters, where quotes may hold spaces. */
function tokens(text: string): { token: string; phrase: boolean }[] {
  const out: { token: string; phrase: boolean }[] = [];
  let index = 0;
  while (index < text.length) {
    if (/\s/.test(text[index]!)) {
      index += 1;
      continue;
    }
    if (text[index] === '"') {
      const end = text.indexOf('"', index + 1);
      const stop = end < 0 ? text.length : end;
      out.push({ token: text.slice(index + 1, stop), phrase: true });
      index = stop + 1;
      continue;
    }
    const start = index;
    let quoted = false;
    while (index < text.length && (quoted || !/\s/.test(text[index]!))) {
      if (text[index] === '"') quoted = !quoted;
      index += 1;
    }
    out.push({ token: text.slice(start, index), phrase: false });
  }
  return out;
}

/** The index of the first ':' outside quotes, or -1. */
function fieldSeparator(token: string): number {
  let quoted = false;
  for (let index = 0; index < token.length; index += 1) {
    if (token[index] === '"') quoted = !quoted;
    else if (token[index] === ':' && !quoted) return index;
  }
  return -1;
}

const unquote = (text: string): string => text.replace(/"/g, '');

/** Parses a search text (see the syntax at the top of this file). Never throws. */
export function parseSiteSearch(text: string | null | undefined, options: SiteSearchOptions = {}): SiteSearchQuery {
  let rest = normalizeQuotes(text ?? '').trim();
  let any = false;
  const orPrefix = /^OR\s+(?=\S)/.exec(rest);
  if (orPrefix) {
    any = true;
    rest = rest.slice(orPrefix[0].length);
  }
  let tagMode: TagMode = options.tagMode ?? TagMode.All;
  const terms: SiteSearchTerm[] = [];
  for (const { token, phrase } of tokens(rest)) {
    if (phrase) {
      if (token.trim()) terms.push({ kind: 'text', text: token, quoted: true });
      continue;
    }
    if (token.startsWith('#') || token.startsWith('@')) {
      const value = unquote(token.slice(1)).trim();
      if (value) terms.push(token[0] === '#' ? { kind: 'tag', tag: value } : { kind: 'class', value });
      continue;
    }
    const colon = fieldSeparator(token);
    const resolved = colon > 0 ? resolveField(unquote(token.slice(0, colon)), options) : null;
    if (resolved) {
      const value = token.slice(colon + 1);
      if (resolved.field === 'tagMode') {
        tagMode = parseTagMode(unquote(value)) ?? tagMode;
        continue;
      }
      const values = parseColumnSearch(value);
      if (values.length > 0) {
        terms.push(resolved.methodologyTypeId === undefined
          ? { kind: 'field', field: resolved.field, values }
          : { kind: 'field', field: resolved.field, values, methodologyTypeId: resolved.methodologyTypeId });
      }
      continue;
    }
    const word = unquote(token);
    if (word) terms.push({ kind: 'text', text: word, quoted: false });
  }
  return { any, tagMode, terms };
}

// ---------------------------------------------------------------------------------------------
// Compiling

/** A compiled test of one site. */
export type SitePredicate = (site: SearchableSite) => boolean;

const has = (value: string | null | undefined, match: TextMatcher): boolean =>
  value !== null && value !== undefined && value !== '' && match(value);

function tagsHave(tags: readonly string[] | null, match: TextMatcher): boolean {
  if (tags === null) return false;
  for (let index = 0; index < tags.length; index += 1) if (match(tags[index]!)) return true;
  return false;
}

/** A needle in any of the site's texts. */
function anyText(match: TextMatcher): SitePredicate {
  return (site) =>
    has(site.siteName, match) ||
    has(site.street, match) ||
    has(site.city, match) ||
    tagsHave(site.tags, match) ||
    has(site.zipCode, match) ||
    has(site.eid, match) ||
    has(site.state, match) ||
    has(site.notes, match) ||
    has(site.street2, match) ||
    has(site.classificationView, match) ||
    has(site.countryDisplay, match) ||
    has(site.countryCode, match);
}

const allTextsEmpty: SitePredicate = (site) =>
  !site.siteName && !site.street && !site.city && !(site.tags && site.tags.length > 0) && !site.zipCode && !site.eid &&
  !site.state && !site.notes && !site.street2 && !site.classificationView && !site.countryDisplay && !site.countryCode;

/** The text term of `term` for a string value: contains, or numerically in range. */
function textValueMatcher(term: ColumnSearchTerm): TextMatcher {
  const contains = containsMatcher(term.text);
  if (term.type !== 'range') return contains;
  return (value) => contains(value) || inRange(term, numericValue(value));
}

function either(predicates: SitePredicate[]): SitePredicate {
  if (predicates.length === 1) return predicates[0]!;
  return (site) => {
    for (let index = 0; index < predicates.length; index += 1) if (predicates[index]!(site)) return true;
    return false;
  };
}

function all(predicates: SitePredicate[]): SitePredicate {
  if (predicates.length === 0) return () => true;
  if (predicates.length === 1) return predicates[0]!;
  return (site) => {
    for (let index = 0; index < predicates.length; index += 1) if (!predicates[index]!(site)) return false;
    return true;
  };
}

const TEXT_FIELDS: Partial<Record<SiteSearchField, (site: SearchableSite) => string | null | undefined>> = {
  name: (site) => site.siteName,
  notes: (site) => site.notes,
  city: (site) => site.city,
  state: (site) => site.state,
  zipCode: (site) => site.zipCode,
  eid: (site) => site.eid,
};

const COMMUNITY_TYPES: Readonly<Record<string, number>> = { rural: 0, suburban: 1, urban: 2, unknown: 3 };

/** The classification ids a @value or classes: text names, or null when it names none. */
function classIds(text: string, options: SiteSearchOptions): number[] | null {
  if (/^\d+$/.test(text)) return [Number(text)];
  const wanted = text.trim().toLowerCase();
  const ids = (options.classifications ?? []).filter((item) => item.name.trim().toLowerCase() === wanted).map((item) => item.id);
  return ids.length > 0 ? ids : null;
}

function classMatcher(term: ColumnSearchTerm, options: SiteSearchOptions): SitePredicate {
  if (term.type === 'null') return (site) => !site.classes || site.classes.length === 0;
  if (term.type === 'range' && term.min !== term.max) {
    return (site) => {
      if (!site.classes) return false;
      for (const id of site.classes) if (inRange(term, id)) return true;
      return false;
    };
  }
  const ids = classIds(term.text, options);
  if (ids) {
    return (site) => {
      if (!site.classes) return false;
      for (const id of site.classes) if (ids.includes(id)) return true;
      return false;
    };
  }
  const contains = containsMatcher(term.text);
  return (site) => has(site.classificationView, contains);
}

function fieldTermMatcher(term: Extract<SiteSearchTerm, { kind: 'field' }>, value: ColumnSearchTerm, options: SiteSearchOptions): SitePredicate {
  const { field } = term;
  if (field === 'classes') return classMatcher(value, options);
  if (field === 'hasReport') {
    const key = value.text.trim().toLowerCase();
    const wanted = ['1', 'true', 'yes', 'y'].includes(key) ? true : ['0', 'false', 'no', 'n', 'null'].includes(key) ? false : null;
    if (wanted === null) return () => false;
    return (site) => (site.l !== null && site.l !== undefined) === wanted;
  }
  if (field === 'ct') {
    const named = value.type === 'text' ? COMMUNITY_TYPES[value.text.trim().toLowerCase()] : undefined;
    if (named !== undefined) return (site) => site.ct === named;
    const matches = compileColumnSearch([value], 'number');
    return (site) => matches(site.ct);
  }
  if (field === 'lrr') {
    const matches = compileColumnSearch([value], 'date');
    return (site) => matches(site.lrr);
  }
  if (field === 'scoreRange') {
    const key = String(term.methodologyTypeId ?? options.methodologyTypeId ?? 2);
    const none = value.type === 'null' || (value.type === 'range' && inRange(value, -1));
    const matches: ValueMatcher = value.type === 'null' ? () => false : compileColumnSearch([value], 'number');
    return (site) => {
      const score = site.s ? site.s[key] : undefined;
      return score === null || score === undefined ? none : matches(score);
    };
  }
  if (field === 'tags') {
    if (value.type === 'null') return (site) => !site.tags || site.tags.length === 0;
    const match = textValueMatcher(value);
    return (site) => tagsHave(site.tags, match);
  }
  if (field === 'street') {
    if (value.type === 'null') return (site) => !site.street && !site.street2;
    const match = textValueMatcher(value);
    return (site) => has(site.street, match) || has(site.street2, match);
  }
  if (field === 'country') {
    if (value.type === 'null') return (site) => !site.countryCode;
    const countryId = parseCountryCode(value.text);
    if (countryId !== undefined) {
      const code = countryCodeOf(countryId);
      return (site) => site.countryCode === code;
    }
    const match = containsMatcher(value.text);
    return (site) => has(site.countryDisplay, match) || has(site.countryCode, match);
  }
  if (field === 'searchText') return value.type === 'null' ? allTextsEmpty : anyText(textValueMatcher(value));
  const read = TEXT_FIELDS[field]!;
  if (value.type === 'null') return (site) => !read(site);
  const match = textValueMatcher(value);
  return (site) => has(read(site), match);
}

function termMatcher(term: SiteSearchTerm, options: SiteSearchOptions): SitePredicate {
  switch (term.kind) {
    case 'text':
      return anyText(containsMatcher(term.text));
    case 'tag': {
      const match = equalsMatcher(term.tag);
      return (site) => tagsHave(site.tags, match);
    }
    case 'class':
      return classMatcher({ type: 'text', text: term.value, quoted: false }, options);
    case 'field':
      return either(term.values.map((value) => fieldTermMatcher(term, value, options)));
  }
}

/**
 * Compiles a parsed search into `(site) => boolean`. Every needle, pattern and id list is made
 * here, once; the predicate allocates nothing per site. An empty search matches every site.
 */
export function compileSiteSearch(query: SiteSearchQuery, options: SiteSearchOptions = {}): SitePredicate {
  const predicates: SitePredicate[] = [];
  const tagTerms: Extract<SiteSearchTerm, { kind: 'tag' }>[] = [];
  for (const term of query.terms) {
    if (term.kind === 'tag') tagTerms.push(term);
    else predicates.push(termMatcher(term, options));
  }
  if (query.tagMode === TagMode.None) predicates.push((site) => !site.tags || site.tags.length === 0);
  else if (query.tagMode === TagMode.Any && tagTerms.length > 0) predicates.push(either(tagTerms.map((term) => termMatcher(term, options))));
  else for (const term of tagTerms) predicates.push(termMatcher(term, options));
  return query.any && predicates.length > 0 ? either(predicates) : all(predicates);
}

/** Parses and compiles in one step: the predicate of a search text. */
export function siteSearchPredicate(text: string | null | undefined, options: SiteSearchOptions = {}): SitePredicate {
  return compileSiteSearch(parseSiteSearch(text, options), options);
}
