import type { TSite } from '@riskatlas/domain';
import type { ColumnContext, SiteColumn } from './columns';

/** The grid's sort: a column and a direction. */
export interface SortState {
  columnId: string;
  direction: 'asc' | 'desc';
}

/**
 * The library opens newest first: sites created within 18 hours (highlighted) lead, and the
 * server's list (ascending site id, which is creation order) needs no sorting at all, only
 * reversing — the first screen of 100,000 sites appears that much sooner.
 */
export const DEFAULT_SORT: SortState = { columnId: 'created', direction: 'desc' };

const NON_ASCII = /[\u0080-\uffff]/;
const MARKS = /\p{M}/gu;
const DIGITS = /\d+/g;

/**
 * A string key that sorts with plain `<` the way people expect: case and accents ignored, and runs
 * of digits compared as numbers ('Store 9' before 'Store 10'). Intl.Collator gives the same order
 * but costs ~7× more over 100,000 rows (366 ms against 54 ms in Node), and the grid re-sorts on
 * every click.
 */
export function naturalKey(text: string): string {
  let key = text.toLowerCase();
  if (NON_ASCII.test(key)) key = key.normalize('NFD').replace(MARKS, '');
  return key.replace(DIGITS, (run) => (run.length >= 15 ? run : run.padStart(15, '0')));
}

/**
 * True when the list is already in the order of its keys, ties in site id order, with no empty key:
 * created dates of a list in site id order (sites imported together share one date), site ids.
 */
function inKeyOrder(sites: readonly TSite[], keys: readonly (string | number | null)[]): boolean {
  if (keys.length > 0 && keys[0] === null) return false;
  for (let i = 1; i < keys.length; i += 1) {
    const previous = keys[i - 1]!;
    const current = keys[i]!;
    if (current === null || previous! > current || (previous === current && sites[i - 1]!.siteId > sites[i]!.siteId)) return false;
  }
  return true;
}

/** A list in key order (inKeyOrder), descending: runs of equal keys reversed as blocks, each still in site id order. */
function reverseRuns(sites: readonly TSite[], keys: readonly (string | number | null)[]): TSite[] {
  const out: TSite[] = [];
  let end = sites.length;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && keys[start - 1] === keys[end - 1]) start -= 1;
    for (let i = start; i < end; i += 1) out.push(sites[i]!);
    end = start;
  }
  return out;
}

/**
 * Sites ordered by a column. Empty values (null) go last in both directions; ties keep site id
 * order so the grid never shuffles between renders. Keys are read once per site, not per comparison.
 */
export function sortSites(sites: readonly TSite[], column: SiteColumn | undefined, direction: SortState['direction'], context: ColumnContext): TSite[] {
  const read = column?.sortKey;
  if (!read) return [...sites];
  const keys = new Array<string | number | null>(sites.length);
  for (let i = 0; i < sites.length; i += 1) {
    const key = read(sites[i]!, context);
    keys[i] = typeof key === 'string' ? naturalKey(key) : key;
  }
  if (inKeyOrder(sites, keys)) return direction === 'asc' ? [...sites] : reverseRuns(sites, keys);
  const sign = direction === 'asc' ? 1 : -1;
  const order = Array.from({ length: sites.length }, (_, i) => i);
  order.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
      return sites[a]!.siteId - sites[b]!.siteId;
    }
    if (ka < kb) return -sign;
    if (ka > kb) return sign;
    return sites[a]!.siteId - sites[b]!.siteId;
  });
  return order.map((i) => sites[i]!);
}

/** The next sort after a click on a header: a new column sorts ascending, the same column flips. */
export function nextSort(current: SortState, columnId: string): SortState {
  if (current.columnId !== columnId) return { columnId, direction: 'asc' };
  return { columnId, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
