import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Db } from '../src/db/client';
import { createTestDatabase, type TestDatabaseKind } from './databases';

/*
 * Worker processes of the crash tests: a fixture run as its own process on a real database,
 * reporting what happens as JSON lines, so a test can SIGKILL it mid-job and start another.
 */

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** One JSON line a worker printed. */
export type WorkerEvent = { event: string } & Record<string, unknown>;

/** Starts a worker fixture (`node --import tsx <fixture>`) as a child process whose JSON-line events can be awaited. */
export function startWorker(fixture: string, env: Record<string, string>): { child: ChildProcessWithoutNullStreams; events: WorkerEvent[]; next(match: (e: WorkerEvent) => boolean, timeoutMs: number): Promise<WorkerEvent>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const events: WorkerEvent[] = [];
  const waiters: { match: (e: WorkerEvent) => boolean; resolve: (e: WorkerEvent) => void }[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    let event: WorkerEvent;
    try {
      event = JSON.parse(line) as WorkerEvent;
    } catch {
      return;
    }
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.match(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return {
    child,
    events,
    exited,
    next: (match, timeoutMs) =>
      new Promise((resolvePromise, reject) => {
        const seen = events.find(match);
        if (seen) return resolvePromise(seen);
        const timer = setTimeout(() => reject(new Error(`worker event not seen in ${timeoutMs} ms; events ${JSON.stringify(events)}; stderr ${stderr.slice(-2000)}`)), timeoutMs);
        waiters.push({
          match,
          resolve: (event) => {
            clearTimeout(timer);
            resolvePromise(event);
          },
        });
        void exited.then((code) => reject(new Error(`worker exited (${code}) before the event; events ${JSON.stringify(events)}; stderr ${stderr.slice(-2000)}`)));
      }),
  };
}


/** Where a crash test's workers keep their data: a PGlite directory or a fresh PostgreSQL database, and a file store. */
export interface CrashWorkspace {
  /** The environment every worker of the test gets. */
  env: Record<string, string>;
  filesDir: string;
  /** Reads the database the workers used (once they have stopped: a PGlite directory allows one process). */
  read<T>(work: (db: Db) => Promise<T>): Promise<T>;
}

/** Runs a crash test in a workspace of `kind`, removed afterwards. */
export async function withCrashWorkspace(kind: TestDatabaseKind, run: (workspace: CrashWorkspace) => Promise<void>): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'riskatlas-crash-'));
  const filesDir = join(work, 'files');
  const env: Record<string, string> = { CRASH_FILES_DIR: filesDir };
  const server = kind === 'postgres' ? await createTestDatabase('postgres') : undefined;
  if (server) env.CRASH_DATABASE_URL = server.connectionString!;
  else env.CRASH_DATA_DIR = join(work, 'data');
  const read = async <T>(reader: (db: Db) => Promise<T>): Promise<T> => {
    const database = server ?? (await openDatabase({ dataDir: env.CRASH_DATA_DIR! }));
    try {
      return await reader(database.db);
    } finally {
      if (!server) await database.close();
    }
  };
  try {
    await run({ env, filesDir, read });
  } finally {
    await server?.drop();
    await rm(work, { recursive: true, force: true });
  }
}
