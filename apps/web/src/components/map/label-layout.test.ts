import { describe, expect, it } from 'vitest';
import { placeLabels } from './label-layout';

describe('placeLabels', () => {
  it('keeps the first of two overlapping labels and a distant one', () => {
    const kept = placeLabels(
      [
        { key: 'chicago', x: 200, y: 100, text: 'Chicago' },
        { key: 'cicero', x: 210, y: 104, text: 'Cicero' },
        { key: 'denver', x: 50, y: 300, text: 'Denver' },
      ],
      400,
      400,
    );
    expect(kept.map((label) => label.key)).toEqual(['chicago', 'denver']);
  });

  it('drops labels that would stick out of the map', () => {
    expect(placeLabels([{ key: 'edge', x: 2, y: 100, text: 'Edgewater' }], 400, 400)).toEqual([]);
  });
});
