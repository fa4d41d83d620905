/**
 * A second API process for the session cache test (access/session-cache.test.ts), run as
 * `node --import tsx` on the PostgreSQL database named by API_PROCESS_DATABASE_URL: the real app,
 * no job worker, sessions cached for a minute. It prints {"port": n} on stdout once it listens and
 * stops cleanly on SIGTERM. Not part of the app: nothing imports it.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadGazetteer } from '@riskatlas/geo';
import { lazyScoringEngine } from '@riskatlas/scoring';
import { buildApp } from '../src/app/build-app';
import { jobDefinitions } from '../src/app/job-registry';
import { openDatabase } from '../src/db/client';
import type { AppDeps } from '../src/platform/app-deps';
import { loadConfig } from '../src/platform/config';
import { LocalFileStore } from '../src/platform/files/local-file-store';
import { createJobQueue } from '../src/platform/jobs/queue';

const databaseUrl = process.env.API_PROCESS_DATABASE_URL;
if (!databaseUrl) throw new Error('API_PROCESS_DATABASE_URL is required');
const dataDir = await mkdtemp(join(tmpdir(), 'riskatlas-api-process-'));
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_CACHE_SECONDS: '60', AUTH_RATE_LIMIT: '10000' });
const database = await openDatabase({ databaseUrl, dataDir: '' });
const base: Omit<AppDeps, 'jobs'> = {
  config,
  database,
  gazetteer: loadGazetteer(),
  scoring: lazyScoringEngine(),
  fileStore: new LocalFileStore(join(dataDir, 'files')),
  mailer: { send: async () => undefined },
  now: () => new Date(),
};
const app = await buildApp({ ...base, jobs: createJobQueue(base, jobDefinitions) });
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
