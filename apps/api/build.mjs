// Bundles the API (and the operator CLI) with esbuild into dist/. Workspace packages
// (@riskatlas/*) are TypeScript sources and are bundled in; npm dependencies stay external and
// load from node_modules. Migrations are copied next to the bundle, where db/client.ts looks.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@riskatlas/'));

rmSync(join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: { main: join(here, 'src/app/main.ts'), admin: join(here, 'src/app/cli/admin.ts') },
  outdir: join(here, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
cpSync(join(here, 'src/db/migrations'), join(here, 'dist/migrations'), { recursive: true });
console.log('api: built dist/main.js and dist/admin.js');
