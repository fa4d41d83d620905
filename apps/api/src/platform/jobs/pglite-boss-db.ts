import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';

/**
 * pg-boss's `db` option on the app's own PGlite instance. pg-boss 12 ships this as `fromPglite`;
 * 10.x, the last line that installs on Node 20, has only its own pg pool, so we adapt PGlite here.
 *
 * PGlite is one connection in this process, shared with the app. Its own lock runs one statement
 * (or one drizzle transaction) at a time, so nothing needs serialising on top of it.
 */
export function pgliteBossDb(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const result = await pglite.query(text, values);
        return { rows: result.rows };
      }
      // Without parameters pg-boss may send several statements at once (schema creation, the
      // supervisor's BEGIN; advisory lock; …; COMMIT blocks): query() runs one statement only,
      // exec() runs a script. Rows of every statement, so a RETURNING before the COMMIT is kept.
      try {
        const results = await pglite.exec(text);
        return { rows: results.flatMap((result) => result.rows) };
      } catch (error) {
        // A pool would drop the connection; our single one would stay in the aborted transaction
        // and fail every later statement of the app too. End it before reporting the error.
        if (/\bBEGIN\s*;/i.test(text)) await pglite.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}
