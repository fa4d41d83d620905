// `npm run admin -- <command> [flags]`: the operator CLI. Runs the built CLI (apps/api/dist/admin.js)
// when it exists, else the TypeScript source through tsx, with the caller's working directory and
// environment (so DATA_DIR and DATABASE_URL mean what they mean for `npm start`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'apps/api/dist/admin.js');
const args = process.argv.slice(2);
const nodeArgs = existsSync(built)
  ? [built, ...args]
  : ['--import', import.meta.resolve('tsx'), join(root, 'apps/api/src/app/cli/admin.ts'), ...args];
const result = spawnSync(process.execPath, nodeArgs, { stdio: 'inherit' });
if (result.error) {
  console.error(`Could not run the admin CLI: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
