/*
 * Text normalisation for matching names (countries, states, cities) and for showing a street line
 * the way customers expect it. Matching keys are accent-free, lower case, punctuation-free.
 */

const ASCII = /^[\x20-\x7e]*$/;
const MARKS = /\p{M}+/gu;

/** Removes accents: 'Québec' → 'Quebec', 'Nuevo León' → 'Nuevo Leon'. */
function foldAccents(text: string): string {
  // Most input is plain ASCII; skipping NFD there keeps the postal-code hot path cheap.
  if (ASCII.test(text)) return text;
  return text.normalize('NFD').replace(MARKS, '').replace(/ß/g, 'ss').replace(/[Øø]/g, 'o').replace(/[Łł]/g, 'l');
}

/**
 * A matching key: accents folded, lower case, dots dropped ('N.L.' → 'nl', 'Edo. Méx.' → 'edo mex'),
 * apostrophes dropped, other punctuation a space, whitespace collapsed.
 */
export function matchKey(text: string | number | null | undefined): string {
  const value = typeof text === 'number' ? String(text) : text;
  if (typeof value !== 'string' || value === '') return '';
  return foldAccents(value)
    .toLowerCase()
    .replace(/[.'’`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Trims free text and collapses inner whitespace; null, undefined and anything else that is not
 * text become ''. A number (a ZIP read from a spreadsheet cell) is written out.
 */
export function cleanText(text: string | number | null | undefined): string {
  const value = typeof text === 'number' && Number.isFinite(text) ? String(text) : text;
  if (typeof value !== 'string') return '';
  return value.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** True when the text has at least one letter or digit (so '!!!!' and '---' count as empty). */
export function hasContent(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** Street types: every spelling → USPS abbreviation (Publication 28, the common ones). */
const STREET_TYPES: Record<string, string> = {
  street: 'St', st: 'St', str: 'St',
  avenue: 'Ave', ave: 'Ave', av: 'Ave', avn: 'Ave',
  boulevard: 'Blvd', blvd: 'Blvd', boul: 'Blvd',
  road: 'Rd', rd: 'Rd',
  drive: 'Dr', dr: 'Dr', drv: 'Dr',
  lane: 'Ln', ln: 'Ln',
  court: 'Ct', ct: 'Ct',
  place: 'Pl', pl: 'Pl',
  highway: 'Hwy', hwy: 'Hwy',
  parkway: 'Pkwy', pkwy: 'Pkwy', pky: 'Pkwy',
  expressway: 'Expy', expy: 'Expy',
  freeway: 'Fwy', fwy: 'Fwy',
  terrace: 'Ter', ter: 'Ter',
  circle: 'Cir', cir: 'Cir',
  square: 'Sq', sq: 'Sq',
  trail: 'Trl', trl: 'Trl',
  way: 'Way',
  plaza: 'Plz', plz: 'Plz',
  center: 'Ctr', centre: 'Ctr', ctr: 'Ctr',
  crescent: 'Cres', cres: 'Cres',
  turnpike: 'Tpke', tpke: 'Tpke',
  alley: 'Aly', aly: 'Aly',
  point: 'Pt', pt: 'Pt',
};

/** Unit designators → USPS abbreviation. */
const UNIT_TYPES: Record<string, string> = {
  suite: 'Ste', ste: 'Ste',
  apartment: 'Apt', apt: 'Apt',
  building: 'Bldg', bldg: 'Bldg',
  floor: 'Fl', fl: 'Fl',
  room: 'Rm', rm: 'Rm',
  unit: 'Unit',
  department: 'Dept', dept: 'Dept',
};

const DIRECTIONALS: Record<string, string> = {
  north: 'N', n: 'N', south: 'S', s: 'S', east: 'E', e: 'E', west: 'W', w: 'W',
  northeast: 'NE', ne: 'NE', northwest: 'NW', nw: 'NW', southeast: 'SE', se: 'SE', southwest: 'SW', sw: 'SW',
};

/** Abbreviation → the full word, for geocoders that match words only (Photon). */
const EXPANSIONS: Record<string, string> = {
  St: 'Street', Ave: 'Avenue', Blvd: 'Boulevard', Rd: 'Road', Dr: 'Drive', Ln: 'Lane', Ct: 'Court',
  Pl: 'Place', Hwy: 'Highway', Pkwy: 'Parkway', Expy: 'Expressway', Fwy: 'Freeway', Ter: 'Terrace',
  Cir: 'Circle', Sq: 'Square', Trl: 'Trail', Plz: 'Plaza', Ctr: 'Center', Cres: 'Crescent',
  Tpke: 'Turnpike', Aly: 'Alley', Pt: 'Point', Ste: 'Suite', Apt: 'Apartment', Bldg: 'Building',
  Fl: 'Floor', Rm: 'Room', Dept: 'Department',
  N: 'North', S: 'South', E: 'East', W: 'West', NE: 'Northeast', NW: 'Northwest', SE: 'Southeast', SW: 'Southwest',
};

/** Words kept upper case in a street line. */
const UPPER_WORDS = new Set(['po', 'us', 'sr', 'fm', 'cr', 'ii', 'iii', 'iv']);

/** Particles that stay lower case inside a street name ('Paseo de la Reforma', 'Avenue of the Americas'). */
const LOWER_PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y', 'of', 'the', 'and']);

function titleWord(word: string, index: number): string {
  const lower = word.toLowerCase();
  // Only re-cased when typed all lower or all upper: mixed case is the user's choice.
  if (index > 0 && LOWER_PARTICLES.has(lower) && (word === lower || word === word.toUpperCase())) return lower;
  if (/^\d+(st|nd|rd|th)$/.test(lower)) return lower;
  if (/\d/.test(word)) return word.toUpperCase();
  if (UPPER_WORDS.has(lower)) return word.toUpperCase();
  // Mixed case typed by the user ('McKinley') is kept; all-upper or all-lower words are title-cased.
  if (word !== word.toUpperCase() && word !== lower) return word;
  return lower
    .split(/(?<=[-'’])/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** Street-type and directional rules apply to English street lines (US, PR, Canada). */
export type StreetStyle = 'usps' | 'plain';

/**
 * A street line for display: whitespace and stray punctuation cleaned, words title-cased, and in
 * 'usps' style street types, unit designators and directionals abbreviated the USPS way
 * ('233 south wacker drive suite 200' → '233 S Wacker Dr Ste 200'). A directional that is itself
 * the street name ('North Avenue') stays a word.
 */
export function normalizeStreet(text: string | null | undefined, style: StreetStyle = 'usps'): string {
  const cleaned = cleanText(text)
    .replace(/[,;]+/g, ' ')
    .replace(/\s*#\s*/g, ' #')
    .replace(/\.(?=\s|$)/g, '')
    .trim();
  if (!cleaned || !hasContent(cleaned)) return '';
  const words = cleaned.split(/\s+/).filter((w) => w !== '' && w !== '#');
  if (style === 'plain') return words.map(titleWord).join(' ');
  const keys = words.map((w) => foldAccents(w).toLowerCase().replace(/[.]/g, ''));
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const key = keys[i]!;
    const next = keys[i + 1];
    const prev = keys[i - 1];
    const direction = DIRECTIONALS[key];
    if (direction) {
      const nextIsType = next !== undefined && (STREET_TYPES[next] !== undefined || UNIT_TYPES[next] !== undefined);
      const atEnd = next === undefined || UNIT_TYPES[next] !== undefined || next.startsWith('#');
      const afterType = prev !== undefined && STREET_TYPES[prev] !== undefined;
      // Prefix directional (before the street name) or suffix directional (after the street type).
      if ((!nextIsType && !atEnd) || (atEnd && (afterType || i > 1))) {
        out.push(direction);
        continue;
      }
    }
    // A street type is abbreviated when it follows the name (not 'Avenue A' style leading words).
    const type = STREET_TYPES[key];
    if (type && i > 0 && !/^\d+$/.test(prev ?? '')) {
      out.push(type);
      continue;
    }
    const unit = UNIT_TYPES[key];
    if (unit && i > 0) {
      out.push(unit);
      continue;
    }
    out.push(titleWord(words[i]!, i));
  }
  return out.join(' ');
}

/** A USPS-style street line with the abbreviations written out ('233 S Wacker Dr' → '233 South Wacker Drive'). */
export function expandStreet(street: string): string {
  return street
    .split(' ')
    .map((word) => EXPANSIONS[word] ?? word)
    .join(' ');
}

/** Splits '233 S Wacker Dr' into house number '233' and street 'S Wacker Dr' (no number → ''). */
export function splitHouseNumber(street: string): { houseNumber: string; streetName: string } {
  const match = /^(\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?)\s+(.+)$/.exec(street);
  if (!match) return { houseNumber: '', streetName: street };
  return { houseNumber: match[1]!, streetName: match[2]! };
}
