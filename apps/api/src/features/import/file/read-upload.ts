import { FileIntake, IMPORT_READ_LIMITS, type FileIntakeSummary } from './file-intake';
import { openImportFile, type ReadLimits } from './file-rows';

/** How an upload was read: its format, encoding and delimiter, and the intake of its rows. */
export interface ReadUpload {
  format: 'csv' | 'xlsx';
  encoding: string | null;
  delimiter: string | null;
  /** The rows to store (read once). */
  rows: AsyncIterable<string[]>;
  /** What was found; valid once `rows` has been read to its end. */
  summary(): FileIntakeSummary;
}

/**
 * Reads an uploaded file for the import, whatever its format, within the import's limits (tests
 * may shorten the stall time). Refuses
 * (AppError 400 with the user's message) files that are not tables; the rows themselves may still
 * throw such a refusal (empty, too many rows) when read to their end.
 */
export function readImportUpload(bytes: Buffer, filename: string, limits: ReadLimits = IMPORT_READ_LIMITS): ReadUpload {
  const file = openImportFile(bytes, filename, limits);
  const intake = new FileIntake(file);
  return { format: file.format, encoding: file.encoding, delimiter: file.delimiter, rows: intake.rows(), summary: () => intake.summary() };
}
