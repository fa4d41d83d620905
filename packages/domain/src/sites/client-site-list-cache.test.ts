import { describe, expect, it } from 'vitest';
import { ZRecentlyViewedSites } from '../schemas/prefs';
import {
  addRecentlyViewed,
  base64ToBytes,
  bytesToBase64,
  createSiteCache,
  isSiteCacheFresh,
  normalizeRecentlyViewed,
  RECENTLY_VIEWED_LIMIT,
  removeRecentlyViewed,
  SITE_CACHE_TTL_MS,
  siteCacheKey,
  siteCacheYearsToClear,
  type SiteCacheCodec,
  type StorageLike,
} from './client-site-list-cache';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

describe('site cache freshness', () => {
  const stamp = { userId: 7, accountId: 3, savedAt: T0 };
  const context = { userId: 7, accountId: 3, now: T0 };

  it('is fresh for under 10 minutes and stale at exactly 10', () => {
    expect(isSiteCacheFresh(stamp, context)).toBe(true);
    expect(isSiteCacheFresh(stamp, { ...context, now: T0 + SITE_CACHE_TTL_MS - 1 })).toBe(true);
    expect(isSiteCacheFresh(stamp, { ...context, now: T0 + SITE_CACHE_TTL_MS })).toBe(false);
  });

  it('is refused for another user or another account', () => {
    expect(isSiteCacheFresh(stamp, { ...context, userId: 8 })).toBe(false);
    expect(isSiteCacheFresh(stamp, { ...context, accountId: 4 })).toBe(false);
    expect(isSiteCacheFresh({ userId: 7, savedAt: T0 }, { userId: 7, now: T0 })).toBe(true);
  });

  it('is refused when older than the account data update, accepted when saved at or after it', () => {
    expect(isSiteCacheFresh(stamp, { ...context, now: T0 + 1000, dataLastUpdated: new Date(T0 + 1).toISOString() })).toBe(false);
    expect(isSiteCacheFresh(stamp, { ...context, now: T0 + 1000, dataLastUpdated: new Date(T0).toISOString() })).toBe(true);
    expect(isSiteCacheFresh(stamp, { ...context, now: T0 + 1000, dataLastUpdated: T0 - 5 })).toBe(true);
    expect(isSiteCacheFresh(stamp, { ...context, dataLastUpdated: 'not a date' })).toBe(true);
  });

  it('is refused when saved in the future (the clock moved back)', () => {
    expect(isSiteCacheFresh(stamp, { ...context, now: T0 - 1 })).toBe(false);
  });

  it('clears years down to 2003, then the current-release and no-release keys', () => {
    const years = siteCacheYearsToClear(2026);
    expect(years[0]).toBe(2026);
    expect(years.at(-3)).toBe(2003);
    expect(years.slice(-2)).toEqual([-1, 0]);
    expect(years).toHaveLength(2026 - 2003 + 1 + 2);
    expect(siteCacheKey(2024)).toBe('riskatlas.sites.2024');
    expect(siteCacheKey(-1, 'x.')).toBe('x.-1');
  });
});

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  failWrites = false;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failWrites) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** An asynchronous codec like the web app's (compression streams are asynchronous). */
const jsonCodec: SiteCacheCodec<number[]> = {
  encode: async (value) => JSON.stringify(value),
  decode: async (text) => JSON.parse(text) as number[],
};

function setup() {
  let now = T0;
  const storage = new MemoryStorage();
  const clock = { advance: (ms: number) => (now += ms) };
  const cache = createSiteCache({ now: () => now, storage, codec: jsonCodec });
  return { storage, clock, cache };
}

describe('site cache over memory and storage', () => {
  const owner = { userId: 7, accountId: 3 };

  it('keeps a list per release year in memory and in storage', async () => {
    const { storage, cache } = setup();
    await cache.set(2024, owner, [1, 2]);
    await cache.set(-1, owner, [3]);
    expect(cache.peek(2024, owner)).toEqual([1, 2]);
    expect(await cache.get(-1, owner)).toEqual([3]);
    expect(await cache.get(2023, owner)).toBeUndefined();
    expect(storage.items.get('riskatlas.sites.2024')).toBe('v1;7;3;' + T0 + ';[1,2]');
  });

  it('reads storage when memory is empty (a reload), then serves from memory', async () => {
    const { storage, cache } = setup();
    await cache.set(2024, owner, [1, 2]);
    const reloaded = createSiteCache({ now: () => T0 + 60_000, storage, codec: jsonCodec });
    expect(reloaded.peek(2024, owner)).toBeUndefined();
    expect(await reloaded.get(2024, owner)).toEqual([1, 2]);
    expect(reloaded.peek(2024, owner)).toEqual([1, 2]);
  });

  it('drops lists that are 10 minutes old, from memory and storage', async () => {
    const { storage, clock, cache } = setup();
    await cache.set(2024, owner, [1]);
    clock.advance(SITE_CACHE_TTL_MS);
    expect(await cache.get(2024, owner)).toBeUndefined();
    expect(storage.items.size).toBe(0);
  });

  it('never gives one user the list of another and drops it', async () => {
    const { storage, cache } = setup();
    await cache.set(2024, owner, [1]);
    const other = createSiteCache({ now: () => T0, storage, codec: jsonCodec });
    expect(await other.get(2024, { userId: 8, accountId: 3 })).toBeUndefined();
    expect(storage.items.has('riskatlas.sites.2024')).toBe(false);
  });

  it('refuses a list older than the account last data update', async () => {
    const { clock, cache } = setup();
    await cache.set(2024, owner, [1]);
    clock.advance(1000);
    expect(await cache.get(2024, owner, T0 + 500)).toBeUndefined();
  });

  it('clears memory and every stored year when sites change, leaving other keys alone', async () => {
    const { storage, cache } = setup();
    await cache.set(2003, owner, [1]);
    await cache.set(2026, owner, [2]);
    await cache.set(-1, owner, [3]);
    storage.items.set('riskatlas.sites.2002', 'kept: before the earliest cleared year');
    storage.items.set('other', 'x');
    cache.clear();
    expect(cache.peek(2026, owner)).toBeUndefined();
    expect([...storage.items.keys()].sort()).toEqual(['other', 'riskatlas.sites.2002']);
  });

  it('keeps working in memory when storage is full, and removes the outdated stored entry', async () => {
    const { storage, cache } = setup();
    await cache.set(2024, owner, [1]);
    storage.failWrites = true;
    await cache.set(2024, owner, [9]);
    expect(cache.peek(2024, owner)).toEqual([9]);
    expect(storage.items.has('riskatlas.sites.2024')).toBe(false);
  });

  it('treats a corrupt stored entry as a miss and removes it', async () => {
    const { storage, cache } = setup();
    storage.items.set('riskatlas.sites.2024', 'garbage');
    storage.items.set('riskatlas.sites.2025', `v1;7;3;${T0};{not json`);
    expect(await cache.get(2024, owner)).toBeUndefined();
    expect(await cache.get(2025, owner)).toBeUndefined();
    expect(storage.items.size).toBe(0);
  });

  it('works in memory only without storage', async () => {
    const cache = createSiteCache<number[]>({ now: () => T0 });
    await cache.set(2024, owner, [1]);
    expect(await cache.get(2024, owner)).toEqual([1]);
  });
});

describe('recently viewed', () => {
  it('puts the newest first without repeats', () => {
    let list: readonly number[] = [];
    for (const id of [1, 2, 3, 2]) list = addRecentlyViewed(list, id);
    expect(list).toEqual([2, 3, 1]);
  });

  it('keeps at most 20', () => {
    let list: readonly number[] = [];
    for (let id = 1; id <= 25; id += 1) list = addRecentlyViewed(list, id);
    expect(list).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(list[0]).toBe(25);
    expect(list.at(-1)).toBe(6);
    expect(ZRecentlyViewedSites.safeParse(list).success).toBe(true);
  });

  it('ignores id 0, null, junk and views while tracking is disabled, returning the same list', () => {
    const list = [4, 5];
    expect(addRecentlyViewed(list, 0)).toBe(list);
    expect(addRecentlyViewed(list, null)).toBe(list);
    expect(addRecentlyViewed(list, undefined)).toBe(list);
    expect(addRecentlyViewed(list, -2)).toBe(list);
    expect(addRecentlyViewed(list, 1.5)).toBe(list);
    expect(addRecentlyViewed(list, 9, { enabled: false })).toBe(list);
    expect(addRecentlyViewed(list, 4)).toBe(list);
    expect(addRecentlyViewed(list, 9, { enabled: true })).toEqual([9, 4, 5]);
  });

  it('cleans a stored value', () => {
    expect(normalizeRecentlyViewed([3, 0, null, 3, 'x', 2, -1, 2.5])).toEqual([3, 2]);
    expect(normalizeRecentlyViewed('nope')).toEqual([]);
    expect(normalizeRecentlyViewed(Array.from({ length: 30 }, (_, i) => i + 1))).toHaveLength(20);
  });

  it('drops deleted sites', () => {
    const list = [1, 2, 3];
    expect(removeRecentlyViewed(list, [2, 9])).toEqual([1, 3]);
    expect(removeRecentlyViewed(list, [9])).toBe(list);
  });
});

describe('base64 for compressed bytes in storage', () => {
  it('round-trips every length remainder and every byte value', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 256, 10_001]) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 37 + 11) & 0xff);
      expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    }
  });

  it('matches the standard alphabet with padding', () => {
    expect(bytesToBase64(new TextEncoder().encode('Man'))).toBe('TWFu');
    expect(bytesToBase64(new TextEncoder().encode('Ma'))).toBe('TWE=');
    expect(bytesToBase64(new TextEncoder().encode('M'))).toBe('TQ==');
    expect(new TextDecoder().decode(base64ToBytes('TWE='))).toBe('Ma');
    expect(() => base64ToBytes('TW*=')).toThrow(/Invalid base64/);
  });
});
