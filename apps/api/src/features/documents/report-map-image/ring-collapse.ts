/** A box in degrees: west, south, east, north. */
type Box = readonly [number, number, number, number];

/** Runs shorter than this are kept as they are: collapsing them would save nothing. */
const SHORTEST_RUN = 5;

/** One side of a box: whether a vertex lies beyond it, and the foot of a vertex on its line. */
interface Side {
  beyond(x: number, y: number): boolean;
  foot(x: number, y: number): [number, number];
}

function sides([west, south, east, north]: Box): Side[] {
  return [
    { beyond: (x) => x < west, foot: (_, y) => [west, y] },
    { beyond: (x) => x > east, foot: (_, y) => [east, y] },
    { beyond: (_, y) => y < south, foot: (x) => [x, south] },
    { beyond: (_, y) => y > north, foot: (x) => [x, north] },
  ];
}

/** One side's pass: each run of SHORTEST_RUN or more vertices beyond the side becomes its first vertex, the feet of its first and last, and its last. */
function collapseBeyond(ring: ArrayLike<number>, side: Side): number[] {
  const out: number[] = [];
  const count = ring.length / 2;
  let i = 0;
  while (i < count) {
    if (!side.beyond(ring[2 * i]!, ring[2 * i + 1]!)) {
      out.push(ring[2 * i]!, ring[2 * i + 1]!);
      i += 1;
      continue;
    }
    let j = i;
    while (j < count && side.beyond(ring[2 * j]!, ring[2 * j + 1]!)) j += 1;
    if (j - i < SHORTEST_RUN) {
      for (let k = i; k < j; k += 1) out.push(ring[2 * k]!, ring[2 * k + 1]!);
    } else {
      const [fx, fy, lx, ly] = [ring[2 * i]!, ring[2 * i + 1]!, ring[2 * (j - 1)]!, ring[2 * (j - 1) + 1]!];
      out.push(fx, fy, ...side.foot(fx, fy), ...side.foot(lx, ly), lx, ly);
    }
    i = j;
  }
  return out;
}

/**
 * A ring ([x1, y1, x2, y2, …] in degrees) that draws the same inside `box` with far fewer
 * vertices: Canada's 20,000-vertex coast under a Chicago map becomes a few dozen. Every run of
 * vertices beyond one side of the box is replaced by a path along that side's line, which lies
 * beyond the side as the run did, so what a fill or a stroke paints inside the box is unchanged
 * (the new path only differs outside it). Give a box larger than the picture by more than the
 * widest line and its joins, so the new path along the box's edges is never seen. Not for dashed
 * lines: the dash pattern would shift with the shorter path.
 */
export function collapseOutside(ring: ArrayLike<number>, box: Box): ArrayLike<number> {
  let current: ArrayLike<number> = ring;
  for (const side of sides(box)) current = collapseBeyond(current, side);
  return current;
}
