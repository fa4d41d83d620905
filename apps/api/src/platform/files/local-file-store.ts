import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/app-error';
import type { FileStore } from './file-store';

/** Keys are relative paths of safe segments: letters, digits, dot, dash, underscore. */
const SAFE_KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** A file store in a local directory. Writes go to a temporary name first, then are renamed. */
export class LocalFileStore implements FileStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new Error(`Unsafe file store key: ${key}`);
    }
    const full = join(this.root, key);
    if (!full.startsWith(this.root + sep)) throw new Error(`Unsafe file store key: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer | Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.part`;
    await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(temporary));
    await rename(temporary, target);
    return { size: (await stat(target)).size };
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
