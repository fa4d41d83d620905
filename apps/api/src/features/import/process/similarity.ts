/**
 * How alike two normalised texts are, for the import's fuzzy matching of names and addresses:
 * Jaro-Winkler (good on short strings with typos and shared prefixes) guarded by their numbers —
 * 'Store 12' and 'Store 13', or '100 Main St' and '102 Main St', are different places however
 * alike the letters look.
 */

/** Jaro-Winkler similarity of two strings, 0 (nothing alike) to 1 (the same). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = new Uint8Array(a.length);
  const bMatched = new Uint8Array(b.length);
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

/** Similarity of two normalised texts: 0 when their numbers differ, else Jaro-Winkler, rounded to 3 decimals. */
export function textSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (numbersOf(a) !== numbersOf(b)) return 0;
  return Math.round(jaroWinkler(a, b) * 1000) / 1000;
}

/** A near match: alike enough to warn that two rows may be the same site (a typo, a word left out). */
export const NEAR_MATCH_THRESHOLD = 0.92;
