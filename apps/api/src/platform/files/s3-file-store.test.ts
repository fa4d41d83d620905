import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { AppError } from '../../lib/app-error';
import { createFileStore } from './create-file-store';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';

const ACCESS_KEY = 'AKIATESTRISKATLAS';
const SECRET_KEY = 'test-secret-key/with+chars';
const REGION = 'eu-west-2';

interface Received {
  method: string;
  path: string;
  contentLength: string | undefined;
  contentType: string | undefined;
  payloadHash: string | undefined;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** AWS's URI encoding: RFC 3986 unreserved characters stay, everything else is percent-encoded. */
const awsEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Recomputes the AWS Signature V4 of a request independently of aws4fetch (the S3 rules: path
 * segments encoded once) and answers why it is wrong, or null when it is right.
 */
function signatureProblem(request: IncomingMessage, body: Buffer): string | null {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
    request.headers.authorization ?? '',
  );
  if (!match) return 'not an AWS4-HMAC-SHA256 authorization';
  const [, keyId, date, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
  if (keyId !== ACCESS_KEY) return 'InvalidAccessKeyId';
  if (region !== REGION) return 'wrong region';
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date)) return 'x-amz-date does not match the credential date';
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256')) return 'required headers not signed';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?');
  const canonicalUri = rawPath.split('/').map((segment) => awsEncode(decodeURIComponent(segment))).join('/');
  const canonicalQuery = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => awsEncode(decodeURIComponent(part ?? ''))).join('='))
    .sort()
    .join('&');
  const canonicalHeaders = names.map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [request.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, `${date}/${region}/s3/aws4_request`, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${SECRET_KEY}`, date), region), 's3'), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex') === signature ? null : 'SignatureDoesNotMatch';
}

/** A tiny S3 object API on 127.0.0.1: PUT, GET and DELETE of objects, path-style, signatures checked. */
async function startFakeS3(): Promise<{ server: Server; endpoint: string; objects: Map<string, { body: Buffer; contentType: string }>; received: Received[] }> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = decodeURIComponent((request.url ?? '/').split('?')[0]!);
      received.push({
        method: request.method ?? '',
        path,
        contentLength: request.headers['content-length'],
        contentType: request.headers['content-type'],
        payloadHash: request.headers['x-amz-content-sha256'] as string | undefined,
      });
      const xml = (status: number, code: string) => {
        response.writeHead(status, { 'content-type': 'application/xml' });
        response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
      };
      const problem = signatureProblem(request, body);
      if (problem) return xml(403, problem);
      if (request.method === 'PUT') {
        // Like S3: a PUT must say its length up front (no chunked uploads).
        if (request.headers['content-length'] === undefined) return xml(411, 'MissingContentLength');
        objects.set(path, { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' });
        response.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` });
        return response.end();
      }
      const object = objects.get(path);
      if (request.method === 'GET') {
        if (!object) return xml(404, 'NoSuchKey');
        response.writeHead(200, { 'content-type': object.contentType, 'content-length': String(object.body.length) });
        return response.end(object.body);
      }
      if (request.method === 'DELETE') {
        objects.delete(path);
        response.writeHead(204);
        return response.end();
      }
      return xml(405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, endpoint: `http://127.0.0.1:${port}`, objects, received };
}

describe('S3-compatible file store', () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    fake = await startFakeS3();
  });
  afterAll(async () => {
    await new Promise((resolve) => fake.server.close(resolve));
  });

  const s3Config = (fileStore: string, secret = SECRET_KEY) =>
    loadConfig({ FILE_STORE: fileStore, S3_ENDPOINT: fake.endpoint, S3_REGION: REGION, S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: secret });

  it('FILE_STORE=s3://bucket/prefix selects the S3 store; anything else a local directory', () => {
    expect(createFileStore(s3Config('s3://riskatlas/files'))).toBeInstanceOf(S3FileStore);
    expect(createFileStore(loadConfig({ DATA_DIR: '/tmp/riskatlas-x' }))).toBeInstanceOf(LocalFileStore);
    expect(() => createFileStore(loadConfig({ FILE_STORE: 's3://bucket', S3_SECRET_ACCESS_KEY: 'x' }))).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => createFileStore(loadConfig({ FILE_STORE: 's3:///prefix', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }))).toThrow(/bucket/);
  });

  it('round-trips bytes with signed PUT, GET and DELETE, path-style under the prefix', async () => {
    const store = createFileStore(s3Config('s3://riskatlas/prod/files'));
    const bytes = Buffer.from('name,city\r\nCafé,Zürich\r\n');
    const key = 'accounts/42/downloads/activity-log-7.csv';
    expect(await store.put(key, bytes, 'text/csv; charset=utf-8')).toEqual({ size: bytes.length });
    const put = fake.received.at(-1)!;
    expect(put).toMatchObject({ method: 'PUT', path: `/riskatlas/prod/files/${key}`, contentLength: String(bytes.length), contentType: 'text/csv; charset=utf-8' });
    expect(put.payloadHash).toBe(sha256(bytes));
    expect(fake.objects.get(`/riskatlas/prod/files/${key}`)?.body.equals(bytes)).toBe(true);

    const read = await store.get(key);
    expect(Buffer.from(await text(read)).equals(bytes)).toBe(true);

    await store.delete(key);
    expect(fake.objects.has(`/riskatlas/prod/files/${key}`)).toBe(false);
    await expect(store.get(key)).rejects.toSatisfy((error: unknown) => error instanceof AppError && error.code === 'NOT_FOUND');
    await store.delete(key); // deleting a missing object is not an error
  });

  it('uploads a stream with its length up front', async () => {
    const store = createFileStore(s3Config('s3://riskatlas'));
    const parts = Array.from({ length: 200 }, (_, i) => `row ${i},${'x'.repeat(500)}\n`);
    const expected = Buffer.from(parts.join(''));
    expect(await store.put('accounts/1/big.csv', Readable.from(parts), 'text/csv')).toEqual({ size: expected.length });
    const put = fake.received.at(-1)!;
    expect(put).toMatchObject({ method: 'PUT', path: '/riskatlas/accounts/1/big.csv', contentLength: String(expected.length), payloadHash: 'UNSIGNED-PAYLOAD' });
    expect(fake.objects.get('/riskatlas/accounts/1/big.csv')?.body.equals(expected)).toBe(true);
  });

  it('fails loudly when the signature is wrong (a bad secret key)', async () => {
    const store = createFileStore(s3Config('s3://riskatlas', 'not-the-secret'));
    await expect(store.put('accounts/1/x.csv', Buffer.from('x'), 'text/csv')).rejects.toThrow(/403.*SignatureDoesNotMatch/);
    expect(fake.objects.has('/riskatlas/accounts/1/x.csv')).toBe(false);
  });

  it('refuses keys that could escape their prefix', async () => {
    const store = createFileStore(s3Config('s3://riskatlas'));
    await expect(store.put('../other/x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
    await expect(store.get('accounts/../../x')).rejects.toThrow(/Unsafe/);
  });
});
