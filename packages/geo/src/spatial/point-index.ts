import { chordSquaredToMeters, metersToChordSquared, unitVector } from './distance';

const LEAF_SIZE = 8;

/**
 * A static k-d tree over points on the sphere (as 3-D unit vectors, so distances need no
 * antimeridian or pole cases). Built once in O(n log n); a nearest lookup visits a few dozen
 * points. Items are identified by their index in the arrays given to the constructor.
 */
export class PointIndex {
  /** Item index of each tree slot. */
  private readonly order: Int32Array;
  /** Unit vectors in tree order, 3 per slot. */
  private readonly xyz: Float64Array;
  /** Split axis of the node whose median sits at a slot. */
  private readonly axis: Uint8Array;
  /** Bounding box of the unit vectors: min x, y, z then max x, y, z. */
  private readonly box = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  readonly size: number;

  constructor(latitudes: ArrayLike<number>, longitudes: ArrayLike<number>) {
    const n = latitudes.length;
    this.size = n;
    const points = new Float64Array(n * 3);
    for (let i = 0; i < n; i++) unitVector(latitudes[i]!, longitudes[i]!, points, i * 3);
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    this.axis = new Uint8Array(n);
    this.build(order, points, 0, n);
    this.order = order;
    this.xyz = new Float64Array(n * 3);
    for (let slot = 0; slot < n; slot++) {
      const item = order[slot]!;
      for (let a = 0; a < 3; a++) {
        const v = points[item * 3 + a]!;
        this.xyz[slot * 3 + a] = v;
        if (v < this.box[a]!) this.box[a] = v;
        if (v > this.box[a + 3]!) this.box[a + 3] = v;
      }
    }
  }

  /**
   * A distance no item is closer than (to the items' bounding box): searching several indexes,
   * ask the most promising first and skip those that cannot beat the best so far — a query far
   * from every item is the k-d tree's slow case.
   */
  lowerBoundMeters(latitude: number, longitude: number): number {
    if (this.size === 0) return Infinity;
    const q = new Float64Array(3);
    unitVector(latitude, longitude, q, 0);
    let d = 0;
    for (let a = 0; a < 3; a++) {
      const v = q[a]!;
      const gap = v < this.box[a]! ? this.box[a]! - v : v > this.box[a + 3]! ? v - this.box[a + 3]! : 0;
      d += gap * gap;
    }
    return chordSquaredToMeters(d);
  }

  private build(order: Int32Array, points: Float64Array, lo: number, hi: number): void {
    // Iterative over the larger half would save stack, but depth is only log2(n / LEAF_SIZE).
    if (hi - lo <= LEAF_SIZE) return;
    let axis = 0;
    let widest = -1;
    for (let a = 0; a < 3; a++) {
      let min = Infinity;
      let max = -Infinity;
      for (let s = lo; s < hi; s++) {
        const v = points[order[s]! * 3 + a]!;
        if (v < min) min = v;
        if (v > max) max = v;
      }
      if (max - min > widest) {
        widest = max - min;
        axis = a;
      }
    }
    const mid = (lo + hi) >> 1;
    select(order, points, axis, lo, hi - 1, mid);
    this.axis[mid] = axis;
    this.build(order, points, lo, mid);
    this.build(order, points, mid + 1, hi);
  }

  /** Equally near items: the one given first wins, so answers do not depend on the tree's shape. */
  private before(slot: number, bestSlot: number): boolean {
    return bestSlot < 0 || this.order[slot]! < this.order[bestSlot]!;
  }

  /** The nearest item to a point, within maxMeters when given (ties: the lowest index). */
  nearest(latitude: number, longitude: number, maxMeters = Infinity): { index: number; meters: number } | undefined {
    if (this.size === 0) return undefined;
    const q = new Float64Array(3);
    unitVector(latitude, longitude, q, 0);
    const state = { best: -1, bestD: Number.isFinite(maxMeters) ? metersToChordSquared(maxMeters) : Infinity };
    this.searchNearest(q, 0, this.size, state);
    if (state.best < 0) return undefined;
    return { index: this.order[state.best]!, meters: chordSquaredToMeters(state.bestD) };
  }

  private searchNearest(q: Float64Array, lo: number, hi: number, state: { best: number; bestD: number }): void {
    const xyz = this.xyz;
    if (hi - lo <= LEAF_SIZE) {
      for (let s = lo; s < hi; s++) {
        const d = this.distanceSquared(s, q);
        if (d < state.bestD || (d === state.bestD && this.before(s, state.best))) {
          state.bestD = d;
          state.best = s;
        }
      }
      return;
    }
    const mid = (lo + hi) >> 1;
    const axis = this.axis[mid]!;
    const d = this.distanceSquared(mid, q);
    if (d < state.bestD || (d === state.bestD && this.before(mid, state.best))) {
      state.bestD = d;
      state.best = mid;
    }
    const diff = q[axis]! - xyz[mid * 3 + axis]!;
    if (diff < 0) {
      this.searchNearest(q, lo, mid, state);
      if (diff * diff <= state.bestD) this.searchNearest(q, mid + 1, hi, state);
    } else {
      this.searchNearest(q, mid + 1, hi, state);
      if (diff * diff <= state.bestD) this.searchNearest(q, lo, mid, state);
    }
  }

  /** Squared chord length between stored point `slot` and the query's unit vector. */
  private distanceSquared(slot: number, q: Float64Array): number {
    const xyz = this.xyz;
    const dx = xyz[slot * 3]! - q[0]!;
    const dy = xyz[slot * 3 + 1]! - q[1]!;
    const dz = xyz[slot * 3 + 2]! - q[2]!;
    return dx * dx + dy * dy + dz * dz;
  }

  /** Calls visit(index, meters) for every item within radiusMeters of the point (in no particular order). */
  within(latitude: number, longitude: number, radiusMeters: number, visit: (index: number, meters: number) => void): void {
    if (this.size === 0) return;
    const q = new Float64Array(3);
    unitVector(latitude, longitude, q, 0);
    this.searchWithin(q, 0, this.size, metersToChordSquared(radiusMeters), visit);
  }

  private searchWithin(q: Float64Array, lo: number, hi: number, limit: number, visit: (index: number, meters: number) => void): void {
    const xyz = this.xyz;
    if (hi - lo <= LEAF_SIZE) {
      for (let s = lo; s < hi; s++) {
        const d = this.distanceSquared(s, q);
        if (d <= limit) visit(this.order[s]!, chordSquaredToMeters(d));
      }
      return;
    }
    const mid = (lo + hi) >> 1;
    const axis = this.axis[mid]!;
    const d = this.distanceSquared(mid, q);
    if (d <= limit) visit(this.order[mid]!, chordSquaredToMeters(d));
    const diff = q[axis]! - xyz[mid * 3 + axis]!;
    if (diff < 0 || diff * diff <= limit) this.searchWithin(q, lo, mid, limit, visit);
    if (diff >= 0 || diff * diff <= limit) this.searchWithin(q, mid + 1, hi, limit, visit);
  }
}

/** Hoare-style quickselect: puts the k-th smallest (by one axis) at slot k, smaller before, larger after. */
function select(order: Int32Array, points: Float64Array, axis: number, left: number, right: number, k: number): void {
  while (right > left) {
    // Median of three as pivot keeps sorted inputs (postal rows come sorted by code) from going quadratic.
    const mid = (left + right) >> 1;
    const a = points[order[left]! * 3 + axis]!;
    const b = points[order[mid]! * 3 + axis]!;
    const c = points[order[right]! * 3 + axis]!;
    const pivotSlot = (a < b) !== (a < c) ? left : (b < a) !== (b < c) ? mid : right;
    const pivot = points[order[pivotSlot]! * 3 + axis]!;
    swap(order, pivotSlot, k);
    let i = left;
    let j = right;
    swap(order, left, k);
    if (points[order[right]! * 3 + axis]! > pivot) swap(order, left, right);
    while (i < j) {
      swap(order, i, j);
      i++;
      j--;
      while (points[order[i]! * 3 + axis]! < pivot) i++;
      while (points[order[j]! * 3 + axis]! > pivot) j--;
    }
    if (points[order[left]! * 3 + axis]! === pivot) swap(order, left, j);
    else {
      j++;
      swap(order, j, right);
    }
    if (j <= k) left = j + 1;
    if (k <= j) right = j - 1;
  }
}

function swap(order: Int32Array, i: number, j: number): void {
  const t = order[i]!;
  order[i] = order[j]!;
  order[j] = t;
}
