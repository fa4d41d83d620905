/**
 * The byte-level parts of the packed site list (packed-sites.ts documents the format): varint
 * writer and reader, use-counted dictionaries and a fast ISO date formatter (the text tokenizer is
 * packed-sites-tokens.ts).
 * Internal to the sites folder.
 */

/**
 * TextEncoder and TextDecoder exist in every browser and in Node, but the domain package's type
 * library has neither the DOM nor Node types: they are typed here, as far as this file uses them.
 */
const platform = globalThis as unknown as {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new () => { decode(bytes: Uint8Array): string };
};

/** UTF-8 bytes of a text (lone surrogates become U+FFFD). */
export function utf8Encode(text: string): Uint8Array {
  return new platform.TextEncoder().encode(text);
}

/** The text of UTF-8 bytes. */
export function utf8Decode(bytes: Uint8Array): string {
  return new platform.TextDecoder().decode(bytes);
}

/** Thrown for bytes that are not a well-formed packed list. */
export function corrupt(detail: string): never {
  throw new Error(`The packed site list is corrupt: ${detail}.`);
}

/** A growable byte buffer with varint writes. */
export class ByteWriter {
  bytes: Uint8Array;
  length = 0;

  /** `expected` bytes are reserved up front: regrowing a large buffer is costly. */
  constructor(expected = 1 << 16) {
    this.bytes = new Uint8Array(Math.max(64, expected));
  }

  private ensure(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }

  byte(value: number): void {
    this.ensure(1);
    this.bytes[this.length++] = value;
  }

  /** Unsigned LEB128 of a whole number from 0 to 2^53. */
  varint(value: number): void {
    this.ensure(8);
    const bytes = this.bytes;
    let n = value;
    while (n >= 0x80) {
      bytes[this.length++] = (n & 0x7f) | 0x80;
      // Above 2^31 the shift operators would truncate: divide instead.
      n = n >= 0x80000000 ? Math.floor(n / 128) : n >>> 7;
    }
    bytes[this.length++] = n;
  }

  zigzag(value: number): void {
    this.varint(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  append(chunk: Uint8Array): void {
    this.ensure(chunk.length);
    this.bytes.set(chunk, this.length);
    this.length += chunk.length;
  }

  /** The bytes written so far, without copying them (a later write may change or move them). */
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/** Reads varints; a read past the end throws instead of yielding undefined. */
export class ByteReader {
  position = 0;

  constructor(readonly bytes: Uint8Array) {}

  varint(): number {
    const first = this.bytes[this.position++]!;
    return first < 0x80 ? first : this.varintSlow(first);
  }

  private varintSlow(first: number | undefined): number {
    if (first === undefined) corrupt('it ends early');
    let result = first & 0x7f;
    let scale = 128;
    for (;;) {
      const byte = this.bytes[this.position++];
      if (byte === undefined) corrupt('it ends early');
      result += (byte & 0x7f) * scale;
      if (byte < 0x80) return result;
      scale *= 128;
      if (scale > 2 ** 56) corrupt('a number is too long');
    }
  }

  zigzag(): number {
    const value = this.varint();
    return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
  }
}

/** Most tokens a text is split into; a longer text is one whole token. */
export const MAX_TOKENS = 50;
/** The first text header of a template reference (packed-sites.ts): token headers take 2 … 2 + 2·MAX_TOKENS − 1. */
export const TEMPLATE_HEADER = 2 + 2 * MAX_TOKENS;

/** Ids most used first, and each id's position among them: what every dictionary's seal needs. */
export interface UseRanking {
  /** The ids counted at least the minimum (and kept), most used first; ties: the lower id first. */
  ids: number[];
  /** Id → position in `ids`, or −1 for an id left out. */
  rank: Int32Array;
}

/**
 * Ranks ids 0 … counts.length − 1 by use: those counted at least `minimum` times (and that `keep`
 * accepts), most used first. The order is a numeric sort of one number per id (count and id
 * folded together) rather than a sort with a comparator: dictionaries of 100,000 words sort in a
 * few milliseconds.
 */
export function rankByUse(counts: readonly number[], minimum: number, keep?: (id: number) => boolean): UseRanking {
  const size = counts.length;
  let ids: number[] = [];
  let most = 0;
  for (let id = 0; id < size; id += 1) {
    const count = counts[id]!;
    if (count < minimum || (keep !== undefined && !keep(id))) continue;
    ids.push(id);
    if (count > most) most = count;
  }
  // (most − count) × size + id is exact below 2^53; past that, the comparator sort.
  if (most * size < 2 ** 52) {
    const keys = new Float64Array(ids.length);
    for (let at = 0; at < ids.length; at += 1) keys[at] = (most - counts[ids[at]!]!) * size + ids[at]!;
    keys.sort();
    ids = Array.from(keys, (key) => key % size);
  } else {
    ids.sort((a, b) => counts[b]! - counts[a]! || a - b);
  }
  const rank = new Int32Array(size).fill(-1);
  ids.forEach((id, position) => (rank[id] = position));
  return { ids, rank };
}

/**
 * A string dictionary: values written twice or more get an index, the rest go to the literal
 * stream. Values are counted by id, so the writing pass needs only the ids it was given.
 */
export class StringColumn {
  private readonly ids = new Map<string, number>();
  private readonly values: string[] = [];
  private readonly counts: number[] = [];
  /** Value id → dictionary index, or −1 for a literal; set by {@link seal}. */
  private rank: Int32Array = new Int32Array(0);
  entries: string[] = [];

  /** Counts one use of a value; answers its id (−1 for null). */
  count(value: string | null): number {
    if (value === null) return -1;
    const id = this.ids.get(value);
    if (id !== undefined) {
      this.counts[id]! += 1;
      return id;
    }
    this.ids.set(value, this.values.length);
    this.values.push(value);
    this.counts.push(1);
    return this.values.length - 1;
  }

  /** Fixes the entries, most used first (ties: first seen first); `minimum` 1 gives every value an index. */
  seal(minimum = 2): void {
    const { ids, rank } = rankByUse(this.counts, minimum);
    this.rank = rank;
    this.entries = ids.map((id) => this.values[id]!);
  }

  /** The dictionary index of a value, or −1. */
  indexOf(value: string | null): number {
    return this.rankOf(value === null ? -1 : (this.ids.get(value) ?? -1));
  }

  /** The dictionary index of a value id (−1 for null), or −1 for a literal. */
  rankOf(id: number): number {
    return id < 0 ? -1 : this.rank[id]!;
  }

  /** The sref of a value id (0 null, 1 next literal, k + 2 entry k), pushing literals in write order. */
  ref(id: number, literals: string[]): number {
    if (id < 0) return 0;
    const position = this.rank[id]!;
    if (position >= 0) return position + 2;
    literals.push(this.values[id]!);
    return 1;
  }
}

/** A node of a {@link ListTable}: its list's id when a list ends here (−1 otherwise) and its children. */
export interface ListNode<K> {
  id: number;
  children: Map<K, ListNode<K>> | null;
}

/**
 * Lists (tags, class ids, score keys, latest-report triples) by id, walked element by element so
 * a list seen before is found without allocating. Ids follow first appearance; `seal` orders them.
 */
export class ListTable<K> {
  readonly root: ListNode<K> = { id: -1, children: null };
  readonly lists: K[][] = [];
  readonly counts: number[] = [];
  /** List id → lref − 1 (dictionary position); set by {@link seal}. */
  rank: Int32Array = new Int32Array(0);
  entries: K[][] = [];

  /** The child of `node` for `key`, created when new. */
  step(node: ListNode<K>, key: K): ListNode<K> {
    let children = node.children;
    if (children === null) children = node.children = new Map();
    let child = children.get(key);
    if (child === undefined) {
      child = { id: -1, children: null };
      children.set(key, child);
    }
    return child;
  }

  /** Gives the list ending at `node` (whose id is −1) an id. */
  register(node: ListNode<K>, list: K[]): number {
    node.id = this.lists.length;
    this.lists.push(list);
    this.counts.push(0);
    return node.id;
  }

  /** Counts one written use of a list id (−1, the empty list, is not counted). */
  use(id: number): void {
    if (id >= 0) this.counts[id]! += 1;
  }

  /** Fixes the dictionary: every used list, most used first (ties: first seen first). */
  seal(): void {
    const { ids, rank } = rankByUse(this.counts, 1);
    this.rank = rank;
    this.entries = ids.map((id) => this.lists[id]!);
  }

  /** The lref of a list id: 0 for none (−1), else its dictionary position + 1. */
  ref(id: number): number {
    return id < 0 ? 0 : this.rank[id]! + 1;
  }
}

/**
 * The reference a site's coordinates are coded against (packed-sites.ts): the last earlier site in
 * the same dictionary city, else the previous site, else 0. Coordinates are in 1e-7 degrees. The
 * encoder subtracts {@link latitude}/{@link longitude} and the decoder adds them, then both
 * {@link record} the site, so the two agree by construction.
 */
export class CoordinateReference {
  private readonly cityLatitude: Float64Array;
  private readonly cityLongitude: Float64Array;
  private readonly citySeen: Uint8Array;
  private previousLatitude = 0;
  private previousLongitude = 0;

  constructor(cityCount: number) {
    this.cityLatitude = new Float64Array(cityCount);
    this.cityLongitude = new Float64Array(cityCount);
    this.citySeen = new Uint8Array(cityCount);
  }

  /** The reference latitude for a site of dictionary city `city` (−1: not a dictionary city). */
  latitude(city: number): number {
    return city >= 0 && this.citySeen[city] === 1 ? this.cityLatitude[city]! : this.previousLatitude;
  }

  /** The reference longitude for a site of dictionary city `city` (−1: not a dictionary city). */
  longitude(city: number): number {
    return city >= 0 && this.citySeen[city] === 1 ? this.cityLongitude[city]! : this.previousLongitude;
  }

  /** Records a site's coordinates as the reference for the next site and for its city. */
  record(city: number, latitude: number, longitude: number): void {
    this.previousLatitude = latitude;
    this.previousLongitude = longitude;
    if (city < 0) return;
    this.cityLatitude[city] = latitude;
    this.cityLongitude[city] = longitude;
    this.citySeen[city] = 1;
  }
}

const SECONDS_PER_DAY = 86_400;
const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, '0'));

/**
 * ISO text of Unix seconds and day numbers. Sites created by one import share a timestamp, so
 * the last value is reused; days and times of day are formatted once each.
 */
export class DateText {
  private readonly days = new Map<number, string>();
  private readonly times = new Map<number, string>();
  private lastSeconds = Number.NaN;
  private lastText = '';

  /** 'YYYY-MM-DD' of days since 1970-01-01. */
  day(dayNumber: number): string {
    let text = this.days.get(dayNumber);
    if (text === undefined) {
      const iso = new Date(dayNumber * 86_400_000).toISOString();
      text = iso.slice(0, iso.indexOf('T'));
      this.days.set(dayNumber, text);
    }
    return text;
  }

  /** 'YYYY-MM-DDTHH:MM:SS.000Z', as Date.toISOString gives for a whole second. */
  seconds(seconds: number): string {
    if (seconds === this.lastSeconds) return this.lastText;
    const dayNumber = Math.floor(seconds / SECONDS_PER_DAY);
    const ofDay = seconds - dayNumber * SECONDS_PER_DAY;
    let time = this.times.get(ofDay);
    if (time === undefined) {
      const hours = Math.floor(ofDay / 3600);
      const minutes = Math.floor((ofDay - hours * 3600) / 60);
      time = `T${TWO_DIGITS[hours]!}:${TWO_DIGITS[minutes]!}:${TWO_DIGITS[ofDay - hours * 3600 - minutes * 60]!}.000Z`;
      this.times.set(ofDay, time);
    }
    this.lastSeconds = seconds;
    this.lastText = this.day(dayNumber) + time;
    return this.lastText;
  }
}

/** The first four bytes of a version-2 packed list: 'RAS' and the version. */
export const MAGIC = [0x52, 0x41, 0x53, 0x02] as const;

/** The flag bits of a site record (packed-sites.ts documents them). */
export const Bit = {
  sameCountry: 1 << 2,
  sameState: 1 << 3,
  sameCity: 1 << 4,
  sameGeocodeType: 1 << 5,
  sameClassificationView: 1 << 6,
  sameScoreKeys: 1 << 7,
  sameLatest: 1 << 8,
  sameClasses: 1 << 9,
  sameTags: 1 << 10,
  notes: 1 << 11,
  street2: 1 << 12,
  eid: 1 << 13,
  lrr: 1 << 14,
  incidents: 1 << 15,
  incidentBlock: 1 << 16,
  incidentQuarterMile: 1 << 17,
  incidentThreeMiles: 1 << 18,
  incidentDate: 1 << 19,
} as const;
