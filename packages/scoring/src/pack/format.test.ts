import { describe, expect, it } from 'vitest';
import {
  AREA_PREFIX_OF_COUNTRY,
  AREA_RATES_COLUMNS,
  COUNTRY_ID_OF_AREA_PREFIX,
  INCIDENT_CELLS_COLUMNS,
  OFFENCE_KEYS,
  RATE_KEYS,
  areaSlug,
  fixed,
  tsvFile,
  tsvLine,
} from './format';

describe('scoring pack format', () => {
  it('prints fixed decimals, an empty field for no data, and never a negative zero', () => {
    expect(fixed(1.23456, 3)).toBe('1.235');
    expect(fixed(2, 1)).toBe('2.0');
    expect(fixed(undefined, 2)).toBe('');
    expect(fixed(null, 2)).toBe('');
    expect(fixed(Number.NaN, 2)).toBe('');
    expect(fixed(Number.POSITIVE_INFINITY, 2)).toBe('');
    // Rounding a tiny negative must not change the bytes of an otherwise identical file.
    expect(fixed(-0.0001, 3)).toBe('0.000');
    expect(fixed(-0.4, 0)).toBe('0');
    expect(fixed(-0.5001, 0)).toBe('-1');
  });

  it('joins TSV fields and refuses a field that would break a row', () => {
    expect(tsvLine(['US-IL', 2019, '', 1.5])).toBe('US-IL\t2019\t\t1.5');
    expect(() => tsvLine(['a\tb'])).toThrow(/tab or newline/);
    expect(() => tsvLine(['a\nb'])).toThrow(/tab or newline/);
    expect(() => tsvLine(['a\rb'])).toThrow(/tab or newline/);
  });

  it('writes a file as header, rows and one trailing LF, and refuses a row of the wrong width', () => {
    expect(tsvFile(['a', 'b'], [[1, 2], ['x', '']])).toBe('a\tb\n1\t2\nx\t\n');
    expect(tsvFile(['a'], [])).toBe('a\n');
    expect(() => tsvFile(['a', 'b'], [[1]])).toThrow(/1 fields, expected 2/);
  });

  it('slugs names to lower-case ASCII with single hyphens', () => {
    expect(areaSlug('Avon and Somerset')).toBe('avon-and-somerset');
    expect(areaSlug('Devon & Cornwall')).toBe('devon-and-cornwall');
    expect(areaSlug('Saint-Jérôme')).toBe('saint-jerome');
    expect(areaSlug("  Coeur d'Alene -- ID ")).toBe('coeur-d-alene-id');
  });

  it('lays out the rate tables as the seven offences then the aggregates, and maps country prefixes both ways', () => {
    expect(RATE_KEYS.slice(0, OFFENCE_KEYS.length)).toEqual([...OFFENCE_KEYS]);
    expect(AREA_RATES_COLUMNS).toHaveLength(2 + RATE_KEYS.length + 1);
    expect(INCIDENT_CELLS_COLUMNS.at(-1)).toBe('other');
    for (const [prefix, countryId] of Object.entries(COUNTRY_ID_OF_AREA_PREFIX)) expect(AREA_PREFIX_OF_COUNTRY[countryId]).toBe(prefix);
  });
});
