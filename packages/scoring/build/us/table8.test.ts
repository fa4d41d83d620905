import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithRawData, rawDataDir } from '../test-raw-data';
import { parseTable8Sheet, readTable8, stripFootnotes, TABLE8_YEARS, table8File, type Table8Row } from './table8';

describe('stripFootnotes', () => {
  it('removes footnote marks glued to names and headers', () => {
    expect(stripFootnotes('ALABAMA3')).toBe('ALABAMA');
    expect(stripFootnotes('Houston4,6')).toBe('Houston');
    expect(stripFootnotes('Abilene5, 6')).toBe('Abilene');
    expect(stripFootnotes('Imperial4 ')).toBe('Imperial');
    expect(stripFootnotes('Rape\n(revised\ndefinition)1')).toBe('Rape (revised definition)');
    expect(stripFootnotes('Abington Township, Montgomery County')).toBe('Abington Township, Montgomery County');
  });
});

describe('parseTable8Sheet', () => {
  // Rows as SheetJS reads them from the 2015 file (header, first rows of two states, a footnote).
  const header = ['State', 'City', 'Population', 'Violent\ncrime', 'Murder and\nnonnegligent\nmanslaughter', 'Rape\n(revised\ndefinition)1', 'Rape\n(legacy\ndefinition)2', 'Robbery', 'Aggravated\nassault', 'Property\ncrime', 'Burglary', 'Larceny-\ntheft', 'Motor\nvehicle\ntheft', 'Arson3'];
  const rows: unknown[][] = [
    header,
    ['ALABAMA', 'Abbeville', 2610, 9, 0, 3, null, 0, 6, 76, 24, 50, 2, null],
    [null, 'Adamsville', 4414, 25, 1, 3, null, 5, 16, 330, 38, 278, 14, null],
    ['ILLINOIS', 'East Chicago', 28814, 246, 7, null, 12, 91, 136, 1101, 245, 763, 93, null],
    [null, 'Baltimore City Sheriff', null, 0, 0, null, 0, 0, 0, 0, 0, 0, 0, 0],
    ['6 The FBI determined that the agency\'s data were overreported.', null, null, null, null, null, null, null, null, null, null, null, null, null],
  ];

  it('forward-fills the state, reads revised rape else legacy, keeps blanks as not reported, skips footnotes', () => {
    const parsed = parseTable8Sheet(rows, 2015, 'test.xls');
    expect(parsed.map((row) => [row.state, row.name, row.population])).toEqual([
      ['AL', 'Abbeville', 2610],
      ['AL', 'Adamsville', 4414],
      ['IL', 'East Chicago', 28814],
      ['IL', 'Baltimore City Sheriff', undefined],
    ]);
    expect(parsed[0]!.counts).toEqual({ homicide: 0, rape: 3, robbery: 0, aggravatedAssault: 6, burglary: 24, larceny: 50, motorVehicleTheft: 2 });
    expect(parsed[2]!.counts.rape).toBe(12);
  });

  it('refuses a sheet without a needed column and an unknown state', () => {
    expect(() => parseTable8Sheet([header.filter((h) => h !== 'Burglary')], 2015, 'test.xls')).toThrow(/no burglary column/);
    expect(() => parseTable8Sheet([header, ['NARNIA', 'Cair', 1, 0, 0, 0, null, 0, 0, 0, 0, 0, 0, null]], 2015, 'test.xls')).toThrow(/unknown state/);
  });
});

describeWithRawData('Table 8 files', () => {
  const byYear = new Map<number, Table8Row[]>();
  beforeAll(() => {
    for (const year of TABLE8_YEARS) byYear.set(year, readTable8(rawDataDir, table8File(rawDataDir, year), year));
  }, 60_000);
  const find = (year: number, state: string, name: string) => byYear.get(year)!.filter((row) => row.state === state && row.name === name);

  it('gives the published Chicago murders 2014–2019', () => {
    expect(TABLE8_YEARS.map((year) => find(year, 'IL', 'Chicago')[0]?.counts.homicide)).toEqual([411, 478, 765, 653, 563, 492]);
  });

  it('gives New York City 2019 (name with footnote "New York6" in 2014) and Baltimore 2015', () => {
    expect(find(2019, 'NY', 'New York')[0]!.counts.homicide).toBe(319);
    expect(find(2014, 'NY', 'New York')[0]!.counts.homicide).toBe(333);
    expect(find(2015, 'MD', 'Baltimore')[0]!.counts.homicide).toBe(344);
  });

  it('reads every year with the 50 states and DC (Hawaii only in some years) and thousands of cities', () => {
    for (const [year, rows] of byYear) {
      const withPopulation = rows.filter((row) => row.population !== undefined);
      expect(withPopulation.length, String(year)).toBeGreaterThan(8_000);
      expect(new Set(rows.map((row) => row.state)).size, String(year)).toBeGreaterThanOrEqual(50);
      expect(rows.every((row) => row.name !== '' && !/\d$/.test(row.name)), String(year)).toBe(true);
    }
    // SOURCES.md: rows with a numeric population per year.
    expect(TABLE8_YEARS.map((year) => byYear.get(year)!.filter((row) => row.population !== undefined).length)).toEqual([9345, 9395, 9576, 9577, 9248, 8103]);
  });
});
