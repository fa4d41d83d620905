import { describe, expect, it } from 'vitest';
import { fuzzyText, jaroWinkler, numbersOf, textSimilarity } from './similarity';

const alike = (a: string, b: string) => textSimilarity(fuzzyText(a), fuzzyText(b));

describe('import similarity', () => {
  it('scores Jaro-Winkler as published (MARTHA/MARHTA 0.961, DIXON/DICKSONX 0.813)', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('same', 'same')).toBe(1);
    expect(jaroWinkler('', 'x')).toBe(0);
  });

  it('tells places with other numbers apart however alike the words', () => {
    expect(numbersOf('unit 4 100 main st')).toBe('4 100');
    expect(alike('store 12', 'store 13')).toBe(0);
    expect(alike('100 main st', '102 main st')).toBe(0);
    expect(alike('riverside distribution center', 'riverside distribution centre')).toBeGreaterThan(0.92);
    expect(alike('loop office', 'lakeside depot')).toBeLessThan(0.92);
  });
});

describe('jaroWinkler on reused buffers', () => {
  it('gives the same answer after comparing longer texts', () => {
    const before = jaroWinkler('martha', 'marhta');
    jaroWinkler('a'.repeat(600), `${'a'.repeat(599)}b`);
    expect(jaroWinkler('martha', 'marhta')).toBe(before);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
  });
});
