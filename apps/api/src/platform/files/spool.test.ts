import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../../../test/files-under';
import { loadConfig } from '../config';
import { clearSpoolsOnStart } from './create-file-store';
import { LocalFileStore, localStoreSpoolOf } from './local-file-store';
import { clearSpool, spoolRootOf, withSpoolFile } from './spool';

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid;
}

describe('spool files', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'riskatlas-spool-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives work an owner-only file in an owner-only folder under DATA_DIR, and removes it when the work ends', async () => {
    const root = spoolRootOf(dataDir);
    const seen = await withSpoolFile(root, 'sites-1-2', async (path) => {
      expect(path.startsWith(root + '/')).toBe(true);
      await writeFile(path, 'tenant,data\n');
      return { path, file: await modeOf(path), folder: await modeOf(dirname(path)), root: await modeOf(root) };
    });
    expect(seen).toMatchObject({ file: 0o600, folder: 0o700, root: 0o700 });
    await expect(stat(seen.path)).rejects.toThrow(/ENOENT/);
  });

  it('removes the file when the work throws', async () => {
    const root = spoolRootOf(dataDir);
    let spooled = '';
    await expect(
      withSpoolFile(root, 'activity-1-2', async (path) => {
        spooled = path;
        await writeFile(path, 'half a file');
        throw new Error('the export broke');
      }),
    ).rejects.toThrow('the export broke');
    expect(spooled).not.toBe('');
    expect(await filesUnder(root)).toEqual([]);
  });

  it('on start removes what stopped processes left, keeps what running ones are writing, and tightens the folder', async () => {
    const root = join(dataDir, 'start');
    // This process's own folder name tells the host part of the names.
    const own = await withSpoolFile(root, 'probe', async (path) => basename(dirname(path)));
    const host = own.replace(/-\d+$/, '');
    const leftovers = {
      [own]: 'a file of an earlier process that had this pid',
      [`${host}-${deadPid()}`]: 'a file of a process that died',
      'other-host-77': 'a file of another host, untouched for two days',
    };
    const kept = {
      [`${host}-${process.ppid}`]: 'a file a running process is writing',
      'other-host-9': 'a file of another host, fresh',
    };
    for (const [name, text] of Object.entries({ ...leftovers, ...kept })) {
      await mkdir(join(root, name), { recursive: true });
      await writeFile(join(root, name, 'export.csv'), text);
    }
    await writeFile(join(root, 'stray-file'), 'a file outside any process folder');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await utimes(join(root, 'other-host-77'), twoDaysAgo, twoDaysAgo);
    await chmod(root, 0o755);

    expect(await clearSpool(root)).toBe(4);
    expect((await readdir(root)).sort()).toEqual(Object.keys(kept).sort());
    expect(await modeOf(root)).toBe(0o700);
    expect(await clearSpool(join(dataDir, 'never-made'))).toBe(0);
  });

  it('start-up clears both DATA_DIR/spool and a local file store\u2019s own spool', async () => {
    const config = loadConfig({ DATA_DIR: join(dataDir, 'both') });
    const dead = deadPid();
    for (const root of [spoolRootOf(config.dataDir), localStoreSpoolOf(config.fileStore)]) {
      const own = await withSpoolFile(root, 'probe', async (path) => basename(dirname(path)));
      await mkdir(join(root, own.replace(/-\d+$/, `-${dead}`)), { recursive: true });
      await writeFile(join(root, own.replace(/-\d+$/, `-${dead}`), 'upload-1'), 'crashed mid-write');
    }
    expect(await clearSpoolsOnStart(config)).toBeGreaterThanOrEqual(2);
    expect(await filesUnder(spoolRootOf(config.dataDir))).toEqual([]);
    expect(await filesUnder(localStoreSpoolOf(config.fileStore))).toEqual([]);
  });

  it('a local store keeps stored files owner-only, leaves nothing in its spool, and refuses keys in its spool', async () => {
    const root = join(dataDir, 'store');
    const store = new LocalFileStore(root);
    expect(await store.put('accounts/7/downloads/sites-1.csv', Buffer.from('a,b\n'))).toEqual({ size: 4 });
    expect(await modeOf(join(root, 'accounts/7/downloads/sites-1.csv'))).toBe(0o600);
    expect(await modeOf(join(root, 'accounts/7/downloads'))).toBe(0o700);
    expect(await filesUnder(localStoreSpoolOf(root))).toEqual([]);
    await expect(store.put('.spool/x.csv', Buffer.from('x'))).rejects.toThrow(/Unsafe file store key/);
  });
});
