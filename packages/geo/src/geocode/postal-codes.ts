import type { CountryId } from '@riskatlas/domain';

/*
 * Postal codes per country. Each parser accepts what customers and spreadsheets actually write
 * (any case, spaces or not, ZIP+4, leading zeros lost by Excel) and returns the key the gazetteer
 * indexes: US/PR five-digit ZIP, Canadian FSA, UK outward code, Mexican five-digit CP. A code that
 * does not fit the country's pattern gives undefined: it is never tried in another country.
 */

/** A postal code read for one country. */
export interface ParsedPostalCode {
  /** The gazetteer key: US/PR 5 digits, CA FSA ('M5V'), GB outward code ('SW1A'), MX 5 digits. */
  key: string;
  /** Formatted for display: '60601-1234', 'M5V 3L9', 'SW1A 1AA', '06700'. */
  display: string;
  /** Keys to try, in order, when `key` is not in the gazetteer (a UK sub-district: 'W1A' → 'W1'). */
  fallbackKeys: readonly string[];
  /** Leading zeros were restored ('2108' → '02108'). */
  padded: boolean;
  /** The code was complete (ZIP+4, a full Canadian or UK code), not only its area part. */
  full: boolean;
}

const NONE: readonly string[] = [];

/** Strips what spreadsheets and forms wrap around a code: a float tail ('60601.0'), quotes. */
function bare(text: string): string {
  return text
    .trim()
    .replace(/^['"]+|['"]+$/g, '')
    .replace(/\.0+$/, '')
    .toUpperCase();
}

/**
 * A US or Puerto Rico ZIP: '60601', '60601-1234', '60601 1234', '606011234'; 4-digit ('2108') and
 * 8-digit ZIP+4 inputs get their lost leading zero back, 3-digit ('901') and 7-digit two zeros.
 */
function parseUsZip(text: string): ParsedPostalCode | undefined {
  const raw = bare(text).replace(/^(?:ZIP|ZIP CODE)[:\s]*/, '');
  if (!/^[\d\s-]+$/.test(raw)) return undefined;
  // A hyphen or space only separates ZIP and +4: '60601-1234', never '6-0601'.
  if (/[\s-]/.test(raw) && !/^\d{3,5}[\s-]+\d{4}$/.test(raw)) return undefined;
  const digits = raw.replace(/[\s-]/g, '');
  let zip: string;
  let plus4 = '';
  let padded = false;
  switch (digits.length) {
    case 5:
      zip = digits;
      break;
    case 9:
      zip = digits.slice(0, 5);
      plus4 = digits.slice(5);
      break;
    case 3:
    case 4:
      zip = digits.padStart(5, '0');
      padded = true;
      break;
    case 7:
    case 8:
      zip = digits.slice(0, -4).padStart(5, '0');
      plus4 = digits.slice(-4);
      padded = true;
      break;
    default:
      return undefined;
  }
  if (zip === '00000') return undefined;
  return { key: zip, display: plus4 ? `${zip}-${plus4}` : zip, fallbackKeys: NONE, padded, full: plus4 !== '' };
}

/** True for a ZIP in Puerto Rico's ranges (006xx, 007xx, 009xx). */
export function isPuertoRicoZip(zip5: string): boolean {
  return /^00[679]\d\d$/.test(zip5);
}

const CA_FULL = /^([A-Z]\d[A-Z])(\d[A-Z]\d)$/;
const CA_FSA = /^[A-Z]\d[A-Z]$/;

/** A Canadian postal code, full ('M5V 3L9', 'm5v3l9', 'M5V-3L9') or its FSA alone ('M5V'). */
function parseCanadianPostalCode(text: string): ParsedPostalCode | undefined {
  const compact = bare(text).replace(/[\s-]+/g, '');
  const full = CA_FULL.exec(compact);
  if (full) return { key: full[1]!, display: `${full[1]} ${full[2]}`, fallbackKeys: NONE, padded: false, full: true };
  if (CA_FSA.test(compact)) return { key: compact, display: compact, fallbackKeys: NONE, padded: false, full: false };
  return undefined;
}

const UK_CODE = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})?$/;

/** A UK postcode, full ('SW1A 1AA', 'sw1a1aa') or its outward code alone ('SW1A', 'M1'). */
function parseUkPostcode(text: string): ParsedPostalCode | undefined {
  const compact = bare(text).replace(/[\s-]+/g, '');
  const match = UK_CODE.exec(compact);
  if (!match) return undefined;
  const outward = match[1]!;
  const inward = match[2] ?? '';
  // Sub-districts ('W1A', 'EC1M') are not always listed on their own: fall back to the district.
  const fallbackKeys = /^[A-Z]{1,2}\d[A-Z]$/.test(outward) ? [outward.slice(0, -1)] : NONE;
  return { key: outward, display: inward ? `${outward} ${inward}` : outward, fallbackKeys, padded: false, full: inward !== '' };
}

/** A Mexican código postal: 5 digits, or 4 when a spreadsheet dropped the leading zero ('6700' → '06700'). */
function parseMexicanPostalCode(text: string): ParsedPostalCode | undefined {
  const raw = bare(text).replace(/^C\s*\.?\s*P\s*\.?\s*/, '').replace(/\s+/g, '');
  if (!/^\d{4,5}$/.test(raw)) return undefined;
  const code = raw.padStart(5, '0');
  if (code < '01000') return undefined;
  return { key: code, display: code, fallbackKeys: NONE, padded: raw.length === 4, full: true };
}

/** A postal code read by the rules of its country (US rules for Puerto Rico). */
export function parsePostalCode(countryId: CountryId, text: string | null | undefined): ParsedPostalCode | undefined {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  switch (countryId) {
    case 1:
    case 6:
      return parseUsZip(text);
    case 2:
      return parseCanadianPostalCode(text);
    case 3:
      return parseUkPostcode(text);
    case 5:
      return parseMexicanPostalCode(text);
  }
}

/**
 * The country a postal code's shape alone names, for addresses without a country: only full
 * Canadian ('M5V 3L9') and full UK ('SW1A 1AA') codes are unambiguous (five digits are US or MX).
 */
export function countryOfPostalShape(text: string | null | undefined): CountryId | undefined {
  if (typeof text !== 'string') return undefined;
  const compact = bare(text).replace(/[\s-]+/g, '');
  if (CA_FULL.test(compact)) return 2;
  const uk = UK_CODE.exec(compact);
  if (uk && uk[2]) return 3;
  return undefined;
}
