import { describe, expect, it } from 'vitest';
import { areaRateRow, areaRow, withAggregates } from './area-rows';

describe('withAggregates', () => {
  it('sums persons, property and total, imputed as soon as one part is', () => {
    const cells = withAggregates({
      homicide: { value: 1, coverage: 'r' },
      rape: { value: 2, coverage: 'i' },
      robbery: { value: 3, coverage: 'r' },
      aggravatedAssault: { value: 4, coverage: 'r' },
      burglary: { value: 10, coverage: 'r' },
      larceny: { value: 20, coverage: 'r' },
      motorVehicleTheft: { value: 30, coverage: 'r' },
    });
    expect(cells.slice(7)).toEqual([{ value: 10, coverage: 'i' }, { value: 60, coverage: 'r' }, { value: 70, coverage: 'i' }]);
  });

  it('leaves an aggregate empty when a part is missing', () => {
    const cells = withAggregates({ homicide: { value: 1, coverage: 'r' } });
    expect(cells.filter((cell) => cell !== undefined)).toHaveLength(1);
  });
});

describe('row builders', () => {
  it('writes rates with 3 decimals and one coverage letter per column', () => {
    const row = areaRateRow('PR', 2010, withAggregates({ homicide: { value: 28.33712, coverage: 'r' } }));
    expect(row).toEqual(['PR', 2010, '28.337', '', '', '', '', '', '', '', '', '', 'r---------']);
  });

  it('writes coordinates as integers of 1e-5 degree and leaves unknowns empty', () => {
    expect(areaRow({ areaKey: 'CA-CMA-35535', countryId: 2, level: 'C', name: 'Toronto', parentKey: 'CA-ON', latitude: 43.70643, longitude: -79.39864, radiusKm: 34 }))
      .toEqual(['CA-CMA-35535', 2, 'C', 'Toronto', 'CA-ON', 4370643, -7939864, '34', '']);
    expect(areaRow({ areaKey: 'GB', countryId: 3, level: 'N', name: 'England and Wales', population: 59439840 }))
      .toEqual(['GB', 3, 'N', 'England and Wales', '', '', '', '', '59439840']);
  });
});
