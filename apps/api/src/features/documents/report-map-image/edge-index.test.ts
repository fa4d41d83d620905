import { describe, expect, it } from 'vitest';
import { EdgeIndex } from './edge-index';

describe('EdgeIndex: the edges with an end in a map view', () => {
  it('finds exactly the edges a full scan finds, in the same order, long edges across cells included', () => {
    // A lattice of short edges over a state's worth of degrees, plus long straight borders.
    const edges: number[] = [];
    for (let x = -105; x < -95; x += 0.13) for (let y = 36; y < 41; y += 0.17) edges.push(x, y, x + 0.11, y + 0.05);
    edges.push(-109.05, 37, -102.04, 37, -102.04, 37, -102.04, 41, -100.5, 38.2, -97.1, 40.9);
    const index = new EdgeIndex(Float64Array.from(edges));
    const boxes: Array<[number, number, number, number]> = [[-100.4, 38.1, -99.6, 38.7], [-102.3, 36.8, -101.5, 37.3], [-97.2, 40.8, -96.9, 41.0], [-120, 10, -119, 11]];
    let found = 0;
    for (const [west, south, east, north] of boxes) {
      const inside = (x: number, y: number) => x >= west && x <= east && y >= south && y <= north;
      const expected: number[] = [];
      for (let offset = 0; offset < edges.length; offset += 4) if (inside(edges[offset]!, edges[offset + 1]!) || inside(edges[offset + 2]!, edges[offset + 3]!)) expected.push(offset);
      expect(index.endingIn([west, south, east, north])).toEqual(expected);
      found += expected.length;
    }
    expect(found).toBeGreaterThan(20);
  });
});
