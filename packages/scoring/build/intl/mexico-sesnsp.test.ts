import { loadGazetteer } from '@riskatlas/geo';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithRawData, rawDataDir } from '../test-raw-data';
import type { ScoringBuildPart } from '../types';
import { buildMexicoPart, mexicoOffence } from './mexico-sesnsp';

describe('mexicoOffence', () => {
  it('maps SESNSP crimes to the seven offences', () => {
    expect(mexicoOffence('Homicidio', 'Homicidio doloso', 'Con arma de fuego')).toBe('homicide');
    expect(mexicoOffence('Feminicidio', 'Feminicidio', 'Con arma blanca')).toBe('homicide');
    expect(mexicoOffence('Homicidio', 'Homicidio culposo', 'En accidente de tránsito')).toBeUndefined();
    expect(mexicoOffence('Violación equiparada', 'Violación equiparada', 'Violación equiparada')).toBe('rape');
    expect(mexicoOffence('Lesiones', 'Lesiones dolosas', 'Con arma blanca')).toBe('aggravatedAssault');
    expect(mexicoOffence('Robo', 'Robo a transeúnte en vía pública', 'Con violencia')).toBe('robbery');
    expect(mexicoOffence('Robo', 'Robo de vehículo automotor', 'Robo de coche de 4 ruedas Con violencia')).toBe('robbery');
    expect(mexicoOffence('Robo', 'Robo de vehículo automotor', 'Robo de motocicleta Sin violencia')).toBe('motorVehicleTheft');
    expect(mexicoOffence('Robo', 'Robo de vehículo automotor', 'Robo de embarcaciones pequeñas y grandes Sin violencia')).toBe('larceny');
    expect(mexicoOffence('Robo', 'Robo a casa habitación', 'Sin violencia')).toBe('burglary');
    expect(mexicoOffence('Robo', 'Robo a negocio', 'Sin violencia')).toBe('burglary');
    expect(mexicoOffence('Robo', 'Robo de autopartes', 'Sin violencia')).toBe('larceny');
    expect(mexicoOffence('Allanamiento de morada', 'Allanamiento de morada', 'Allanamiento de morada')).toBeUndefined();
  });
});

describeWithRawData('buildMexicoPart', () => {
  let part: ScoringBuildPart;
  beforeAll(() => {
    part = buildMexicoPart({ sharedDir: rawDataDir, gazetteer: loadGazetteer(), log: () => {} });
  }, 60_000);
  const rate = (key: string, year: number) => part.areaRates.find((row) => row[0] === key && row[1] === year);

  it('has the nation and 32 states with CONAPO populations', () => {
    expect(part.areas).toHaveLength(33);
    const mexico = part.areas.find((row) => row[0] === 'MX')!;
    expect(Number(mexico[8])).toBeGreaterThan(125e6);
    expect(Number(mexico[8])).toBeLessThan(135e6);
    expect(part.areas.find((row) => row[0] === 'MX-09')).toEqual(['MX-09', 5, 'S', 'Ciudad de México', 'MX', '', '', '', expect.any(String)]);
  });

  it('gives a national homicide rate of 23–29 per 100,000 in 2019 and 2020', () => {
    for (const year of [2019, 2020]) {
      const homicide = Number(rate('MX', year)![2]);
      expect(homicide).toBeGreaterThan(23);
      expect(homicide).toBeLessThan(29);
    }
  });

  it('covers 2015–2024 for every area and drops the partial 2025', () => {
    expect(part.areaRates).toHaveLength(33 * 10);
    expect(rate('MX', 2025)).toBeUndefined();
    expect(part.areaRates.every((row) => row[12] === 'rrrrrrrrrr')).toBe(true);
  });

  it('writes the aggregates as sums of the offences', () => {
    const row = rate('MX-14', 2022)!.slice(2, 12).map(Number);
    expect(row[7]).toBeCloseTo(row[0]! + row[1]! + row[2]! + row[3]!, 2);
    expect(row[9]).toBeCloseTo(row[7]! + row[8]!, 2);
  });
});
