/**
 * The client's site-list cache and recently-viewed list. Pure rules plus
 * a small cache over injected parts: the web app supplies the clock, localStorage and a codec that
 * compresses (this package does no I/O and knows no browser API).
 */

/** A site list (one per release year) is reused for under 10 minutes. */
export const SITE_CACHE_TTL_MS = 10 * 60_000;

/** Clearing walks release years down to this one: 2003 is the earliest year cleared. */
export const SITE_CACHE_EARLIEST_YEAR = 2003;

/** Prefix of the storage keys; one key per release year. */
export const SITE_CACHE_KEY_PREFIX = 'riskatlas.sites.';

/** Who a cached list belongs to. The account is part of it: a person acting in another account must not see these sites. */
export interface SiteCacheOwner {
  userId: number;
  accountId?: number | null | undefined;
}

/** When and for whom a cached list was saved. */
export interface SiteCacheStamp extends SiteCacheOwner {
  /** Milliseconds since the epoch. */
  savedAt: number;
}

/** What a cached list is checked against when read. */
export interface SiteCacheContext extends SiteCacheOwner {
  /** Now, in milliseconds since the epoch. */
  now: number;
  /** The account's last data update (account dataLastUpdated: ISO text or milliseconds); unknown → not checked. */
  dataLastUpdated?: string | number | null | undefined;
}

/**
 * True when a cached list may be used: same user (and account), saved under 10 minutes
 * ago, and not older than the account's last data update. A stamp from the future (a clock moved
 * back) is refused: its age cannot be known.
 */
export function isSiteCacheFresh(stamp: SiteCacheStamp, context: SiteCacheContext): boolean {
  if (stamp.userId !== context.userId) return false;
  if ((stamp.accountId ?? null) !== (context.accountId ?? null)) return false;
  const age = context.now - stamp.savedAt;
  if (!(age >= 0 && age < SITE_CACHE_TTL_MS)) return false;
  const updated = toMillis(context.dataLastUpdated);
  return updated === null || stamp.savedAt >= updated;
}

function toMillis(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const millis = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(millis) ? millis : null;
}

/** The storage key of one release year's list. -1 (the current release) has a key of its own. */
export function siteCacheKey(releaseYear: number, prefix: string = SITE_CACHE_KEY_PREFIX): string {
  return `${prefix}${releaseYear}`;
}

/**
 * The release years whose cached lists are cleared when sites change: from `latestYear` down to
 * 2003, then -1 (current release) and 0 (no release chosen).
 */
export function siteCacheYearsToClear(latestYear: number): number[] {
  const years: number[] = [];
  for (let year = Math.trunc(latestYear); year >= SITE_CACHE_EARLIEST_YEAR; year -= 1) years.push(year);
  years.push(-1, 0);
  return years;
}

/** The part of localStorage the cache uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Turns a list into storage text and back; the web app's codec compresses (it may be asynchronous). */
export interface SiteCacheCodec<T> {
  encode(value: T): string | Promise<string>;
  decode(text: string): T | Promise<T>;
}

/** What {@link createSiteCache} is built from. */
export interface SiteCacheOptions<T> {
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now: () => number;
  /** Compressed persistence; without it (or without a codec) the cache lives in memory only. */
  storage?: StorageLike | null | undefined;
  codec?: SiteCacheCodec<T> | null | undefined;
  keyPrefix?: string | undefined;
}

/** The site-list cache: memory first, then storage; every read checks {@link isSiteCacheFresh}. */
export interface SiteCache<T> {
  /** The cached list of a release year from memory only (no decoding), or undefined. */
  peek(releaseYear: number, owner: SiteCacheOwner, dataLastUpdated?: string | number | null): T | undefined;
  /** The cached list from memory, else from storage (decoded, then kept in memory), or undefined. Stale entries are removed. */
  get(releaseYear: number, owner: SiteCacheOwner, dataLastUpdated?: string | number | null): Promise<T | undefined>;
  /** Keeps a freshly loaded list in memory and in storage (a full storage is tolerated: memory still holds it). */
  set(releaseYear: number, owner: SiteCacheOwner, value: T): Promise<void>;
  /** Forgets every list: memory, and storage for `latestYear` down to 2003 (default: next calendar year). */
  clear(latestYear?: number): void;
}

/** Storage text: "v1;{userId};{accountId};{savedAt};" then the codec's text, so a stale entry is refused before decoding. */
const STORAGE_VERSION = 'v1';

function writeEnvelope(stamp: SiteCacheStamp, payload: string): string {
  return `${STORAGE_VERSION};${stamp.userId};${stamp.accountId ?? ''};${stamp.savedAt};${payload}`;
}

function readEnvelope(text: string): { stamp: SiteCacheStamp; payload: string } | null {
  const parts: string[] = [];
  let start = 0;
  for (let index = 0; index < 4; index += 1) {
    const end = text.indexOf(';', start);
    if (end < 0) return null;
    parts.push(text.slice(start, end));
    start = end + 1;
  }
  const [version, user, account, saved] = parts;
  if (version !== STORAGE_VERSION) return null;
  const userId = Number(user);
  const savedAt = Number(saved);
  const accountId = account === '' ? null : Number(account);
  if (!Number.isFinite(userId) || !Number.isFinite(savedAt) || (accountId !== null && !Number.isFinite(accountId))) return null;
  return { stamp: { userId, accountId, savedAt }, payload: text.slice(start) };
}

/**
 * Builds the site-list cache over injected parts. Storage failures (quota, private
 * mode, a corrupt entry) never throw: the cache then behaves as a miss and drops the entry.
 */
export function createSiteCache<T>(options: SiteCacheOptions<T>): SiteCache<T> {
  const memory = new Map<number, { stamp: SiteCacheStamp; value: T }>();
  const prefix = options.keyPrefix ?? SITE_CACHE_KEY_PREFIX;
  const persistent = options.storage && options.codec ? { storage: options.storage, codec: options.codec } : null;

  const context = (owner: SiteCacheOwner, dataLastUpdated: string | number | null | undefined): SiteCacheContext => ({
    userId: owner.userId,
    accountId: owner.accountId,
    now: options.now(),
    dataLastUpdated,
  });

  const remove = (releaseYear: number): void => {
    memory.delete(releaseYear);
    try {
      persistent?.storage.removeItem(siteCacheKey(releaseYear, prefix));
    } catch {
      // A storage that cannot remove cannot hold anything either.
    }
  };

  const peek: SiteCache<T>['peek'] = (releaseYear, owner, dataLastUpdated) => {
    const entry = memory.get(releaseYear);
    if (!entry) return undefined;
    if (isSiteCacheFresh(entry.stamp, context(owner, dataLastUpdated))) return entry.value;
    memory.delete(releaseYear);
    return undefined;
  };

  return {
    peek,
    async get(releaseYear, owner, dataLastUpdated) {
      const fromMemory = peek(releaseYear, owner, dataLastUpdated);
      if (fromMemory !== undefined || !persistent) return fromMemory;
      let text: string | null;
      try {
        text = persistent.storage.getItem(siteCacheKey(releaseYear, prefix));
      } catch {
        return undefined;
      }
      if (text === null) return undefined;
      const envelope = readEnvelope(text);
      if (!envelope || !isSiteCacheFresh(envelope.stamp, context(owner, dataLastUpdated))) {
        remove(releaseYear);
        return undefined;
      }
      try {
        const value = await persistent.codec.decode(envelope.payload);
        memory.set(releaseYear, { stamp: envelope.stamp, value });
        return value;
      } catch {
        remove(releaseYear);
        return undefined;
      }
    },
    async set(releaseYear, owner, value) {
      const stamp: SiteCacheStamp = { userId: owner.userId, accountId: owner.accountId ?? null, savedAt: options.now() };
      memory.set(releaseYear, { stamp, value });
      if (!persistent) return;
      const key = siteCacheKey(releaseYear, prefix);
      try {
        persistent.storage.setItem(key, writeEnvelope(stamp, await persistent.codec.encode(value)));
      } catch {
        // Quota exceeded or encoding failed: an older entry under this key would now be wrong.
        try {
          persistent.storage.removeItem(key);
        } catch {
          // Nothing more to do: memory still holds the list.
        }
      }
    },
    clear(latestYear) {
      memory.clear();
      const last = latestYear ?? new Date(options.now()).getUTCFullYear() + 1;
      for (const year of siteCacheYearsToClear(last)) remove(year);
    },
  };
}

/** At most this many recently viewed sites are kept. */
export const RECENTLY_VIEWED_LIMIT = 20;

function isSiteId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/**
 * The recently viewed list after viewing `siteId`: the site moves to the front, no
 * repeats, at most 20. Id 0, null, anything not a positive whole number, and any view while
 * tracking is disabled leave the list as it was — the SAME array is returned, so a caller can
 * skip saving the preference when `result === list`.
 */
export function addRecentlyViewed(
  list: readonly number[],
  siteId: number | null | undefined,
  options: { enabled?: boolean | undefined } = {},
): readonly number[] {
  if (options.enabled === false || !isSiteId(siteId)) return list;
  if (list[0] === siteId) return list;
  const next = [siteId];
  for (const id of list) {
    if (next.length >= RECENTLY_VIEWED_LIMIT) break;
    if (id !== siteId && isSiteId(id)) next.push(id);
  }
  return next;
}

/**
 * A stored recently viewed value made valid: ids only (0, null and other junk dropped), first
 * occurrence kept, at most 20. Anything that is not a list gives an empty list.
 */
export function normalizeRecentlyViewed(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  const out: number[] = [];
  for (const id of value) {
    if (out.length >= RECENTLY_VIEWED_LIMIT) break;
    if (isSiteId(id) && !seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  }
  return out;
}

/** The recently viewed list without deleted sites; the same array when none of them was in it. */
export function removeRecentlyViewed(list: readonly number[], siteIds: Iterable<number>): readonly number[] {
  const gone = new Set(siteIds);
  return list.some((id) => gone.has(id)) ? list.filter((id) => !gone.has(id)) : list;
}

/**
 * Bytes as base64 text, for keeping compressed bytes in localStorage (which holds strings only).
 * Written out here because `btoa` is not in the domain package's type library.
 */
export function bytesToBase64(bytes: Uint8Array): string {
  const chunks: string[] = [];
  let chunk = '';
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const triple = (bytes[index]! << 16) | (bytes[index + 1]! << 8) | bytes[index + 2]!;
    chunk += BASE64[(triple >> 18) & 63]! + BASE64[(triple >> 12) & 63]! + BASE64[(triple >> 6) & 63]! + BASE64[triple & 63]!;
    // Bounded pieces keep the string concatenation from building one huge rope.
    if (chunk.length >= 8192) {
      chunks.push(chunk);
      chunk = '';
    }
  }
  const rest = bytes.length - index;
  if (rest === 1) {
    const value = bytes[index]! << 16;
    chunk += `${BASE64[(value >> 18) & 63]!}${BASE64[(value >> 12) & 63]!}==`;
  } else if (rest === 2) {
    const value = (bytes[index]! << 16) | (bytes[index + 1]! << 8);
    chunk += `${BASE64[(value >> 18) & 63]!}${BASE64[(value >> 12) & 63]!}${BASE64[(value >> 6) & 63]!}=`;
  }
  chunks.push(chunk);
  return chunks.join('');
}

/** Base64 text (standard alphabet, padding optional) back to bytes; throws on a character outside it. */
export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (let index = 0; index < clean.length; index += 1) {
    const value = BASE64_INDEX[clean.charCodeAt(index)] ?? -1;
    if (value < 0) throw new Error(`Invalid base64 character at ${index}.`);
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (buffer >> bits) & 0xff;
    }
  }
  return out;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_INDEX: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let index = 0; index < BASE64.length; index += 1) table[BASE64.charCodeAt(index)] = index;
  return table;
})();
