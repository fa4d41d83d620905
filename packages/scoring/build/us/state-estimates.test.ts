import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OFFENCE_KEYS } from '../../src/pack/format';
import { describeWithRawData, rawDataDir } from '../test-raw-data';
import { areaRateRow } from './rates';
import { parseStateEstimates, STATE_ESTIMATES_FILE } from './state-estimates';

const HEADER = 'year,state_abbr,state_name,population,violent_crime,homicide,rape_legacy,rape_revised,robbery,aggravated_assault,property_crime,burglary,larceny,motor_vehicle_theft,caveats';

describe('parseStateEstimates', () => {
  it('reads separators and padded names, prefers revised rape, marks estimated figures from the caveats', () => {
    const text = [
      HEADER,
      '1995,IL,Illinois,11830000,117836,1221,4313,,39139,73163,527572,108555,357143,61874,"The state UCR Program was unable to provide 1985-2013 forcible rape figures in accordance with national UCR Program guidelines.  The rape totals were estimated"',
      '1995,,,262803276,1798792,21606,97470,,580509,1099207,12063935,2593784,7997710,1472441,',
      '2022,AL,     Alabama,"5,074,296","22,232",588,,"1,661","1,886","18,097","93,113","14,886","67,062","11,165",',
      '2022,,United States Total,"333,287,557","1,295,605","21,781",,"140,384","223,511","909,929","6,578,281","908,900","4,721,262","948,119",',
    ].join('\n');
    const { years } = parseStateEstimates(text);
    expect(years.map((row) => `${row.year} ${row.state} ${row.name}`)).toEqual(['1995 IL Illinois', '1995 US ', '2022 AL Alabama', '2022 US United States Total']);
    const il = years[0]!;
    expect(il.counts.rape).toBe(4313);
    expect(il.coverage.rape).toBe('i');
    expect(il.coverage.homicide).toBe('r');
    expect(years[2]!.population).toBe(5074296);
    expect(years[2]!.counts.rape).toBe(1661);
    expect(years[2]!.counts.aggravatedAssault).toBe(18097);
  });

  it('sums the states for a year without a national row', () => {
    const states = ['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY'];
    const text = [HEADER, ...states.map((state) => `2018,${state},,1000,10,1,,2,3,4,20,5,6,7,`)].join('\n');
    const national = parseStateEstimates(text).years.find((row) => row.state === 'US')!;
    expect(national.computed).toBe(true);
    expect(national.population).toBe(51_000);
    expect(national.counts).toEqual({ homicide: 51, rape: 102, robbery: 153, aggravatedAssault: 204, burglary: 255, larceny: 306, motorVehicleTheft: 357 });
    expect(() => parseStateEstimates([HEADER, '2018,AL,,1000,10,1,,2,3,4,20,5,6,7,'].join('\n'))).toThrow(/2018 has no national row and 1 states/);
  });
});

describeWithRawData('estimated_crimes_1979_2023.csv', () => {
  let years: ReturnType<typeof parseStateEstimates>['years'];
  let corrected: ReturnType<typeof parseStateEstimates>['corrected'];
  beforeAll(() => {
    ({ years, corrected } = parseStateEstimates(readFileSync(join(rawDataDir, STATE_ESTIMATES_FILE), 'utf8')));
  }, 60_000);
  const get = (year: number, state: string) => years.find((row) => row.year === year && row.state === state);

  it('has the nation and the 51 states for every year 1979–2023', () => {
    for (let year = 1979; year <= 2023; year++) expect(years.filter((row) => row.year === year).length, String(year)).toBe(52);
    expect(years.every((row) => OFFENCE_KEYS.every((key) => row.counts[key] !== undefined))).toBe(true);
  });

  it('computes the national 2017–2020 rows from the states, and only those', () => {
    expect(years.filter((row) => row.computed).map((row) => row.year)).toEqual([2017, 2018, 2019, 2020]);
    const national = get(2019, 'US')!;
    const states = years.filter((row) => row.year === 2019 && row.state !== 'US');
    expect(national.counts.homicide).toBe(states.reduce((sum, row) => sum + row.counts.homicide!, 0));
    // The published 2019 national estimate is 16,425 murders among 328 million residents.
    expect(national.counts.homicide).toBeGreaterThan(16_000);
    expect(national.counts.homicide).toBeLessThan(17_000);
    expect(national.population).toBeGreaterThan(325_000_000);
  });

  it('gives a plausible Illinois 2019 homicide rate (6–7 per 100,000)', () => {
    const il = get(2019, 'IL')!;
    const row = areaRateRow('US-IL', 2019, il.population, il.counts, il.coverage);
    expect(Number(row[2])).toBeGreaterThan(6);
    expect(Number(row[2])).toBeLessThan(7);
    expect(row[row.length - 1]).toBe('rrrrrrrrrr');
  });

  it('corrects the 2022 North Dakota row labelled NC', () => {
    expect(corrected).toEqual(['2022 NC → ND (North Dakota)']);
    expect(get(2022, 'ND')!.population).toBe(779_261);
    expect(get(2022, 'NC')!.population).toBe(10_698_973);
  });
});
