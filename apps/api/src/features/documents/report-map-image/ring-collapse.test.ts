import { describe, expect, it } from 'vitest';
import { collapseOutside } from './ring-collapse';

/** A seeded generator of numbers in [0, 1) (a linear congruential one: enough for test shapes). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Even-odd inside test of a point against a ring [x1, y1, …]. */
function inside(ring: ArrayLike<number>, x: number, y: number): boolean {
  let odd = false;
  const count = ring.length / 2;
  for (let i = 0, j = count - 1; i < count; j = i, i += 1) {
    const [xi, yi, xj, yj] = [ring[2 * i]!, ring[2 * i + 1]!, ring[2 * j]!, ring[2 * j + 1]!];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

/** A jagged coast of `count` vertices around a centre: radius varying from vertex to vertex. */
function jaggedRing(count: number, seed: number): number[] {
  const random = seededRandom(seed);
  const ring: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const angle = (2 * Math.PI * i) / count;
    const radius = 20 + random() * 10;
    ring.push(-90 + radius * Math.cos(angle), 45 + radius * Math.sin(angle));
  }
  return ring;
}

describe('collapseOutside: long rings beyond a map', () => {
  const box = [-88, 41.5, -87, 42.3] as const;

  it('keeps a few dozen vertices of a 20,000-vertex coast far from the box', () => {
    const ring = jaggedRing(20_000, 1);
    const collapsed = collapseOutside(ring, box);
    expect(collapsed.length / 2).toBeLessThan(40);
  });

  it('paints the same inside the box: every point inside keeps its inside/outside answer', () => {
    // A coast that crosses the box, so the box holds both land and water.
    const ring = jaggedRing(5_000, 2).map((value, index) => (index % 2 === 0 ? value + 24 : value - 3));
    const collapsed = collapseOutside(ring, box);
    expect(collapsed.length).toBeLessThan(ring.length);
    const random = seededRandom(3);
    let land = 0;
    for (let n = 0; n < 4_000; n += 1) {
      const x = box[0] + random() * (box[2] - box[0]);
      const y = box[1] + random() * (box[3] - box[1]);
      const answer = inside(ring, x, y);
      if (answer) land += 1;
      expect(inside(collapsed, x, y)).toBe(answer);
    }
    // The test means something only when the box holds both.
    expect(land).toBeGreaterThan(0);
    expect(land).toBeLessThan(4_000);
  });

  it('leaves a ring inside the box as it is', () => {
    const ring = [-87.9, 41.6, -87.1, 41.6, -87.1, 42.2, -87.9, 42.2];
    expect(Array.from(collapseOutside(ring, box))).toEqual(ring);
  });
});
