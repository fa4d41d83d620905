import { defineConfig } from 'drizzle-kit';

/** drizzle-kit generates SQL migrations offline from the TypeScript schema (forward only). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema/index.ts',
  out: './apps/api/src/db/migrations',
});
