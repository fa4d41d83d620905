import { describe, expect, it } from 'vitest';
import { decimalPlaces, formatCoordinateText, isValidGeocode, parseCoordinate, parseCoordinateText, roundCoordinate } from './coordinates';

describe('coordinates', () => {
  it('accepts latitude -90..90 and longitude -180..180 with up to 15 decimals', () => {
    expect(parseCoordinate('90', 'latitude')).toBe(90);
    expect(parseCoordinate('-90.0', 'latitude')).toBe(-90);
    expect(parseCoordinate('90.0000001', 'latitude')).toBeUndefined();
    expect(parseCoordinate('-180', 'longitude')).toBe(-180);
    expect(parseCoordinate('180.5', 'longitude')).toBeUndefined();
    expect(parseCoordinate('100', 'latitude')).toBeUndefined();
    expect(parseCoordinate('41.123456789012345', 'latitude')).toBe(Number('41.123456789012345'));
    expect(parseCoordinate('41.1234567890123456', 'latitude')).toBeUndefined();
    expect(parseCoordinate(-87.62, 'longitude')).toBe(-87.62);
    expect(parseCoordinate(Number.NaN, 'longitude')).toBeUndefined();
    for (const junk of ['', 'abc', '1e5', '41.8N', '--4', '0x10', 'Infinity']) expect(parseCoordinate(junk, 'latitude')).toBeUndefined();
  });

  it('counts decimals as written, exponent forms included', () => {
    expect(decimalPlaces('41.8818')).toBe(4);
    expect(decimalPlaces(12)).toBe(0);
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces('1.5e2')).toBe(0);
    expect(decimalPlaces('x')).toBeNaN();
  });

  it('keeps coordinates to 7 decimals, or 12 after a reverse geocode', () => {
    expect(roundCoordinate(41.88183212345678)).toBe(41.8818321);
    expect(roundCoordinate(-87.623177499)).toBe(-87.6231775);
    expect(roundCoordinate(41.88183212345678, 12)).toBe(41.881832123457);
    expect(Object.is(roundCoordinate(-0.00000001), 0)).toBe(true);
  });

  it('calls a geocode valid only with both coordinates present, in range, latitude non-zero', () => {
    expect(isValidGeocode(41.88, -87.62)).toBe(true);
    expect(isValidGeocode(0, -87.62)).toBe(false);
    expect(isValidGeocode(41.88, 0)).toBe(true);
    expect(isValidGeocode(null, -87.62)).toBe(false);
    expect(isValidGeocode(41.88, undefined)).toBe(false);
    expect(isValidGeocode(91, 10)).toBe(false);
    expect(isValidGeocode(45, 181)).toBe(false);
    expect(isValidGeocode(Number.NaN, 10)).toBe(false);
  });

  it('reads coordinate search text with a comma or spaces between the numbers', () => {
    expect(parseCoordinateText('41.88, -87.62')).toEqual({ latitude: 41.88, longitude: -87.62 });
    expect(parseCoordinateText('41.88 -87.62')).toEqual({ latitude: 41.88, longitude: -87.62 });
    expect(parseCoordinateText('  41.88,-87.62 ')).toEqual({ latitude: 41.88, longitude: -87.62 });
    expect(parseCoordinateText('+18.4655   -66.1057')).toEqual({ latitude: 18.4655, longitude: -66.1057 });
    expect(parseCoordinateText('51.50135894512345678, -0.1')).toBeUndefined();
    expect(parseCoordinateText('41.881832123456, -87.6')).toEqual({ latitude: 41.8818321, longitude: -87.6 });
  });

  it('refuses text that is not two numbers within bounds', () => {
    for (const text of ['Chicago', '60601', '41.88', '91, 10', '45, 200', '41.88,, -87.62', '41.88; -87.62', '41.88 -87.62 3', 'N41.88 W87.62', '']) {
      expect(parseCoordinateText(text)).toBeUndefined();
    }
  });

  it('writes coordinate text', () => {
    expect(formatCoordinateText(41.88, -87.62)).toBe('41.88, -87.62');
    expect(formatCoordinateText(41.8818321, -87.6231775, 4)).toBe('41.8818, -87.6232');
  });
});
