import type { CountryId } from '@riskatlas/domain';

const GB_OUTWARD = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const GB_INWARD = /^\d[A-Z]{2}$/;

/**
 * The pack's key for a postal code as people write it, or undefined when it cannot be one of that
 * country's codes: US/PR ZIP and ZIP+4 → five digits (leading zeros that spreadsheets strip are
 * restored: '2134' → '02134'); Mexican CP → five digits ('6700' → '06700'); Canadian postal code
 * → its FSA ('m5v 3l9' → 'M5V'); UK postcode → its outward code ('SW1A 1AA' → 'SW1A').
 */
export function normalizePostalCode(countryId: CountryId, raw: string): string | undefined {
  const text = raw.trim().toUpperCase();
  switch (countryId) {
    case 1:
    case 6: {
      const match = /^(\d{3,5})(?:[-\s]\d{4})?$/.exec(text) ?? /^(\d{5})\d{4}$/.exec(text);
      return match ? match[1]!.padStart(5, '0') : undefined;
    }
    case 5: {
      const match = /^(\d{4,5})$/.exec(text);
      return match ? match[1]!.padStart(5, '0') : undefined;
    }
    case 2: {
      const match = /^([A-Z]\d[A-Z])(?:\d[A-Z]\d)?$/.exec(text.replace(/[\s-]+/g, ''));
      return match ? match[1] : undefined;
    }
    case 3: {
      const compact = text.replace(/\s+/g, '');
      if (compact.length >= 5 && GB_INWARD.test(compact.slice(-3)) && GB_OUTWARD.test(compact.slice(0, -3))) return compact.slice(0, -3);
      if (GB_OUTWARD.test(compact)) return compact;
      return undefined;
    }
    default:
      return undefined;
  }
}
