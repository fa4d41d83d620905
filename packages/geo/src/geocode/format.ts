import type { CountryId } from '@riskatlas/domain';
import { regionByCode } from './regions';

/** Coordinates of geocoded candidates are kept to 7 decimals. */
export function round7(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

/** 'CHICAGO' and 'chicago' → 'Chicago'; mixed case as typed is kept. */
export function displayName(text: string): string {
  if (text !== text.toUpperCase() && text !== text.toLowerCase()) return text;
  return text.toLowerCase().replace(/(^|[\s\-'’(/])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** The State value to show for a gazetteer admin1 code ('IL', 'ON', 'PR'; 'England', 'Jalisco'). */
export function stateDisplay(countryId: CountryId, admin1Code: string, admin1Name: string): string {
  return regionByCode(countryId, admin1Code)?.display ?? admin1Name;
}

/** Confidence kept to two decimals, within 0..1. */
export function roundConfidence(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}
