import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

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

/** Answers when the database answers a trivial query (health checks). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Takes a transaction-scoped advisory lock on `key`: concurrent transactions taking the same key
 * wait for each other until commit or rollback (several processes seeding at one start).
 */
export async function lockForTransaction(tx: Db, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}
