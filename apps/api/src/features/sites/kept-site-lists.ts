import { chooseEncoding, compressPacked, type PackedBody } from './sites-packed';
import type { SiteRowArray } from './site-rows.repository';

/** The row versions a packed list was built from (kept-site-list-rebuild.ts): ascending site ids and each row's version. */
export interface ListVersions {
  siteIds: Int32Array;
  versions: Float64Array;
}

/** What a build makes: the packed list, and the row versions when known (a later build may then read only the rows changed since). */
export interface BuiltSiteList {
  raw: Buffer;
  versions?: ListVersions;
  /** The site rows it was encoded from, in site id order: the next rebuild takes the unchanged ones from here. */
  rows?: readonly SiteRowArray[];
}

/** Estimated bytes of one site row held (the array, its strings and lists). */
const BYTES_PER_SITE_ROW = 600;

/** Builds a list; `previous` is the list kept before under the same key (another stamp) — or the one being built, once done — when there is one. */
export type SiteListBuilder = (previous: CachedSiteList | undefined) => Promise<BuiltSiteList>;

/**
 * The packed site lists this process has built, shared by the callers who see the same list
 * (SiteScope.sharedListKey), each valid for one value of the account's data stamp
 * (Account.dataLastUpdated, which every write to sites or reports moves forward in its own
 * transaction: sites.repository.ts touchAccountData). A client with an empty cache then gets the
 * list without the database reading 100,000 rows again, and a change anywhere in the account makes
 * the list be rebuilt — from the list kept before when it can (kept-site-list-rebuild.ts) — by the
 * write itself (refreshAccount) or by the next request. Other processes keep their own lists and
 * check the same stamp.
 *
 * Why the stamp must be read BEFORE the rows: a write committing in between leaves rows newer than
 * the stamp they are kept under, which the next request sees as stale and rebuilds; the other
 * order could keep old rows under the new stamp.
 */
export class KeptSiteLists {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** How to bring each kept list up to date (read the stamp, build if it moved): run after writes. */
  private readonly refreshers = new Map<string, () => Promise<unknown>>();
  /** Per account with refreshes ahead under way: the one running, and the trailing one writes since have armed. */
  private readonly refreshing = new Map<number, AccountRefresh>();

  /**
   * @param maxBytes what the kept lists (packed and compressed) may hold together; the least recently used go first.
   * @param refreshDelayMs how long after the last write in an account its lists are refreshed ahead.
   */
  constructor(
    private readonly maxBytes: number = DEFAULT_MAX_BYTES,
    private readonly refreshDelayMs: number = REFRESH_DELAY_MS,
  ) {}

  /**
   * The list kept under `key` for `stamp`, or the one `build` makes (kept, unless a newer stamp's
   * list is kept already). Concurrent requests for the same key and stamp share one build.
   */
  async list(key: string, stamp: number, build: SiteListBuilder): Promise<CachedSiteList> {
    const kept = this.entries.get(key);
    if (kept && kept.stamp === stamp) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.list;
    }
    // A build still under way for another stamp is waited for, so this one starts from its list
    // (reading the rows changed since) instead of reading every row.
    if (kept && kept.stamp > stamp) return new CachedSiteList(await build(await kept.settled()), () => undefined);
    const entry = new Entry(
      stamp,
      async () => build(await kept?.settled()),
      (built, list) => {
        this.grow(key, built, sizeOf(list));
        return new CachedSiteList(list, (added) => this.grow(key, built, added));
      },
      (failed) => this.drop(key, failed),
    );
    this.drop(key, kept);
    this.entries.set(key, entry);
    return entry.list;
  }

  /**
   * Names how the list under `key` (of account `accountId`) is brought up to date, so that
   * refreshAccount can do it ahead of the next request. Forgotten when the list is let go.
   */
  watch(key: string, refresh: () => Promise<unknown>): void {
    this.refreshers.set(key, refresh);
  }

  /**
   * After a write in the account (its transaction committed): brings its kept lists up to date in
   * the background, so the next visit finds the list rebuilt or joins the rebuild under way
   * (list() shares a build per stamp). The first write starts a refresh at once: a page loading
   * right after the write asks for the user first and its list only then, by which time most of
   * the rebuild is done. Writes while a refresh runs, or while one is armed, (re)arm one more
   * REFRESH_DELAY_MS after the last of them, so a burst of writes costs two rebuilds, not one
   * each; a request in between rebuilds its own stamp's list, starting from the one under way. A
   * list whose stamp did not move costs one stamp read. Failures are the next request's to meet.
   */
  refreshAccount(accountId: number): void {
    let state = this.refreshing.get(accountId);
    if (!state) {
      state = { running: null, trailing: undefined };
      this.refreshing.set(accountId, state);
      this.runRefresh(accountId, state);
      return;
    }
    const armed = state;
    clearTimeout(armed.trailing);
    armed.trailing = setTimeout(() => {
      armed.trailing = undefined;
      this.runRefresh(accountId, armed);
    }, this.refreshDelayMs);
    armed.trailing.unref();
  }

  /**
   * Lets go of every list kept for the account, and of their refresh ahead: the next request
   * reads and encodes every row again (the support action that uncaches an account's sites).
   */
  forgetAccount(accountId: number): void {
    const prefix = `${accountId}:`;
    clearTimeout(this.refreshing.get(accountId)?.trailing);
    this.refreshing.delete(accountId);
    for (const [key, entry] of [...this.entries]) if (key.startsWith(prefix)) this.drop(key, entry);
    for (const key of [...this.refreshers.keys()]) if (key.startsWith(prefix)) this.refreshers.delete(key);
  }

  /** Bytes held now (for tests and the log). */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Counts bytes added to an entry still kept, then evicts the least recently used beyond the limit. */
  private grow(key: string, entry: Entry, added: number): void {
    if (this.entries.get(key) !== entry) return;
    entry.size += added;
    this.bytes += added;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes || old === entry) break;
      this.drop(oldKey, old);
      // Let go for good: no refresh ahead either (a list replaced by a newer stamp keeps its refresher).
      this.refreshers.delete(oldKey);
    }
  }

  /** Refreshes the account's watched lists after the refresh running (one at a time), then forgets the account when nothing more is armed. */
  private runRefresh(accountId: number, state: AccountRefresh): void {
    const prefix = `${accountId}:`;
    const run = (state.running ?? Promise.resolve()).then(async () => {
      const refreshes = [...this.refreshers].filter(([key]) => key.startsWith(prefix)).map(([, refresh]) => refresh().catch(() => undefined));
      await Promise.all(refreshes);
    });
    state.running = run;
    void run.then(() => {
      if (state.running !== run) return;
      state.running = null;
      if (!state.trailing && this.refreshing.get(accountId) === state) this.refreshing.delete(accountId);
    });
  }

  private drop(key: string, entry: Entry | undefined): void {
    if (!entry || this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}

/** How long after the last of several writes in a row the trailing refresh runs: a burst of writes (an API client's loop) rebuilds once more, not per write. */
const REFRESH_DELAY_MS = 1_000;

/** 512 MiB: about eight accounts of 100,000 sites kept with their site rows and both compressed forms. */
const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

/** The bytes a built list holds: the packed list and its row versions. */
const sizeOf = (list: BuiltSiteList): number =>
  list.raw.length + (list.versions ? list.versions.siteIds.byteLength + list.versions.versions.byteLength : 0) + (list.rows?.length ?? 0) * BYTES_PER_SITE_ROW;

/** A list kept (or being built) under one key, for one stamp. */
class Entry {
  /** Bytes it holds: the packed list, its versions and the compressed forms made so far. */
  size = 0;
  readonly list: Promise<CachedSiteList>;

  constructor(
    readonly stamp: number,
    build: () => Promise<BuiltSiteList>,
    onBuilt: (entry: Entry, list: BuiltSiteList) => CachedSiteList,
    onFailed: (entry: Entry) => void,
  ) {
    this.list = build().then(
      (list) => onBuilt(this, list),
      (error: unknown) => {
        onFailed(this);
        throw error;
      },
    );
  }

  /** The list once this build is over, or undefined when it failed: what the next stamp's build starts from. */
  settled(): Promise<CachedSiteList | undefined> {
    return this.list.catch(() => undefined);
  }
}

/** An account's refreshes ahead (KeptSiteLists.refreshAccount). */
interface AccountRefresh {
  /** The refresh running, until it is over. */
  running: Promise<void> | null;
  /** The refresh writes armed while one ran or was armed. */
  trailing: NodeJS.Timeout | undefined;
}

/** One packed list with its compressed forms, each made once, when first asked for. */
export class CachedSiteList {
  private readonly compressed = new Map<'br' | 'gzip', Promise<Buffer>>();
  /** The packed list, uncompressed. */
  readonly raw: Buffer;
  /** The row versions it was built from, when known. */
  readonly versions: ListVersions | undefined;
  /** The site rows it was encoded from, when the build kept them. */
  readonly rows: readonly SiteRowArray[] | undefined;

  constructor(
    built: BuiltSiteList,
    private readonly onGrow: (bytes: number) => void,
  ) {
    this.raw = built.raw;
    this.versions = built.versions;
    this.rows = built.rows;
  }

  /** The list as the client accepts it (see sites-packed.ts chooseEncoding). */
  async body(acceptEncoding: string | undefined): Promise<PackedBody> {
    const encoding = chooseEncoding(acceptEncoding, this.raw.length);
    if (!encoding) return { bytes: this.raw, encoding, packedBytes: this.raw.length };
    let bytes = this.compressed.get(encoding);
    if (!bytes) {
      bytes = compressPacked(this.raw, encoding);
      this.compressed.set(encoding, bytes);
      bytes.then(
        (done) => this.onGrow(done.length),
        () => this.compressed.delete(encoding),
      );
    }
    return { bytes: await bytes, encoding, packedBytes: this.raw.length };
  }
}
