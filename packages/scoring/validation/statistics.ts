/** Ranks of values (1-based), ties sharing their average rank. */
function ranks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) result[order[k]!.index] = rank;
    start = end + 1;
  }
  return result;
}

/** Pearson correlation of two equally long samples (NaN when either is constant). */
function pearson(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  if (n < 3) return Number.NaN;
  const meanA = a.reduce((sum, value) => sum + value, 0) / n;
  const meanB = b.reduce((sum, value) => sum + value, 0) / n;
  let covariance = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (let i = 0; i < n; i++) {
    covariance += (a[i]! - meanA) * (b[i]! - meanB);
    varianceA += (a[i]! - meanA) ** 2;
    varianceB += (b[i]! - meanB) ** 2;
  }
  return varianceA === 0 || varianceB === 0 ? Number.NaN : covariance / Math.sqrt(varianceA * varianceB);
}

/** Spearman rank correlation. */
export function spearman(a: readonly number[], b: readonly number[]): number {
  return pearson(ranks(a), ranks(b));
}

/** Median of a sample (NaN when empty). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
