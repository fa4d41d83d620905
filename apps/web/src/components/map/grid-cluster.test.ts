import { describe, expect, it } from 'vitest';
import { buildClusterIndex, clusterPoints } from './grid-cluster';

const WORLD: [number, number, number, number] = [-179, -80, 179, 80];

describe('clusterPoints', () => {
  // Two sites 100 m apart in Chicago, one in Denver.
  const index = buildClusterIndex(Float64Array.from([-87.6325, 41.8847, -87.6313, 41.8847, -104.9903, 39.7392]));

  it('merges points closer than the cell at a low zoom and leaves a lone point alone', () => {
    const { singles, clusters } = clusterPoints(index, { bounds: WORLD, zoom: 4, radiusPx: 40 });
    expect([...singles]).toEqual([2]);
    expect(clusters).toHaveLength(3);
    expect(clusters[2]).toBe(2);
    expect(clusters[0]).toBeCloseTo(-87.6319, 3);
    expect(clusters[1]).toBeCloseTo(41.8847, 3);
  });

  it('gives every point back on its own at street level', () => {
    const { singles, clusters } = clusterPoints(index, { bounds: [-87.64, 41.88, -87.62, 41.89], zoom: 17, radiusPx: 40 });
    expect([...singles].sort()).toEqual([0, 1]);
    expect(clusters).toHaveLength(0);
  });

  it('leaves out points far outside the box in view', () => {
    const { singles, clusters } = clusterPoints(index, { bounds: [-105.1, 39.6, -104.9, 39.8], zoom: 12, radiusPx: 40 });
    expect([...singles]).toEqual([2]);
    expect(clusters).toHaveLength(0);
  });
});
