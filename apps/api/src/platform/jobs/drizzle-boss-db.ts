import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Transaction } from '../../db/client';

/**
 * pg-boss's `db` option on a drizzle transaction, so `send` inserts the job in the caller's
 * transaction: the job commits or rolls back with the request's rows. pg-boss 12 ships this as
 * `fromDrizzle`; 10.x does not. Only `send` (one INSERT … RETURNING id) runs through it.
 */
export function drizzleBossDb(tx: Transaction): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // Both drivers' execute() answers { rows }; drizzle types the result per driver, hence the cast.
      const result = (await tx.execute(withParams(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * pg-boss's `$n` placeholders as drizzle SQL: the text between them raw, each value a bound
 * parameter (sql.param, so an array stays one array value rather than a list). A placeholder used
 * twice becomes two parameters of the same value.
 */
function withParams(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1] ?? null)}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}
