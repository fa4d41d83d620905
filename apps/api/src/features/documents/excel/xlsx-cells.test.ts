import { describe, expect, it } from 'vitest';
import { scoreRangeForCountry } from '@riskatlas/domain';
import { bandFill, sheetRow } from './xlsx-cells';

const colourOf = (fill: ReturnType<typeof bandFill>) => (fill.type === 'pattern' ? `#${fill.fgColor!.argb!.slice(2).toLowerCase()}` : undefined);

describe('xlsx cells', () => {
  it('fills a score in its country band colour: 5 colours before the 2018 release', () => {
    // 350 is in the third standard band (200–399) and the fourth compact band (300–399) of the UK and Mexico.
    expect(colourOf(bandFill(350, 1, 2017))).toBe('#fdd835');
    expect(colourOf(bandFill(350, 3, 2017))).toBe('#fb8c00');
    expect(colourOf(bandFill(350, 5, 2017))).toBe('#fb8c00');
    expect(colourOf(bandFill(1500, 3, 2017))).toBe('#d32f2f');
  });

  it('uses the 25-colour scheme from the 2018 release', () => {
    const detailed = scoreRangeForCountry(1).detailedBreaks;
    const band = detailed.find((entry) => 350 >= entry.min && 350 <= entry.max)!;
    expect(colourOf(bandFill(350, 1, 2018))).toBe(band.color);
    expect(new Set(detailed.map((entry) => entry.color)).size).toBe(25);
    expect(colourOf(bandFill(350, 1, 2018))).not.toBe('#fdd835');
  });

  it('defuses text that would run as a formula and keeps numbers as numbers', () => {
    expect(sheetRow(['=1+1', '+x', '-y', '@z', '\tt', '\rr', 'plain', -5, 0, null, undefined])).toEqual(["'=1+1", "'+x", "'-y", "'@z", "'\tt", "'\rr", 'plain', -5, 0, null, null]);
  });
});
