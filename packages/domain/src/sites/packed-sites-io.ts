/**
 * The byte-level parts of the packed site list (packed-sites.ts documents the format): varint
 * writer and reader, the text tokenizer, use-counted dictionaries and a fast ISO date formatter.
 * Internal to the sites folder.
 */
import { HashSlots } from './packed-sites-hash';
import type { TemplateTable } from './packed-sites-templates';

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
const MAX_TOKENS = 50;
/** The first text header of a template reference (packed-sites.ts): token headers take 2 … 2 + 2·MAX_TOKENS − 1. */
export const TEMPLATE_HEADER = 2 + 2 * MAX_TOKENS;
const MAX_LEADING_ZEROS = 3;
const MAX_NUMBER_DIGITS = 9;

/**
 * Words (text tokens) by id, found without slicing the text: an open-addressing hash table over
 * the characters, so counting and writing millions of tokens allocates only one string per
 * distinct word.
 */
export class WordTable {
  readonly words: string[] = [];
  readonly counts: number[] = [];
  private readonly slots = new HashSlots();
  /** Word id → dictionary index, or −1 for a word written once (a literal); set by {@link seal}. */
  rank: Int32Array = new Int32Array(0);
  /** The dictionary: words written twice or more, most used first. */
  entries: string[] = [];

  /** The id of text[start, end) whose {@link hashText} is `hash`, adding the word when new; counts one use. */
  add(text: string, start: number, end: number, hash: number): number {
    const id = this.lookup(text, start, end, hash);
    this.counts[id]! += 1;
    return id;
  }

  private lookup(text: string, start: number, end: number, hash: number): number {
    const slots = this.slots;
    for (let slot = slots.start(hash); ; slot = slots.next(slot)) {
      const id = slots.idAt(slot);
      if (id < 0) break;
      if (slots.hashOf(id) === hash && sameText(this.words[id]!, text, start, end)) return id;
    }
    this.words.push(text.slice(start, end));
    this.counts.push(0);
    return slots.add(hash);
  }

  /** Fixes the dictionary: words used twice or more, most used first (ties: first seen first). */
  seal(): void {
    const ids: number[] = [];
    for (let id = 0; id < this.words.length; id += 1) if (this.counts[id]! >= 2) ids.push(id);
    ids.sort((a, b) => this.counts[b]! - this.counts[a]! || a - b);
    this.rank = new Int32Array(this.words.length).fill(-1);
    ids.forEach((id, position) => (this.rank[id] = position));
    this.entries = ids.map((id) => this.words[id]!);
  }
}

/** FNV-1a over UTF-16 code units: the hash {@link WordTable.add} expects. */
function hashText(text: string, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let index = start; index < end; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), FNV_PRIME);
  return hash;
}
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function sameText(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let index = 0; index < word.length; index += 1) if (word.charCodeAt(index) !== text.charCodeAt(start + index)) return false;
  return true;
}

/**
 * A slot of the token log is an Int32 (half the memory of a Float64 log, which 100,000 sites fill
 * with about two million values). The rare value it cannot hold — a number token of ten digits, a
 * glue mask past 31 bits — is kept aside, and its slot holds WIDE + its index there. Word tokens
 * stay above WIDE_LIMIT: that would take a billion distinct words.
 */
const WIDE = -0x80000000;
const WIDE_LIMIT = -0x40000000;

/**
 * Splits a text into tokens (see the format in packed-sites.ts) without allocating, adding and
 * counting its words. `out[at]` receives the glue mask; `out[at+1 … at+count]` each token: a
 * number as its final varint (odd, ≥ 3), a word as −(word id + 1); values past 31 bits go to
 * `wide` (see WIDE). Returns the token count (0 for ''); `out` must have room for
 * {@link MAX_TOKENS} + 1 values from `at`.
 */
function scanText(value: string, words: WordTable, out: Int32Array, at: number, wide: number[]): number {
  const length = value.length;
  if (length === 0) return 0;
  let count = 0;
  let glue = 0;
  let spaced = true;
  let index = 0;
  while (index < length) {
    let code = value.charCodeAt(index);
    if (code === 32) {
      // Spaces other than single separators cannot be rebuilt from single-space joins. Words
      // counted before this point are over-counted by one: harmless (a spare dictionary entry).
      if (index === 0 || index === length - 1 || value.charCodeAt(index + 1) === 32) return whole(value, words, out, at);
      spaced = true;
      index += 1;
      continue;
    }
    if (count === MAX_TOKENS) return whole(value, words, out, at);
    const start = index;
    let token: number;
    if (code >= 48 && code <= 57) {
      let zeros = 0;
      let number = 0;
      let hash = FNV_OFFSET;
      for (;;) {
        hash = Math.imul(hash ^ code, FNV_PRIME);
        if (code === 48 && number === 0) zeros += 1;
        else number = number * 10 + (code - 48);
        index += 1;
        if (index === length) break;
        code = value.charCodeAt(index);
        if (code < 48 || code > 57) break;
      }
      // A run of zeros keeps its last zero as the number itself.
      if (number === 0) zeros -= 1;
      token = zeros <= MAX_LEADING_ZEROS && index - start - zeros <= MAX_NUMBER_DIGITS
        ? (number * 4 + zeros) * 2 + 3
        : -words.add(value, start, index, hash) - 1;
    } else {
      let hash = FNV_OFFSET;
      for (;;) {
        hash = Math.imul(hash ^ code, FNV_PRIME);
        index += 1;
        if (index === length) break;
        code = value.charCodeAt(index);
        if (code === 32 || (code >= 48 && code <= 57)) break;
      }
      token = -words.add(value, start, index, hash) - 1;
    }
    if (!spaced) glue += 2 ** (count - 1);
    spaced = false;
    count += 1;
    out[at + count] = token <= 0x7fffffff ? token : aside(token, wide);
  }
  out[at] = glue <= 0x7fffffff ? glue : aside(glue, wide);
  return count;
}

function aside(value: number, wide: number[]): number {
  wide.push(value);
  return WIDE + wide.length - 1;
}

function whole(value: string, words: WordTable, out: Int32Array, at: number): number {
  out[at] = 0;
  out[at + 1] = -words.add(value, 0, value.length, hashText(value, 0, value.length)) - 1;
  return 1;
}

/**
 * The tokens of every text, scanned once in the counting pass and replayed in the writing pass:
 * entries of [count, glue, tokens…] (or [−1] for null) in scan order.
 */
export class TokenLog {
  data: Int32Array;
  /** Values a slot cannot hold (see WIDE). */
  private readonly wide: number[] = [];
  private length = 0;
  /** Where the next replayed entry starts. */
  position = 0;
  /** Per entry, in scan order: its template id, or −1 (null, '' or not templatable). */
  private templateIds: Int32Array;
  private entries = 0;
  private replayed = 0;

  /** `expected` values are reserved up front: regrowing a large buffer is costly. */
  constructor(expected: number) {
    this.data = new Int32Array(Math.max(1024, expected));
    this.templateIds = new Int32Array(Math.max(256, expected >> 2));
  }

  /**
   * Scans a text into the log: [count, glue, tokens…], or [−1] for null; counts its words and its
   * template (see {@link templateOf}).
   */
  record(value: string | null, words: WordTable, templates: TemplateTable): void {
    if (this.length + MAX_TOKENS + 2 > this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data.subarray(0, this.length));
      this.data = next;
    }
    if (this.entries === this.templateIds.length) {
      const next = new Int32Array(this.templateIds.length * 2);
      next.set(this.templateIds);
      this.templateIds = next;
    }
    if (value === null) {
      this.templateIds[this.entries++] = -1;
      this.data[this.length++] = -1;
      return;
    }
    const count = scanText(value, words, this.data, this.length + 1, this.wide);
    this.data[this.length] = count;
    this.templateIds[this.entries++] = count === 0 ? -1 : templates.add(this.data, this.length);
    this.length += count + 2;
  }

  /** The template id (TemplateTable) of the entry replayed next, −1 for none; counts the entry as replayed. */
  templateOf(): number {
    return this.templateIds[this.replayed++]!;
  }

  /** The value of a slot: its own, or the one kept aside for it. */
  value(slot: number): number {
    const stored = this.data[slot]!;
    return stored < WIDE_LIMIT ? this.wide[stored - WIDE]! : stored;
  }
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
    const ids: number[] = [];
    for (let id = 0; id < this.values.length; id += 1) if (this.counts[id]! >= minimum) ids.push(id);
    ids.sort((a, b) => this.counts[b]! - this.counts[a]! || a - b);
    this.rank = new Int32Array(this.values.length).fill(-1);
    ids.forEach((id, position) => (this.rank[id] = position));
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
    const ids: number[] = [];
    for (let id = 0; id < this.lists.length; id += 1) if (this.counts[id]! > 0) ids.push(id);
    ids.sort((a, b) => this.counts[b]! - this.counts[a]! || a - b);
    this.rank = new Int32Array(this.lists.length).fill(-1);
    ids.forEach((id, position) => (this.rank[id] = position));
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
