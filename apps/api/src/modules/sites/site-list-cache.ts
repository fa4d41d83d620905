import { chooseEncoding, compressPacked, type PackedBody } from './sites-packed';

/**
 * The packed site lists this process has built, shared by the callers who see the same list
 * (SiteScope.sharedListKey), each valid for one value of the account's data stamp
 * (Account.dataLastUpdated, which every write to sites or reports moves forward in its own
 * transaction: sites.repository.ts touchAccountData). A client with an empty cache then gets the
 * list without the database reading 100,000 rows again, and a change anywhere in the account makes
 * the next request rebuild it. Other processes keep their own lists and check the same stamp.
 *
 * Why the stamp must be read BEFORE the rows: a write committing in between leaves rows newer than
 * the stamp they are kept under, which the next request sees as stale and rebuilds; the other
 * order could keep old rows under the new stamp.
 */
export class SiteListCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /** @param maxBytes what the kept lists (packed and compressed) may hold together; the least recently used go first. */
  constructor(private readonly maxBytes: number = DEFAULT_MAX_BYTES) {}

  /**
   * The list kept under `key` for `stamp`, or the one `build` makes (kept, unless a newer stamp's
   * list is kept already). Concurrent requests for the same key and stamp share one build.
   */
  async list(key: string, stamp: number, build: () => Promise<Buffer>): Promise<CachedSiteList> {
    const kept = this.entries.get(key);
    if (kept && kept.stamp === stamp) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.list;
    }
    if (kept && kept.stamp > stamp) return new CachedSiteList(await build(), () => undefined);
    const entry = new Entry(
      stamp,
      build,
      (built, raw) => {
        this.grow(key, built, raw.length);
        return new CachedSiteList(raw, (added) => this.grow(key, built, added));
      },
      (failed) => this.drop(key, failed),
    );
    this.drop(key, kept);
    this.entries.set(key, entry);
    return entry.list;
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
    }
  }

  private drop(key: string, entry: Entry | undefined): void {
    if (!entry || this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}

/** 256 MiB: about twenty accounts of 100,000 sites with both compressed forms. */
const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

/** A list kept (or being built) under one key, for one stamp. */
class Entry {
  /** Bytes it holds: the packed list and the compressed forms made so far. */
  size = 0;
  readonly list: Promise<CachedSiteList>;

  constructor(
    readonly stamp: number,
    build: () => Promise<Buffer>,
    onBuilt: (entry: Entry, raw: Buffer) => CachedSiteList,
    onFailed: (entry: Entry) => void,
  ) {
    this.list = build().then(
      (raw) => onBuilt(this, raw),
      (error: unknown) => {
        onFailed(this);
        throw error;
      },
    );
  }
}

/** One packed list with its compressed forms, each made once, when first asked for. */
export class CachedSiteList {
  private readonly compressed = new Map<'br' | 'gzip', Promise<Buffer>>();

  constructor(
    readonly raw: Buffer,
    private readonly onGrow: (bytes: number) => void,
  ) {}

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
