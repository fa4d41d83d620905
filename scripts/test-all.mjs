// `npm test`: every tier in order — typecheck, lint, unit, API (PGlite + PostgreSQL when one
// answers), web components, then the build and the Playwright end-to-end tests against it.
// Stops at the first failing tier and prints a closing summary line.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const tiers = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit', ['run', 'test:unit']],
  ['api', ['run', 'test:api']],
  ['web', ['run', 'test:web']],
  ['build', ['run', 'build']],
  ['e2e', ['run', 'test:e2e']],
];
const only = process.argv.slice(2);
const started = Date.now();
const results = [];
for (const [name, args] of tiers) {
  if (only.length > 0 && !only.includes(name)) continue;
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  results.push(`${name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds}s)`);
  if (result.status !== 0) {
    console.log(`\n${results.join('\n')}\nTier "${name}" failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n${results.join('\n')}\nAll tiers passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
