import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { AppError } from '../../lib/app-error';
import type { FileStore } from './file-store';
import { withSpoolFile } from './spool';

/** Where an S3-compatible store writes: the endpoint, the bucket, a key prefix and credentials. */
export interface S3StoreOptions {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  region: string;
  bucket: string;
  /** Prepended to every key, without slashes at either end; may be empty. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where a stream is spooled before it is sent (DATA_DIR/spool). */
  spoolDir: string;
}

/** Keys are relative paths of safe segments, as in the local store. */
const SAFE_KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Requests answered with these are worth another try (aws4fetch retries them for bodies it can resend). */
const RETRY_STATUS = new Set([429, 500, 502, 503, 504]);
const STREAM_PUT_ATTEMPTS = 3;

/**
 * A file store in an S3-compatible bucket (AWS S3, MinIO, R2, …), addressed path-style
 * (endpoint/bucket/key) so it works with any endpoint, signed with AWS Signature V4. Uses the
 * object API only: PUT, GET and DELETE.
 */
export class S3FileStore implements FileStore {
  private readonly client: AwsClient;
  private readonly base: string;
  private readonly prefix: string;
  private readonly spoolDir: string;

  constructor(options: S3StoreOptions) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
      retries: 3,
    });
    this.base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
    this.prefix = options.prefix.replace(/^\/+|\/+$/g, '');
    this.spoolDir = options.spoolDir;
  }

  private urlOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new Error(`Unsafe file store key: ${key}`);
    }
    const full = this.prefix ? `${this.prefix}/${key}` : key;
    return `${this.base}/${full.split('/').map(encodeURIComponent).join('/')}`;
  }

  async put(key: string, data: Buffer | Readable, contentType: string): Promise<{ size: number }> {
    const url = this.urlOf(key);
    if (Buffer.isBuffer(data)) {
      // A buffer can be resent, so aws4fetch's own retries apply; its hash is signed too.
      const response = await this.client.fetch(url, {
        method: 'PUT',
        body: data,
        headers: {
          'content-type': contentType,
          'content-length': String(data.length),
          'x-amz-content-sha256': createHash('sha256').update(data).digest('hex'),
        },
      });
      await expectOk(response, 'PUT', key);
      return { size: data.length };
    }
    // S3 wants the length of a PUT up front (no chunked uploads without multipart), so a stream is
    // spooled to a file first; each attempt then streams from that file.
    return withSpoolFile(this.spoolDir, 's3-upload', async (spool) => {
      await pipeline(data, createWriteStream(spool));
      const { size } = await stat(spool);
      for (let attempt = 1; ; attempt += 1) {
        const signed = await this.client.sign(url, {
          method: 'PUT',
          headers: { 'content-type': contentType, 'content-length': String(size), 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
        });
        const body = Readable.toWeb(createReadStream(spool)) as unknown as ReadableStream<Uint8Array>;
        const response = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body, duplex: 'half' } as RequestInit);
        if (RETRY_STATUS.has(response.status) && attempt < STREAM_PUT_ATTEMPTS) {
          await response.body?.cancel();
          await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
          continue;
        }
        await expectOk(response, 'PUT', key);
        return { size };
      }
    });
  }

  async get(key: string): Promise<Readable> {
    const response = await this.client.fetch(this.urlOf(key), { method: 'GET' });
    if (response.status === 404) {
      await response.body?.cancel();
      throw AppError.notFound();
    }
    await expectOk(response, 'GET', key);
    if (!response.body) return Readable.from([]);
    return Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>);
  }

  async delete(key: string): Promise<void> {
    const response = await this.client.fetch(this.urlOf(key), { method: 'DELETE' });
    if (response.status === 404) {
      await response.body?.cancel();
      return;
    }
    await expectOk(response, 'DELETE', key);
  }
}

/** Throws (with the store's own error text, for the log) unless the response is a success. */
async function expectOk(response: Response, method: string, key: string): Promise<void> {
  if (response.ok) {
    if (method !== 'GET') await response.body?.cancel();
    return;
  }
  const text = (await response.text().catch(() => '')).slice(0, 500);
  throw new Error(`File store ${method} ${key} failed: HTTP ${response.status} ${text}`);
}
