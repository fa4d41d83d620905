import { describe, expect, it } from 'vitest';
import { countsFromRates, type OffenceMix } from './county-offence-mix';
import { parseCountyRates20152017 } from './county-rates-2015-2017';

const HEADER = 'year,state,county,violent_crime_rate,property_crime_rate,crime_rate_quality';

describe('parseCountyRates20152017', () => {
  it('keeps FIPS as strings, reads zero and empty rates as not reported, and flag 3 as low coverage', () => {
    const rows = parseCountyRates20152017(`${HEADER}\n2015,01,001,276.43774,2677.6519,2\n2017,02,068,,,\n2017,21,063,0,0,2\n2015,36,005,921.3,1572.7,1\n2017,46,041,4000,0,3\n`);
    expect(rows[0]).toEqual({ fips: '01001', year: 2015, violent: 276.43774, property: 2677.6519, lowCoverage: false });
    expect(rows[1]).toMatchObject({ violent: undefined, property: undefined });
    expect(rows[2]).toMatchObject({ violent: undefined, property: undefined });
    expect(rows[3]!.lowCoverage).toBe(false);
    expect(rows[4]).toMatchObject({ violent: 4000, property: undefined, lowCoverage: true });
  });

  it('rejects a year the file should not hold', () => {
    expect(() => parseCountyRates20152017(`${HEADER}\n2016,01,001,1,1,2\n`)).toThrow(/bad year/);
  });
});

describe('countsFromRates', () => {
  const mix: OffenceMix = {
    share: { homicide: 0.1, rape: 0.2, robbery: 0.3, aggravatedAssault: 0.4, burglary: 0.2, larceny: 0.7, motorVehicleTheft: 0.1 },
    arsonShare: 0.01,
  };
  it('splits violent and property (less arson) counts in the offence mix at the population', () => {
    const counts = countsFromRates({ fips: '01001', year: 2015, violent: 500, property: 2000, lowCoverage: false }, 200_000, mix);
    expect(counts.homicide).toBeCloseTo(100, 9);
    expect(counts.aggravatedAssault).toBeCloseTo(400, 9);
    expect(counts.larceny).toBeCloseTo(4000 * 0.99 * 0.7, 9);
  });
  it('leaves a missing aggregate\'s offences missing', () => {
    const counts = countsFromRates({ fips: '01001', year: 2015, violent: undefined, property: 2000, lowCoverage: false }, 1000, mix);
    expect(counts.robbery).toBeUndefined();
    expect(counts.burglary).toBeGreaterThan(0);
  });
});
