/**
 * Text templates of the packed site list (packed-sites.ts documents the format): a text with its
 * numbers taken out. Chains repeat the shape of their names, external ids, notes and postcodes
 * ('Store #', '#-#', 'Lease renews #; …'), and an import repeats whole streets and names; a text
 * whose template is used twice or more is written as a template reference and its numbers only.
 * Internal to the sites folder.
 */
import { HashSlots } from './packed-sites-hash';
import { rankByUse } from './packed-sites-io';

/** Stands for a number in a template's text; a text holding it is never templated. */
const NUMBER_SLOT = '\u0000';

/** A token log slot that is a word (see TokenLog): negative and above the wide marks. */
const WORD_LIMIT = -0x40000000;

/**
 * Templates by id, keyed by a text's glue mask and its tokens with every number replaced by one
 * mark: found in an open-addressing hash table over the token log, so counting allocates only
 * once per distinct template.
 */
export class TemplateTable {
  /** Per template: where its key starts in `keys` ([glue, token count, tokens…]). */
  private readonly starts: number[] = [];
  readonly counts: number[] = [];
  private keys = new Int32Array(1 << 14);
  private keyLength = 0;
  private readonly slots = new HashSlots();
  /** Template id → dictionary index, or −1 when written as tokens; set by {@link seal}. */
  rank: Int32Array = new Int32Array(0);
  /** The dictionary's texts, most used first, numbers as {@link NUMBER_SLOT}. */
  entries: string[] = [];

  /**
   * The template id of the token log entry at `at` ([count, glue, tokens…], count ≥ 1), counting
   * one use; −1 when the text cannot be templated (its glue mask needs more than 31 bits).
   */
  add(log: Int32Array, at: number): number {
    const count = log[at]!;
    const glue = log[at + 1]!;
    if (glue < 0) return -1;
    let hash = Math.imul(0x811c9dc5 ^ glue, 0x01000193);
    for (let index = 0; index < count; index += 1) hash = Math.imul(hash ^ keyOf(log[at + 2 + index]!), 0x01000193);
    const slots = this.slots;
    for (let slot = slots.start(hash); ; slot = slots.next(slot)) {
      const id = slots.idAt(slot);
      if (id < 0) break;
      if (slots.hashOf(id) === hash && this.matches(id, log, at)) {
        this.counts[id]! += 1;
        return id;
      }
    }
    return this.insert(log, at, hash);
  }

  private matches(id: number, log: Int32Array, at: number): boolean {
    const start = this.starts[id]!;
    const count = log[at]!;
    if (this.keys[start] !== log[at + 1] || this.keys[start + 1] !== count) return false;
    for (let index = 0; index < count; index += 1) if (this.keys[start + 2 + index] !== keyOf(log[at + 2 + index]!)) return false;
    return true;
  }

  private insert(log: Int32Array, at: number, hash: number): number {
    const count = log[at]!;
    if (this.keyLength + count + 2 > this.keys.length) {
      const next = new Int32Array(Math.max(this.keys.length * 2, this.keyLength + count + 2));
      next.set(this.keys.subarray(0, this.keyLength));
      this.keys = next;
    }
    this.starts.push(this.keyLength);
    this.keys[this.keyLength++] = log[at + 1]!;
    this.keys[this.keyLength++] = count;
    for (let index = 0; index < count; index += 1) this.keys[this.keyLength++] = keyOf(log[at + 2 + index]!);
    this.counts.push(1);
    return this.slots.add(hash);
  }

  /**
   * Fixes the dictionary: templates used twice or more whose words hold no {@link NUMBER_SLOT},
   * most used first (ties: first seen first). `wordOf` gives a word id's text. Each such use no
   * longer writes the template's words, so their counts are taken back from `wordCounts` (a word
   * left with one use becomes a literal, with none it leaves the word dictionary).
   */
  seal(wordOf: (id: number) => string, wordCounts: number[]): void {
    const texts = new Map<number, string>();
    const { ids, rank } = rankByUse(this.counts, 2, (id) => {
      const text = this.textOf(id, wordOf);
      if (text !== null) texts.set(id, text);
      return text !== null;
    });
    this.rank = rank;
    this.entries = ids.map((id) => texts.get(id)!);
    for (const id of ids) {
      const start = this.starts[id]!;
      const count = this.keys[start + 1]!;
      for (let index = 0; index < count; index += 1) {
        const key = this.keys[start + 2 + index]!;
        if (key < 0) wordCounts[-key - 1]! -= this.counts[id]!;
      }
    }
  }

  /** The text of template `id` with numbers as {@link NUMBER_SLOT}; null when a word holds that character. */
  private textOf(id: number, wordOf: (id: number) => string): string | null {
    const start = this.starts[id]!;
    let glue = this.keys[start]!;
    const count = this.keys[start + 1]!;
    let text = '';
    for (let index = 0; index < count; index += 1) {
      if (index > 0) {
        if (glue % 2 === 0) text += ' ';
        glue = Math.floor(glue / 2);
      }
      const key = this.keys[start + 2 + index]!;
      if (key === NUMBER_KEY) text += NUMBER_SLOT;
      else {
        const word = wordOf(-key - 1);
        if (word.includes(NUMBER_SLOT)) return null;
        text += word;
      }
    }
    return text;
  }
}

/** The key a number token has in a template: every number is the same slot. */
const NUMBER_KEY = 1;

/** A token log slot as a template key: the word token itself, or {@link NUMBER_KEY} for a number (wide ones included). */
function keyOf(slot: number): number {
  return slot < 0 && slot > WORD_LIMIT ? slot : NUMBER_KEY;
}

/**
 * A template's text cut at its number slots, for the decoder: the parts between the numbers
 * (one more than the numbers).
 */
export function templateParts(text: string): string[] {
  return text.split(NUMBER_SLOT);
}
