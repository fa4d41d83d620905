import { describe, expect, it } from 'vitest';
import { areaRecord, rateRows, scoringTables, yearRange } from '../src/model/testing-fixtures';
import type { LocalSpreadRecord } from '../src/pack/read-tables';
import { internationalBandsMarkdown } from './international-bands';
import { projectionMarkdown } from './projection-markdown';

const spread = (rateIndex: number, value: number, heldOutInside: number, insideBefore: number): LocalSpreadRecord => ({
  source: 'london-lsoa-force',
  countryId: 3,
  appliesTo: 'C',
  rateIndex,
  spread: value,
  measured: 100,
  heldOutInside,
  insideBefore,
});

describe('generated sections of docs/methodology.md', () => {
  it('report the non-US bands\' held-out coverage per source and crime-type group, pooled over the group\'s keys', () => {
    const markdown = internationalBandsMarkdown(scoringTables({ localSpreads: [spread(4, 0.4, 88, 100), spread(5, 1.2, 92, 70), spread(9, 0.6, 90, 99)] }));
    expect(markdown).toContain('| Burglary, larceny, motor vehicle theft | 200 | 0.40–1.20 | 85 % | 90 % |');
    expect(markdown).toContain('| Persons, property, total | 100 | 0.60 | 99 % | 90 % |');
    expect(markdown).not.toContain('| Homicide |');
  });

  it('publish the backtest per country and series, and say so when the finer series\' raw data is absent', () => {
    const tables = scoringTables({
      areas: [areaRecord('CA', 2, 'N'), areaRecord('CA-ON', 2, 'S', 'CA'), areaRecord('CA-QC', 2, 'S', 'CA')],
      areaRates: yearRange(1998, 2024).flatMap((year) => [
        ...rateRows('CA', [year], 100 + (year % 3)),
        ...rateRows('CA-ON', [year], 90 + (year % 4)),
        ...rateRows('CA-QC', [year], 110 - (year % 5)),
      ]),
    });
    const markdown = projectionMarkdown(tables, '/nonexistent-raw-data');
    expect(markdown).toMatch(/\| Canada: provinces \| ratio to the nation \| \d+ \|/);
    expect(markdown).toContain('skipped — no raw data in /nonexistent-raw-data');
    expect(projectionMarkdown(tables, '/nonexistent-raw-data')).toBe(markdown);
  });
});
