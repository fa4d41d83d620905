/**
 * How alike two normalised texts are, for the import's fuzzy matching of names and addresses:
 * Jaro-Winkler (good on short strings with typos and shared prefixes) guarded by their numbers —
 * 'Store 12' and 'Store 13', or '100 Main St' and '102 Main St', are different places however
 * alike the letters look.
 */

/**
 * The marks of matched characters, reused by every comparison: a run compares a row with up to
 * hundreds of sites, and a pair of fresh arrays each time was most of the import's garbage.
 */
let aMatched = new Uint8Array(256);
let bMatched = new Uint8Array(256);

/** Jaro-Winkler similarity of two strings, 0 (nothing alike) to 1 (the same). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  if (aMatched.length < a.length) aMatched = new Uint8Array(a.length * 2);
  if (bMatched.length < b.length) bMatched = new Uint8Array(b.length * 2);
  aMatched.fill(0, 0, a.length);
  bMatched.fill(0, 0, b.length);
  let matches = 0;
  for (let i = 0; i < a.length; i += 1) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j += 1) {
      if (bMatched[j] || a.charCodeAt(i) !== b.charCodeAt(j)) continue;
      aMatched[i] = 1;
      bMatched[j] = 1;
      matches += 1;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < a.length; i += 1) {
    if (!aMatched[i]) continue;
    while (!bMatched[j]) j += 1;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) transpositions += 1;
    j += 1;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix += 1;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** The numbers a text holds, joined ('unit 4 100 main' → '4 100'). */
export function numbersOf(text: string): string {
  return (text.match(/\d+/g) ?? []).join(' ');
}

/** A normalised text with its numbers, worked out once: each is compared with many others. */
export interface FuzzyText {
  text: string;
  /** numbersOf(text). */
  numbers: string;
}

/** A text ready for textSimilarity. */
export function fuzzyText(text: string): FuzzyText {
  return { text, numbers: numbersOf(text) };
}

/** Similarity of two normalised texts: 0 when their numbers differ, else Jaro-Winkler, rounded to 3 decimals. */
export function textSimilarity(a: FuzzyText, b: FuzzyText): number {
  if (a.text === b.text) return 1;
  if (a.numbers !== b.numbers) return 0;
  return Math.round(jaroWinkler(a.text, b.text) * 1000) / 1000;
}

/** A near match: alike enough to warn that two rows may be the same site (a typo, a word left out). */
export const NEAR_MATCH_THRESHOLD = 0.92;
