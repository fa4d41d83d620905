import type { AppConfig } from '../config';
import type { FileStore } from './file-store';
import { LocalFileStore, localStoreSpoolOf } from './local-file-store';
import { S3FileStore } from './s3-file-store';
import { clearSpool, spoolRootOf } from './spool';

const isBucket = (location: string) => location.toLowerCase().startsWith('s3://');

/**
 * The configured file store: FILE_STORE=s3://bucket/prefix selects an S3-compatible bucket
 * (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY); anything else is a local
 * directory (default DATA_DIR/files). Throws naming the missing variable.
 */
export function createFileStore(config: Pick<AppConfig, 'fileStore' | 's3' | 'dataDir'>): FileStore {
  const location = config.fileStore;
  if (!isBucket(location)) return new LocalFileStore(location);
  const rest = location.slice('s3://'.length);
  const slash = rest.indexOf('/');
  const bucket = slash < 0 ? rest : rest.slice(0, slash);
  const prefix = slash < 0 ? '' : rest.slice(slash + 1);
  if (!bucket) throw new Error('Configuration variable FILE_STORE is invalid: s3:// needs a bucket name (s3://bucket/prefix)');
  const { accessKeyId, secretAccessKey, region } = config.s3;
  if (!accessKeyId) throw new Error('Configuration variable S3_ACCESS_KEY_ID is required when FILE_STORE is s3://…');
  if (!secretAccessKey) throw new Error('Configuration variable S3_SECRET_ACCESS_KEY is required when FILE_STORE is s3://…');
  const endpoint = config.s3.endpoint ?? `https://s3.${region}.amazonaws.com`;
  return new S3FileStore({ endpoint, region, bucket, prefix, accessKeyId, secretAccessKey, spoolDir: spoolRootOf(config.dataDir) });
}

/**
 * Start-up: removes the spool files that processes which died mid-job left behind, in
 * DATA_DIR/spool and in a local file store's own spool. Returns how many leftovers went.
 */
export async function clearSpoolsOnStart(config: Pick<AppConfig, 'fileStore' | 'dataDir'>): Promise<number> {
  const spools = [spoolRootOf(config.dataDir), ...(isBucket(config.fileStore) ? [] : [localStoreSpoolOf(config.fileStore)])];
  let removed = 0;
  for (const spool of spools) removed += await clearSpool(spool);
  return removed;
}
