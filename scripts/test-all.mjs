// `npm test`: every tier in order — typecheck, lint, unit, API (PGlite + PostgreSQL when one
// answers), web components, then the build and the Playwright end-to-end tests against it.
// Stops at the first failing tier. Ends with one line counting every test run:
// "tests: N passed, N failed[, N skipped]".
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const tiers = [
  ['typecheck', ['run', 'typecheck'], false],
  ['lint', ['run', 'lint'], false],
  ['unit', ['run', 'test:unit'], true],
  ['api', ['run', 'test:api'], true],
  ['web', ['run', 'test:web'], true],
  ['build', ['run', 'build'], false],
  ['e2e', ['run', 'test:e2e'], true],
];

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** Runs one tier, echoing its output, and returns its exit code and output text. */
function runTier(args) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      text += chunk.toString();
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      text += chunk.toString();
    });
    child.on('close', (code) => resolve({ code: code ?? 1, text: text.replace(ANSI, '') }));
  });
}

/** Test counts from Vitest ("Tests  12 passed | 1 failed (13)") or Playwright ("  11 passed (1.0m)"). */
function countTests(text) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const vitest = /^\s*Tests\s+(.*)$/m.exec(text);
  const source = vitest ? vitest[1] : text;
  for (const kind of Object.keys(counts)) {
    const pattern = vitest ? new RegExp(`(\\d+) ${kind}`) : new RegExp(`^\\s*(\\d+) ${kind}\\b`, 'm');
    const match = pattern.exec(source);
    if (match) counts[kind] += Number(match[1]);
  }
  return counts;
}

const only = process.argv.slice(2);
const started = Date.now();
const summary = [];
const total = { passed: 0, failed: 0, skipped: 0 };
let failedTier;
for (const [name, args, counted] of tiers) {
  if (only.length > 0 && !only.includes(name)) continue;
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const { code, text } = await runTier(args);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  let detail = '';
  if (counted) {
    const counts = countTests(text);
    for (const kind of Object.keys(total)) total[kind] += counts[kind];
    detail = `, ${counts.passed} passed, ${counts.failed} failed`;
  }
  summary.push(`${name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds}s${detail})`);
  if (code !== 0) {
    failedTier = name;
    if (total.failed === 0) total.failed = 1; // a tier that failed without counted tests still fails
    break;
  }
}
console.log(`\n${summary.join('\n')}`);
console.log(failedTier ? `Tier "${failedTier}" failed.` : `All tiers passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(failedTier ? 1 : 0);
