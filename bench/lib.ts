import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TTaskStatus } from '../packages/domain/src/index';
import type { TestUser } from '../apps/api/test/context';

/** One measured figure, as it goes into docs/PERFORMANCE.md. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** What it is compared with, and the target when one is set. */
  baseline?: string;
  target?: string;
}

export const repoRoot = new URL('..', import.meta.url).pathname;

/** A temporary data directory. */
export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Waits until GET url answers 200, polling every 25 ms; returns elapsed ms. */
export async function waitForHealth(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Starts the built server (apps/api/dist/main.js) as `npm start` does (its Node flags), with the given environment. */
export function startBuiltServer(env: Record<string, string>): ChildProcess {
  const nodeFlags = JSON.parse(readFileSync(join(repoRoot, 'apps/api/server-node-flags.json'), 'utf8')) as string[];
  return spawn(process.execPath, [...nodeFlags, join(repoRoot, 'apps/api/dist/main.js')], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** Stops a child process and waits for it to exit. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Waits for a task status to complete (2) or fail (-1), polling as a client would. */
export async function waitForTask(user: TestUser, taskStatusId: number, timeoutMs = 300_000, onPoll?: (task: TTaskStatus) => void): Promise<TTaskStatus> {
  const t0 = performance.now();
  for (;;) {
    const task = (await user.request({ method: 'GET', url: `/api/users/taskstatuses/${taskStatusId}` })).json() as TTaskStatus;
    onPoll?.(task);
    if (task.currentStatus === 2 || task.currentStatus === -1) return task;
    if (performance.now() - t0 > timeoutMs) throw new Error(`task ${taskStatusId} did not finish in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
