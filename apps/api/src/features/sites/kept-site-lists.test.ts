import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { KeptSiteLists, type CachedSiteList } from './kept-site-lists';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Lets promise chains and immediates run. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A packed list stand-in of `size` bytes, distinguishable by its first byte. */
const listOf = (marker: number, size = 4096) => Buffer.alloc(size, marker);

describe('KeptSiteLists', () => {
  it('builds a list once per stamp, shares concurrent builds, and rebuilds when the stamp moves', async () => {
    const cache = new KeptSiteLists();
    let builds = 0;
    const build = (marker: number) => async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { raw: listOf(marker) };
    };
    const [a, b] = await Promise.all([cache.list('1:all:current', 10, build(1)), cache.list('1:all:current', 10, build(2))]);
    expect(a).toBe(b);
    expect(builds).toBe(1);
    expect((await cache.list('1:all:current', 10, build(3))).raw[0]).toBe(1);
    expect(builds).toBe(1);
    expect((await cache.list('1:all:current', 11, build(4))).raw[0]).toBe(4);
    expect(builds).toBe(2);
    // A request that read an older stamp gets its own list and does not replace the newer one.
    expect((await cache.list('1:all:current', 10, build(5))).raw[0]).toBe(5);
    expect((await cache.list('1:all:current', 11, build(6))).raw[0]).toBe(4);
  });

  it('forgets every list of one account, and only of that account', async () => {
    const cache = new KeptSiteLists();
    let builds = 0;
    const build = async () => {
      builds += 1;
      return { raw: listOf(builds) };
    };
    await cache.list('1:all:current', 10, build);
    await cache.list('1:all:2024', 10, build);
    await cache.list('12:all:current', 10, build);
    cache.forgetAccount(1);
    expect(cache.heldBytes).toBe(4096);
    expect((await cache.list('1:all:current', 10, build)).raw[0]).toBe(4);
    expect((await cache.list('12:all:current', 10, build)).raw[0]).toBe(3);
    expect(builds).toBe(4);
  });

  it("hands a new stamp's build the list kept before, so it can start from it", async () => {
    const cache = new KeptSiteLists();
    const first = await cache.list('k', 1, async (previous) => {
      expect(previous).toBeUndefined();
      return { raw: listOf(1), versions: { siteIds: Int32Array.of(5), versions: Float64Array.of(700) } };
    });
    expect(cache.heldBytes).toBe(4096 + 4 + 8);
    await cache.list('k', 2, async (previous) => {
      expect(previous).toBe(first);
      expect(previous?.versions?.versions[0]).toBe(700);
      return { raw: listOf(2) };
    });
    expect(cache.heldBytes).toBe(4096);
  });

  it("refreshes an account's watched lists at once after a write, once more after a burst of writes, and forgets lists it lets go", async () => {
    const cache = new KeptSiteLists(10_000, 20);
    const refreshed: string[] = [];
    let open: () => void = () => undefined;
    let gate = new Promise<void>((resolve) => (open = resolve));
    const watchList = async (key: string) => {
      await cache.list(key, 1, async () => ({ raw: listOf(1, 4_000) }));
      cache.watch(key, async () => {
        refreshed.push(key);
        await gate;
      });
    };
    await watchList('7:all:current');
    await watchList('7:all:2019');
    await watchList('70:all:current');
    cache.refreshAccount(7);
    await nextTurn();
    // At once, only account 7's lists, and of those only the one still kept (the size let the first go).
    expect(refreshed).toEqual(['7:all:2019']);
    // Writes while it runs: one more refresh, after the last of them and after the running one.
    cache.refreshAccount(7);
    await sleep(10);
    cache.refreshAccount(7);
    await sleep(40);
    expect(refreshed).toHaveLength(1);
    open();
    gate = Promise.resolve();
    await nextTurn();
    expect(refreshed).toEqual(['7:all:2019', '7:all:2019']);
    await sleep(40);
    expect(refreshed).toHaveLength(2);
    // Quiet again: the next write refreshes at once.
    cache.refreshAccount(7);
    await nextTurn();
    expect(refreshed).toHaveLength(3);
  });

  it('starts a build for a newer stamp from the build under way, and hands every caller its own stamp', async () => {
    const cache = new KeptSiteLists();
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const builds: Array<number | undefined> = [];
    const build = (marker: number) => async (previous: CachedSiteList | undefined) => {
      builds.push(previous?.raw[0]);
      if (marker === 1) await gate;
      return { raw: listOf(marker), versions: { siteIds: Int32Array.of(1), versions: Float64Array.of(marker) } };
    };
    // A refresh ahead after a write (stamp 1) is under way when a request joins it, and another
    // request arrives after a second write (stamp 2).
    const refreshAhead = cache.list('k', 1, build(1));
    const joining = cache.list('k', 1, build(9));
    const afterSecondWrite = cache.list('k', 2, build(2));
    await nextTurn();
    // The newer build waits for the one under way instead of reading every row.
    expect(builds).toEqual([undefined]);
    open();
    expect((await joining).raw[0]).toBe(1);
    expect(await joining).toBe(await refreshAhead);
    const newer = await afterSecondWrite;
    expect(newer.raw[0]).toBe(2);
    expect(builds).toEqual([undefined, 1]);
    // Kept for stamp 2 only: a request that read stamp 2 never gets the list of stamp 1.
    expect(await cache.list('k', 2, build(3))).toBe(newer);
    expect(builds).toHaveLength(2);
    expect(cache.heldBytes).toBe(4096 + 4 + 8);
  });

  it('keeps no failed build', async () => {
    const cache = new KeptSiteLists();
    await expect(cache.list('k', 1, () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect((await cache.list('k', 1, async () => ({ raw: listOf(7) }))).raw[0]).toBe(7);
  });

  it('compresses each form once, as the client accepts, and counts it', async () => {
    const cache = new KeptSiteLists();
    const list = await cache.list('k', 1, async () => ({ raw: listOf(9, 10_000) }));
    expect(cache.heldBytes).toBe(10_000);
    const br = await list.body('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.bytes)).toEqual(listOf(9, 10_000));
    expect((await list.body('br')).bytes).toBe(br.bytes);
    const gzip = await list.body('gzip');
    expect(gunzipSync(gzip.bytes)).toEqual(listOf(9, 10_000));
    expect(await list.body(undefined)).toEqual({ bytes: list.raw, encoding: null, packedBytes: 10_000 });
    expect(cache.heldBytes).toBe(10_000 + br.bytes.length + gzip.bytes.length);
    // Tiny lists go uncompressed.
    expect((await (await cache.list('small', 1, async () => ({ raw: listOf(1, 100) }))).body('br')).encoding).toBeNull();
  });

  it('lets the least recently used lists go beyond its size', async () => {
    const cache = new KeptSiteLists(10_000);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return { raw: listOf(1, 4_000) };
    };
    await cache.list('a', 1, build);
    await cache.list('b', 1, build);
    await cache.list('a', 1, build);
    await cache.list('c', 1, build);
    expect(builds).toBe(3);
    expect(cache.heldBytes).toBe(8_000);
    await cache.list('a', 1, build);
    expect(builds).toBe(3);
    await cache.list('b', 1, build);
    expect(builds).toBe(4);
  });
});
