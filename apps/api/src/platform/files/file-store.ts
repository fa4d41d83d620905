import type { Readable } from 'node:stream';

/** Where generated and uploaded files live: a local directory, or an S3-compatible bucket. */
export interface FileStore {
  /** Stores bytes under a key (keys are account-prefixed by callers); returns the stored size. */
  put(key: string, data: Buffer | Readable, contentType: string): Promise<{ size: number }>;
  /** Opens a stored file; throws AppError NOT_FOUND when it is missing. */
  get(key: string): Promise<Readable>;
  /** Removes a file; missing files are not an error. */
  delete(key: string): Promise<void>;
}
