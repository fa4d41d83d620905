import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DatabaseHandle } from '../../db/client';

const dialect = new PgDialect();

/**
 * Runs a query written with drizzle's `sql` and answers its rows as arrays, in column order,
 * straight from the driver: no object per row and no ORM mapping. For the site list's 100,000
 * rows that mapping costs more than the encoding that follows it. Both drivers parse the column
 * types alike for what this module selects (int2/int4/float8 as numbers, text and text[]/int[] as
 * strings and arrays, jsonb as values); timestamps are selected as epoch milliseconds (float8).
 */
export async function queryArrays(database: DatabaseHandle, query: SQL): Promise<unknown[][]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (database.kind === 'pglite') {
    const client = database.pglite ?? (database.db as unknown as { $client: PGlite }).$client;
    const result = await client.query<unknown[]>(text, params, { rowMode: 'array' });
    return result.rows;
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const result = await pool.query<unknown[]>({ text, values: params, rowMode: 'array' });
  return result.rows;
}
