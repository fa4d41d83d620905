/*
 * Place-name normalisation shared by the pack build, the gazetteer indexes, places search and the
 * geocoder: two spellings of one place must normalise to the same key ("St. Louis" / "Saint
 * Louis", "Ft Worth" / "Fort Worth", "Montréal" / "MONTREAL", "Winston-Salem" / "Winston Salem").
 */

/** Abbreviations that stand for a whole word in place names. */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
  mtn: 'mountain',
  pt: 'point',
};

/** Letters that Unicode decomposition leaves alone. */
const LIGATURES: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower case, no accents, no apostrophes, other punctuation as spaces, single spaces. */
function baseTokens(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => LIGATURES[c] ?? c)
    // O'Fallon, Coeur d'Alene: an apostrophe joins, it does not separate.
    .replace(/['’‘`´]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return folded === '' ? [] : folded.split(' ');
}

/**
 * The comparison key of a place name: case, accents and punctuation folded, and the usual
 * abbreviations expanded (St/Saint, Ste/Sainte, Ft/Fort, Mt/Mount, Mtn/Mountain, Pt/Point).
 * "St. Paul" → "saint paul"; "Sault Ste. Marie" → "sault sainte marie"; "Mt. Vernon" → "mount vernon".
 */
export function normalizePlaceName(text: string): string {
  return baseTokens(text)
    .map((token) => ABBREVIATIONS[token] ?? token)
    .join(' ');
}

/**
 * Keys for prefix search on text a user is still typing: its last word may be unfinished ("Ste"
 * on the way to "Stevens Point"), so it is tried both as typed and expanded. One or two keys.
 */
export function placeNamePrefixes(text: string): string[] {
  const tokens = baseTokens(text);
  if (tokens.length === 0) return [];
  const head = tokens.slice(0, -1).map((token) => ABBREVIATIONS[token] ?? token);
  const last = tokens[tokens.length - 1]!;
  // A trailing space or period means the last word is finished.
  const finished = /[\s.]$/.test(text);
  const expanded = [...head, ABBREVIATIONS[last] ?? last].join(' ');
  if (finished || !ABBREVIATIONS[last]) return [expanded];
  return [expanded, [...head, last].join(' ')];
}
