import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/app-error';
import type { FileStore } from './file-store';
import { withSpoolFile } from './spool';

/** Keys are relative paths of safe segments: letters, digits, dot, dash, underscore. */
const SAFE_KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
/** The store's own spool, a folder of its root that no key may name. */
const SPOOL_DIR = '.spool';

/**
 * Where a local store at `root` writes a file before renaming it into place: inside the root, so
 * the rename stays on one filesystem and a half-written file is never seen under its key.
 */
export function localStoreSpoolOf(root: string): string {
  return join(resolve(root), SPOOL_DIR);
}

/**
 * A file store in a local directory. Writes go to the store's spool first, then are renamed into
 * place; folders are created 0700 and files 0600, as they hold tenant data.
 */
export class LocalFileStore implements FileStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    const parts = key.split('/');
    if (!SAFE_KEY.test(key) || parts.some((part) => part === '..' || part === '.') || parts[0] === SPOOL_DIR) {
      throw new Error(`Unsafe file store key: ${key}`);
    }
    const full = join(this.root, key);
    if (!full.startsWith(this.root + sep)) throw new Error(`Unsafe file store key: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer | Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    return withSpoolFile(localStoreSpoolOf(this.root), 'upload', async (temporary) => {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(temporary));
      await rename(temporary, target);
      return { size: (await stat(target)).size };
    });
  }

  async get(key: string): Promise<Readable> {
    const target = this.pathOf(key);
    try {
      await stat(target);
    } catch {
      throw AppError.notFound();
    }
    return createReadStream(target);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
