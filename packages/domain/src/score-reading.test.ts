import { describe, expect, it } from 'vitest';
import { readScore, scoreReadingText } from './score-reading';

describe('reading a score', () => {
  it('gives a UK score above the compact legend\'s top "above 1000", High, rather than the top band\'s range', () => {
    const reading = readScore(1103, 3);
    expect(reading).toMatchObject({ aboveTop: true, bandLabel: 'above 1000', severity: 'high', severityLabel: 'High', text: '1,103 — above 1000, High' });
    expect(reading.band).toMatchObject({ min: 400, max: 1000 });
    expect(readScore(1000, 3)).toMatchObject({ aboveTop: false, bandLabel: '400–1000', text: '1,000 — 400–1000, High' });
  });

  it('applies each country\'s severity rule: the UK is high from 400, Mexico and the USA from 800', () => {
    expect(readScore(350, 3).text).toBe('350 — 300–399, Medium-High');
    expect(readScore(350, 5).text).toBe('350 — 300–399, Medium');
    expect(readScore(350, 1).text).toBe('350 — 200–399, Medium');
    expect(readScore(1103, 5).text).toBe('1,103 — above 1000, High');
    expect(readScore(1103, 1).text).toBe('1,103 — 800–2000, High');
    expect(readScore(42, 2).text).toBe('42 — 0–99, Low');
  });

  it('never reads above the standard scheme\'s top: it ends at the score maximum, 2000', () => {
    expect(readScore(2000, 1).aboveTop).toBe(false);
    expect(readScore(2000, 3, 25)).toMatchObject({ aboveTop: false, bandLabel: '1760–2000' });
  });

  it('reads a stored score by its country id, and shows the bare score for an id outside the product', () => {
    expect(scoreReadingText(1103, 3)).toBe('1,103 — above 1000, High');
    expect(scoreReadingText(1103, 4)).toBe('1103');
  });
});
