import { compileSiteSearch, parseSiteSearch, type SearchableSite, type SiteSearchOptions, type SiteSearchQuery } from './search';

/**
 * A pre-filter for the site search over a large list (the Sites page: 100,000 sites in under
 * 100 ms). The search predicate (search.ts) decides every match; this only skips, cheaply, the
 * sites that cannot match, so the predicate runs on few.
 *
 * Each site gets one lower-cased text holding ALL its top-level texts and list items (name,
 * address, tags, notes, external id, …, whatever the site carries), separated by a control
 * character. A word or "phrase" the search needs in some text of the site (or a field:value that
 * needs text in one field) must then appear in that one text: for needles of printable ASCII the
 * domain's case-insensitive match implies it — its RegExp `i` flag folds ASCII letters only with
 * ASCII letters, which lower-casing maps alike, and a match lies inside one field. Because the
 * text holds every field, a field the search starts reading later is covered too. Needles with
 * other characters, a leading OR, #tags, @classes, ranges and null get no pre-filter.
 * Building the texts of a list is the caller's (the page builds them in idle time).
 */

/** The texts of one site list, in its order (texts[i] belongs to list[i]). */
export interface SiteTextIndex<S extends SearchableSite = SearchableSite> {
  list: readonly S[];
  texts: readonly string[];
}

const SEPARATOR = '\u0001';
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** The fields whose field:value terms match by "contains" on the site's texts (fieldTermMatcher). */
const CONTAINS_FIELDS: ReadonlySet<string> = new Set(['searchText', 'name', 'notes', 'city', 'state', 'zipCode', 'eid', 'street', 'tags']);

/** One site's searchable text: every top-level string and string list item, lower-cased. */
export function siteText(site: SearchableSite): string {
  let text = '';
  for (const value of Object.values(site)) {
    if (typeof value === 'string') text += value + SEPARATOR;
    else if (Array.isArray(value)) for (const item of value as unknown[]) if (typeof item === 'string') text += item + SEPARATOR;
  }
  return text.toLowerCase();
}

/**
 * What every match of the query must contain: a list of terms, each a list of needles of which
 * at least one must appear. Empty when the pre-filter cannot help.
 */
export function requiredNeedles(query: SiteSearchQuery): string[][] {
  if (query.any) return [];
  const required: string[][] = [];
  for (const term of query.terms) {
    if (term.kind === 'text') {
      if (PRINTABLE_ASCII.test(term.text)) required.push([term.text.toLowerCase()]);
    } else if (term.kind === 'field' && CONTAINS_FIELDS.has(term.field) && term.values.length > 0) {
      const texts = term.values.map((value) => (value.type === 'text' && PRINTABLE_ASCII.test(value.text) ? value.text.toLowerCase() : null));
      if (texts.every((text) => text !== null)) required.push(texts as string[]);
    }
  }
  return required;
}

/**
 * The predicate of a search text over `list` (packages/domain's), behind the pre-filter when the
 * index is of that list and the search has needles. It takes the site and its position in `list`,
 * as Array.prototype.filter passes them: the texts are found by position, since looking each site
 * up in a map cost about as much as the search itself.
 */
export function siteSearchFilter<S extends SearchableSite>(
  text: string,
  options: SiteSearchOptions,
  list: readonly S[],
  index: SiteTextIndex<S> | null,
): (site: S, position: number) => boolean {
  const query = parseSiteSearch(text, options);
  const matches = compileSiteSearch(query, options);
  const needles = index && index.list === list ? requiredNeedles(query) : [];
  if (!index || needles.length === 0) return (site) => matches(site);
  const { texts } = index;
  return (site, position) => {
    const haystack = texts[position]!;
    for (const alternatives of needles) {
      let found = false;
      for (const needle of alternatives) {
        if (haystack.includes(needle)) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
    return matches(site);
  };
}
