import { describe, expect, it } from 'vitest';
import { clampMapPercent, libraryMapWidth } from './map-size';

describe('library map size', () => {
  it('is 35 % of the window, 500 px above 1425 px, and hidden below 960 px', () => {
    expect(libraryMapWidth(959)).toBeNull();
    expect(libraryMapWidth(960)).toBe(336);
    expect(libraryMapWidth(1425)).toBe(499);
    expect(libraryMapWidth(1426)).toBe(500);
    expect(libraryMapWidth(1920)).toBe(500);
  });

  it('keeps a saved size within 17–43.5 % of the window', () => {
    expect(libraryMapWidth(2000, 10)).toBe(340);
    expect(libraryMapWidth(2000, 50)).toBe(870);
    expect(libraryMapWidth(2000, 30)).toBe(600);
    // 500 px of a 3000 px window is under 17 %: the floor wins.
    expect(libraryMapWidth(3000)).toBe(510);
    expect(clampMapPercent(Number.NaN)).toBe(35);
  });
});
