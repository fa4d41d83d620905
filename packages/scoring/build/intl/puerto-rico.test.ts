import { loadGazetteer } from '@riskatlas/geo';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithRawData, rawDataDir } from '../test-raw-data';
import type { ScoringBuildPart } from '../types';
import { buildPuertoRicoPart, municipioKey, readAnnualMurders, readMunicipios, readQuarterCounts } from './puerto-rico';

describe('municipioKey', () => {
  it('matches the ACS name to the incident file name, accents folded', () => {
    expect(municipioKey('Mayagüez Municipio')).toBe(municipioKey('Mayaguez'));
    expect(municipioKey('Río Grande Municipio')).toBe('rio grande');
  });
});

describeWithRawData('the real Puerto Rico data', () => {
  let quarter: ReturnType<typeof readQuarterCounts>;
  let part: ScoringBuildPart;
  beforeAll(() => {
    quarter = readQuarterCounts(rawDataDir, readMunicipios(rawDataDir));
    part = buildPuertoRicoPart({ sharedDir: rawDataDir, gazetteer: loadGazetteer(), log: () => {} });
  }, 60_000);

  it('reads San Juan: 2,511 Type I incidents in Q1 2013, 38 of them murders', () => {
    const sanJuan = quarter.byFips.get('72127')!;
    expect(Object.values(sanJuan).reduce((sum, count) => sum + count, 0)).toBe(2_511);
    expect(sanJuan.homicide).toBe(38);
  });

  it('keeps the island total at 14,093 including the 11 points outside every municipio', () => {
    expect(Object.values(quarter.island).reduce((sum, count) => sum + count, 0)).toBe(14_093);
    expect(quarter.outside).toBe(11);
  });

  it('reads the annual murders (883 in 2013, 1,136 in 2011)', () => {
    const murders = readAnnualMurders(rawDataDir);
    expect(murders.get(2013)).toBe(883);
    expect(murders.get(2011)).toBe(1_136);
  });

  const rate = (key: string, year: number) => part.areaRates.find((row) => row[0] === key && row[1] === year);

  it('has the island and 78 municipios named as the ACS names them', () => {
    expect(part.areas).toHaveLength(79);
    expect(part.areas.find((row) => row[0] === 'PR-72127')).toEqual(['PR-72127', 6, 'C', 'San Juan Municipio', 'PR', '', '', '', '355181']);
  });

  it('annualises Q1 × 4 over the ACS population, rape imputed', () => {
    const sanJuan = rate('PR-72127', 2013)!;
    expect(sanJuan[2]).toBe(((38 * 4 * 100_000) / 355_181).toFixed(3));
    // Rape is a proxy (undercounted), but the aggregates are what the police recorded: reported.
    expect(sanJuan[12]).toBe('rirrrrrrrr');
  });

  it('writes island homicide 2007–2014 from the monthly murders, nothing else outside 2013', () => {
    const population = Number(part.areas.find((row) => row[0] === 'PR')![8]);
    expect(rate('PR', 2013)![2]).toBe(((883 * 100_000) / population).toFixed(3));
    expect(rate('PR', 2010)![12]).toBe('r---------');
    expect(part.areaRates.filter((row) => row[0] === 'PR')).toHaveLength(8);
  });
});
