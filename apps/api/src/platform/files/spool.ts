import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/*
 * Spool files: the temporary copies of tenant data a job or a file store writes on its way
 * somewhere else (a CSV export before it is stored, an upload before it is sent to a bucket).
 * They live under DATA_DIR, never in the shared system temporary directory, with owner-only
 * permissions, and go away after each use. A process that dies mid-job cannot run its own clean-up,
 * so each process spools into a directory named after its host and process id, and a start
 * removes the directories of processes that no longer run.
 */

/** Directories 0700 and files 0600: only the user the server runs as may read tenant data. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
/**
 * A directory of another host is removed once it has not changed for this long: whether its
 * process still runs cannot be asked from here, and no spool file lives nearly this long.
 */
const FOREIGN_STALE_MS = 24 * 3_600_000;

/** The spool under a data directory. */
export function spoolRootOf(dataDir: string): string {
  return join(dataDir, 'spool');
}

const host = hostname().replace(/[^A-Za-z0-9.-]/g, '_') || 'host';
/** This process's directory name in a spool: `<host>-<pid>`. */
const ownName = `${host}-${process.pid}`;
/** Spool roots whose permissions this process has already tightened. */
const tightened = new Set<string>();

async function ensureDir(path: string, options: { tighten?: boolean } = {}): Promise<void> {
  await mkdir(path, { recursive: true, mode: DIR_MODE });
  if (tightened.has(path) && !options.tighten) return;
  // mkdir leaves an existing directory's mode as it was: one made earlier by hand, or by an older
  // version, may be readable by others.
  await chmod(path, DIR_MODE);
  tightened.add(path);
}

/**
 * Runs `work` with the path of a new, empty spool file (mode 0600, in this process's 0700
 * directory under `spoolRoot`) and removes the file when `work` ends, whether it succeeded or
 * threw. `label` names the file for whoever looks (e.g. 'sites-12-345'); a random suffix keeps it
 * unique. Open the path for writing without the exclusive flag: the file already exists.
 */
export async function withSpoolFile<T>(spoolRoot: string, label: string, work: (path: string) => Promise<T>): Promise<T> {
  await ensureDir(spoolRoot);
  const dir = join(spoolRoot, ownName);
  await ensureDir(dir);
  const path = join(dir, `${label.replace(/[^A-Za-z0-9._-]/g, '_')}-${randomBytes(6).toString('hex')}`);
  // Created here, exclusively and owner-only, so no later open can widen it or find it taken.
  await (await open(path, 'wx', FILE_MODE)).close();
  try {
    return await work(path);
  } finally {
    await rm(path, { force: true });
  }
}

/** Whether a process of this host still runs (a process of another user counts as running). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a spool entry is a leftover: of this process's id, of a dead process here, or long untouched elsewhere. */
async function isLeftover(spoolRoot: string, name: string, now: number): Promise<boolean> {
  const match = /^(.+)-(\d+)$/.exec(name);
  if (match && match[1] === host) {
    const pid = Number(match[2]);
    return pid === process.pid || !processRuns(pid);
  }
  if (!match) return true;
  try {
    const { mtimeMs } = await stat(join(spoolRoot, name));
    return now - mtimeMs > FOREIGN_STALE_MS;
  } catch (error) {
    // Gone meanwhile: its own process cleaned up.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Start-up: removes what earlier processes left in a spool — everything but the directories of
 * processes that still run — and tightens the spool's own permissions. Returns how many entries
 * it removed.
 */
export async function clearSpool(spoolRoot: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(spoolRoot);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  await ensureDir(spoolRoot, { tighten: true });
  const now = Date.now();
  let removed = 0;
  for (const name of names) {
    if (!(await isLeftover(spoolRoot, name, now))) continue;
    await rm(join(spoolRoot, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
