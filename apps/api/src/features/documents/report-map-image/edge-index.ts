/** The side in degrees of the index's cells: a report map's view (under a degree wide) meets a few dozen. */
const CELL_DEGREES = 0.25;
const cellOf = (degrees: number) => Math.floor(degrees / CELL_DEGREES);

/**
 * Edges [x1, y1, x2, y2, …] in degrees, found by their ends: the edges with an end in a box,
 * without reading the country's hundred thousand edges for every map.
 */
export class EdgeIndex {
  /** Cell 'column:row' → the offsets in `edges` of the edges with an end in it, ascending. */
  private readonly cells = new Map<string, number[]>();

  constructor(readonly edges: Float64Array) {
    for (let offset = 0; offset < edges.length; offset += 4) {
      const first = `${cellOf(edges[offset]!)}:${cellOf(edges[offset + 1]!)}`;
      const second = `${cellOf(edges[offset + 2]!)}:${cellOf(edges[offset + 3]!)}`;
      this.add(first, offset);
      if (second !== first) this.add(second, offset);
    }
  }

  private add(key: string, offset: number): void {
    const cell = this.cells.get(key);
    if (cell) cell.push(offset);
    else this.cells.set(key, [offset]);
  }

  /** The offsets of the edges with an end in the box [west, south, east, north], in the order of `edges`. */
  endingIn([west, south, east, north]: readonly [number, number, number, number]): number[] {
    const inside = (x: number, y: number) => x >= west && x <= east && y >= south && y <= north;
    const found = new Set<number>();
    for (let column = cellOf(west); column <= cellOf(east); column += 1) {
      for (let row = cellOf(south); row <= cellOf(north); row += 1) {
        for (const offset of this.cells.get(`${column}:${row}`) ?? []) {
          const e = this.edges;
          if (inside(e[offset]!, e[offset + 1]!) || inside(e[offset + 2]!, e[offset + 3]!)) found.add(offset);
        }
      }
    }
    return [...found].sort((a, b) => a - b);
  }
}
