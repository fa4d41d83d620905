// `npm start`: builds what is missing (web app, API bundle), then runs the one server process
// that serves the web app at / and the API at /api. Arguments (e.g. --demo) pass through.
import { existsSync, readFileSync, statSync, readdirSync } from 'node:fs';
import { spawnSync, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Newest modification time of any file below a folder (skipping node_modules and dist). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newest(join(root, dir)) > built);
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale(join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'packages/domain/src'])) {
  console.log('Building the web app…');
  run(['run', 'build', '-w', '@riskatlas/web']);
}
if (stale(join(root, 'apps/api/dist/main.js'), ['apps/api/src', 'packages/domain/src', 'packages/geo/src', 'packages/scoring/src'])) {
  console.log('Building the API…');
  run(['run', 'build', '-w', '@riskatlas/api']);
}

// Node's flags for the server, shared with the benchmarks (docs/decisions/0027-import-memory.md).
const nodeFlags = JSON.parse(readFileSync(join(root, 'apps/api/server-node-flags.json'), 'utf8'));
const server = spawn(process.execPath, [...nodeFlags, join(root, 'apps/api/dist/main.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
