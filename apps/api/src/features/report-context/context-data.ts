import { loadContextData, type ContextData } from '@riskatlas/geo';

let loaded: ContextData | undefined;

/**
 * Points of interest and county demographics from the data pack, read on first use: most
 * processes (tests of other features, a worker running other jobs) never need them.
 */
export function contextData(): ContextData {
  loaded ??= loadContextData();
  return loaded;
}
