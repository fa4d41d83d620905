import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPack } from '../../build/build-pack';
import { differingFiles } from '../../build/check-pack';
import { hasSharedData, sharedDataDir } from '../../build/paths';
import { PACK_FILES, deltaDecode, deltaEncode, tsvRow } from './format';
import { locatePackDir } from './locate';

const packDir = locatePackDir();
const manifest = JSON.parse(readFileSync(join(packDir, PACK_FILES.manifest), 'utf8')) as {
  files: Array<{ name: string; bytes: number; sha256: string; records: number }>;
  counts: { postal: Record<string, number>; places: Record<string, number> };
};

describe('the committed pack', () => {
  it('matches its manifest: every file, its size, hash and record count', () => {
    const onDisk = readdirSync(packDir).filter((name) => name !== PACK_FILES.manifest).sort();
    expect(manifest.files.map((f) => f.name).sort()).toEqual(onDisk);
    for (const file of manifest.files) {
      const bytes = readFileSync(join(packDir, file.name));
      expect(bytes.length, file.name).toBe(file.bytes);
      expect(createHash('sha256').update(bytes).digest('hex'), file.name).toBe(file.sha256);
      if (file.name.endsWith('.tsv')) expect(bytes.toString('utf8').trimEnd().split('\n').length - 1, file.name).toBe(file.records);
      if (file.name.endsWith('.jsonl')) expect(bytes.toString('utf8').trimEnd().split('\n').length, file.name).toBe(file.records);
    }
  });

  it('stays far under the 40 MB budget', () => {
    const total = readdirSync(packDir).reduce((sum, name) => sum + statSync(join(packDir, name)).size, 0);
    expect(total).toBeLessThan(20 * 1024 * 1024);
  });

  it('covers all five countries', () => {
    for (const iso2 of ['US', 'PR', 'CA', 'GB', 'MX']) {
      expect(manifest.counts.postal[iso2], iso2).toBeGreaterThan(100);
      expect(manifest.counts.places[iso2], iso2).toBeGreaterThan(100);
    }
    expect(manifest.counts.postal.US).toBeGreaterThan(40_000);
    expect(manifest.counts.postal.MX).toBeGreaterThan(32_000);
  });
});

describe('pack format', () => {
  it('round-trips delta-encoded rings', () => {
    const ring = [-8762981, 4188123, -8762001, 4188999, -8763500, 4187000];
    expect([...deltaDecode(deltaEncode(ring))]).toEqual(ring.map((v) => v / 1e5));
  });

  it('refuses values that would break a table', () => {
    expect(tsvRow(['a', 1])).toBe('a\t1');
    expect(() => tsvRow(['a\tb'])).toThrow();
    expect(() => tsvRow(['a\nb'])).toThrow();
  });
});

const shared = sharedDataDir();
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

// A fresh clone has no raw data: the build test is skipped there, with one line saying so.
const rawData = hasSharedData(shared);
if (!rawData) console.info(`"pack build" skipped: raw data not present in ${shared}`);

describe.skipIf(!rawData)(rawData ? 'pack build' : 'pack build (skipped: raw data not present)', () => {
  it('is deterministic: two builds are byte-identical, and equal to the committed pack', { timeout: 180_000 }, () => {
    const [a, b] = [0, 1].map(() => {
      const dir = mkdtempSync(join(tmpdir(), 'riskatlas-pack-test-'));
      temporary.push(dir);
      buildPack({ sharedDir: shared, outDir: dir });
      return dir;
    });
    expect(differingFiles(a!, b!)).toEqual([]);
    expect(differingFiles(packDir, a!)).toEqual([]);
  });
});
