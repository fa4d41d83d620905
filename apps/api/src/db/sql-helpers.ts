import { sql, type SQL } from 'drizzle-orm';

/** Ids per statement when a list is long: keeps each statement's parameter text reasonable. */
export const ID_CHUNK = 10_000;

/** A list of integers as ONE array parameter (`= any(...)`, `unnest`), the same on both drivers. */
export function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`;
}

/**
 * Runs `statement` once per slice of at most ID_CHUNK items, one after another (a transaction's
 * statements cannot overlap), and answers every slice's rows in order.
 */
export async function inIdChunks<I, R>(items: readonly I[], statement: (chunk: readonly I[]) => Promise<readonly R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < items.length; start += ID_CHUNK) {
    out.push(...(await statement(items.slice(start, start + ID_CHUNK))));
  }
  return out;
}
