/** Natural logs of the model's arrays, made on first use (the model is not changed once built). */
const logArrays = new WeakMap<Float64Array, Float64Array>();

/**
 * Math.log of every element, indexed like `values`: identical to taking the log at each use, which
 * the estimators would otherwise do for the same area or agency in every scoring.
 */
export function logsOf(values: Float64Array): Float64Array {
  let logs = logArrays.get(values);
  if (!logs) {
    logs = values.map(Math.log);
    logArrays.set(values, logs);
  }
  return logs;
}
