/*
 * Readers for the raw international and incident files: an RFC 4180 CSV parser (quoted fields
 * with commas, doubled quotes and line breaks; LF, CRLF or bare-CR line ends; a UTF-8 BOM) and
 * bzip2 decompression through the system `bzip2` (Debian and CI have it), so no npm package.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export { csvTable, parseCsv, readCsv, type CsvTable } from '@riskatlas/geo/build/csv';

/** Decompresses a .bz2 file with the system bzip2 and decodes it as UTF-8. */
export function readBzip2Text(sharedDir: string, path: string): string {
  return execFileSync('bzip2', ['-dc', join(sharedDir, path)], { maxBuffer: 1 << 30 }).toString('utf8');
}

/** A non-negative integer field ("1,954" with thousands separators allowed); throws otherwise. */
export function integerField(text: string, label: string): number {
  const plain = text.replace(/,/g, '').trim();
  if (!/^\d+$/.test(plain)) throw new Error(`${label}: not a whole number: ${JSON.stringify(text)}`);
  return Number(plain);
}

/** A finite number field; throws otherwise. */
export function numberField(text: string, label: string): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) throw new Error(`${label}: not a number: ${JSON.stringify(text)}`);
  return value;
}
