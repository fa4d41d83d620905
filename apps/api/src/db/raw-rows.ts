import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DatabaseHandle } from './client';

const dialect = new PgDialect();

/** How many rows a read expects: 'many' lets embedded PGlite fetch each row as one JSON value (see queryArrays). */
export type ExpectedRows = 'few' | 'many';

/**
 * Result types whose JSON form parses to exactly what the drivers answer for them: bool, int2,
 * int4, float4, float8, text, varchar, int2[], int4[], text[], json, jsonb. int8 and numeric are
 * not here (the drivers answer strings, JSON numbers).
 */
const JSON_SAFE_TYPES = new Set([16, 21, 23, 700, 701, 25, 1043, 1005, 1007, 1009, 114, 3802]);

/**
 * Runs a query written with drizzle's `sql` and answers its rows as arrays, in column order,
 * straight from the driver: no object per row and no ORM mapping. For the site list's 100,000
 * rows that mapping costs more than the encoding that follows it. Both drivers parse the column
 * types alike for what this module selects (int2/int4/float8 as numbers, text and text[]/int[] as
 * strings and arrays, jsonb as values); timestamps are selected as epoch milliseconds (float8).
 *
 * With `expected: 'many'` on embedded PGlite, each row comes back as ONE json_build_array text that
 * JSON.parse turns into the same array: PGlite's JavaScript protocol reader costs about 2 µs per
 * value, so 100,000 rows of 27 columns took ~5 s as values and ~1.8 s as JSON (measured on this
 * machine, docs/PERFORMANCE.md). Queries with a type outside JSON_SAFE_TYPES read plainly.
 */
export async function queryArrays(database: DatabaseHandle, query: SQL, expected: ExpectedRows = 'few'): Promise<unknown[][]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (database.kind === 'pglite') {
    const client = database.pglite ?? (database.db as unknown as { $client: PGlite }).$client;
    if (expected === 'many') {
      const asJson = await jsonRowsQuery(client, text);
      if (asJson) {
        const result = await client.query<[string]>(asJson, params, { rowMode: 'array' });
        return result.rows.map((row) => JSON.parse(row[0]) as unknown[]);
      }
    }
    const result = await client.query<unknown[]>(text, params, { rowMode: 'array' });
    return result.rows;
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const result = await pool.query<unknown[]>({ text, values: params, rowMode: 'array' });
  return result.rows;
}

/** The query wrapped to answer one JSON array text per row, or null when a column's type would read differently as JSON. */
async function jsonRowsQuery(client: PGlite, text: string): Promise<string | null> {
  const { resultFields } = await client.describeQuery(text);
  if (resultFields.length === 0 || !resultFields.every((field) => JSON_SAFE_TYPES.has(field.dataTypeID))) return null;
  // The derived table's column list renames every column, so duplicate or missing names do not matter.
  const columns = resultFields.map((_, index) => `c${index}`);
  return `select json_build_array(${columns.join(', ')})::text from (${text}) as listed(${columns.join(', ')})`;
}
