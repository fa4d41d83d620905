/**
 * The text tokenizer of the packed site list's encoder (packed-sites.ts documents the format): words
 * by id, the scan of a text into tokens, and the log of every text's tokens that the writing pass
 * replays. Internal to the sites folder.
 */
import { HashSlots } from './packed-sites-hash';
import { MAX_TOKENS, rankByUse } from './packed-sites-io';
import type { TemplateTable } from './packed-sites-templates';

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
    const { ids, rank } = rankByUse(this.counts, 2);
    this.rank = rank;
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
      for (;;) {
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
        : -words.add(value, start, index, hashText(value, start, index)) - 1;
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
    // Bit count − 1 of the glue mask; past bit 29 a shift would leave the small-integer range.
    if (!spaced) glue += count < 30 ? 1 << (count - 1) : 2 ** (count - 1);
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
