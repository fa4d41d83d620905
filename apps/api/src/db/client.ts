import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

/** The typed database handle services and repositories receive (either driver). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories take `Db` so they run inside or outside one. */
export type Transaction = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** Either a database or a transaction: what every repository function takes first. */
export type Db = Database | Transaction;

/** An open database plus what it needs to close, and what the job queue needs to share it. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance when embedded (pg-boss shares it). */
  pglite?: PGlite;
  /** The connection string when on a PostgreSQL server (pg-boss opens its own pool). */
  connectionString?: string;
  close(): Promise<void>;
}

/** Where to find committed migrations, both from source (tests, tsx) and from the built bundle. */
function migrationsFolder(): string {
  // From source this file is src/db/client.ts; in the bundle it is dist/main.js, and build.mjs
  // copies the migrations next to it. Either way they sit in ./migrations beside this module.
  return join(dirname(fileURLToPath(import.meta.url)), 'migrations');
}

/**
 * The embedded database's buffer pool. PGlite keeps it inside its WASM memory, which grows as the
 * pool fills and never shrinks: PostgreSQL's 128 MB default cost a server process that much RSS for
 * good after one large import. Its files are read through the operating system's cache, which
 * serves what a smaller pool misses (docs/decisions/0027-import-memory.md).
 */
const EMBEDDED_SHARED_BUFFERS = '32MB';

/**
 * Opens the configured database: PostgreSQL when a URL is given, else embedded PGlite persisted
 * in `dataDir` (or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover, admin) must not crash the process:
    // the pool replaces it on next use.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      connectionString: options.databaseUrl,
      close: () => pool.end(),
    };
  }
  let dir = options.dataDir;
  if (!dir.startsWith('memory://')) {
    mkdirSync(dir, { recursive: true });
    dir = join(dir, 'pg');
  }
  const pglite = await PGlite.create(dir, { postgresqlconf: [`shared_buffers = ${EMBEDDED_SHARED_BUFFERS}`] });
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Applies committed migrations, forward only. Safe to call on every start. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], config);
  } else {
    await migratePg(handle.db as unknown as Parameters<typeof migratePg>[0], config);
  }
}
