/**
 * Site tags and site-id lists as users type them: tags travel as one string joined
 * with ';'; delete-by-ids takes ids split on commas or whitespace.
 */

import { MAX_ID } from '../schemas/fields';
import type { TSiteTagEditMode } from '../schemas/sites';

/** The separator of tags in one string: tags are sent as one string joined with semicolons. */
export const TAG_SEPARATOR = ';';

/**
 * Tags as a clean list: each trimmed, empties dropped, duplicates dropped ignoring case (the first
 * spelling wins, so 'VIP;vip' keeps 'VIP'). Takes the joined string or a list; a list element that
 * itself holds ';' is split too, so `splitTags(joinTags(x))` always equals `normalizeTags(x)`.
 */
export function splitTags(tags: string | readonly (string | null | undefined)[] | null | undefined): string[] {
  if (!tags) return [];
  const pieces = typeof tags === 'string' ? tags.split(TAG_SEPARATOR) : tags.flatMap((tag) => (tag ? tag.split(TAG_SEPARATOR) : []));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of pieces) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** A tag list cleaned by the rules of {@link splitTags}. */
export function normalizeTags(tags: readonly (string | null | undefined)[] | null | undefined): string[] {
  return splitTags(tags);
}

/** Tags as the one string the create and edit payloads send: cleaned, joined with ';' ('' for none). */
export function joinTags(tags: string | readonly (string | null | undefined)[] | null | undefined): string {
  return splitTags(tags).join(TAG_SEPARATOR);
}

/**
 * A site's tags after a bulk tag edit (POST sites/tags, and the web app's per-site fallback), by
 * the rules of splitTags: add keeps the site's tags first and appends those it lacks (ignoring case,
 * so its own spelling stays); remove drops the given tags ignoring case; replace gives exactly the
 * given tags.
 */
export function tagsAfterEdit(before: readonly string[], tags: readonly string[], mode: TSiteTagEditMode): string[] {
  if (mode === 'replace') return splitTags(tags);
  if (mode === 'add') return splitTags([...before, ...tags]);
  const gone = new Set(splitTags(tags).map((tag) => tag.toLowerCase()));
  return splitTags(before).filter((tag) => !gone.has(tag.toLowerCase()));
}

/** What a typed list of site ids holds: the valid ids (first occurrence order, no repeats) and the bad tokens as typed. */
export interface SiteIdList {
  ids: number[];
  /** Tokens that are not positive whole numbers within the id range, each once, in input order. */
  invalid: string[];
}

/**
 * Parses the delete-by-ids text: ids split on commas or whitespace. A valid token is
 * digits only (leading zeros allowed: '007' is 7) naming an id from 1 to 2,147,483,647; anything
 * else — '12x', '-3', '1.5', '0', '1;2' (a semicolon is not a separator) — is reported in
 * `invalid` so the caller can name it and delete nothing.
 */
export function parseSiteIds(text: string | null | undefined): SiteIdList {
  const ids: number[] = [];
  const invalid: string[] = [];
  const seenIds = new Set<number>();
  const seenInvalid = new Set<string>();
  for (const token of (text ?? '').split(/[\s,]+/)) {
    if (!token) continue;
    const id = /^\d+$/.test(token) ? Number(token) : Number.NaN;
    if (id >= 1 && id <= MAX_ID) {
      if (!seenIds.has(id)) {
        seenIds.add(id);
        ids.push(id);
      }
    } else if (!seenInvalid.has(token)) {
      seenInvalid.add(token);
      invalid.push(token);
    }
  }
  return { ids, invalid };
}

/** How many bad tokens a message names before summarising the rest. */
const NAMED_INVALID_LIMIT = 10;

/**
 * The message for a delete-by-ids request holding bad tokens (this product's own words), e.g.
 * "Nothing was deleted. These are not valid site ids: 'abc', '12x'."
 */
export function invalidSiteIdsMessage(invalid: readonly string[]): string {
  const named = invalid.slice(0, NAMED_INVALID_LIMIT).map((token) => `'${token}'`).join(', ');
  const rest = invalid.length - NAMED_INVALID_LIMIT;
  const more = rest > 0 ? ` and ${rest} more` : '';
  const noun = invalid.length === 1 ? 'This is not a valid site id' : 'These are not valid site ids';
  return `Nothing was deleted. ${noun}: ${named}${more}.`;
}
