import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file under a directory, at any depth, as full paths; none when the directory is missing. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
