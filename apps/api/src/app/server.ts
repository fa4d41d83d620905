import { join } from 'node:path';
import { loadGazetteer } from '@riskatlas/geo';
import { lazyScoringEngine } from '@riskatlas/scoring';
import { buildApp } from './build-app';
import type { AppConfig } from '../platform/config';
import { migrateDatabase, openDatabase } from '../db/client';
import type { AppDeps } from '../platform/app-deps';
import { clearSpoolsOnStart, createFileStore } from '../platform/files/create-file-store';
import { createJobQueue } from '../platform/jobs/queue';
import { jobDefinitions } from './job-registry';
import { createMailer } from '../platform/mail/create-mailer';
import { seedOnStart } from './seed/seed';

/**
 * Opens the database, applies migrations, clears spool files earlier processes left, seeds a
 * first administrator when needed, starts the job queue (and worker), serves HTTP, and shuts all
 * of it down in order on SIGINT/SIGTERM.
 */
export async function startServer(config: AppConfig): Promise<void> {
  const started = performance.now();
  // The embedded database compiles its WASM off the main thread: load the gazetteer meanwhile.
  const opening = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const gazetteer = loadGazetteer();
  // The scoring model loads when something first scores (about a second, once): it holds ~130 MB
  // of the process, which a server that imports, lists or maps sites does not need.
  const scoring = lazyScoringEngine();
  const database = await opening;
  await migrateDatabase(database);
  const base: Omit<AppDeps, 'jobs'> = {
    config,
    database,
    gazetteer,
    scoring,
    fileStore: createFileStore(config),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox') }),
    now: () => new Date(),
  };
  const deps: AppDeps = { ...base, jobs: createJobQueue(base, jobDefinitions) };
  // Before anything of this process spools: what a crashed process spooled must not outlive it.
  const leftovers = await clearSpoolsOnStart(config);
  if (leftovers > 0) console.log(`Removed ${leftovers} spool folder(s) and file(s) left by processes that stopped mid-job.`);
  await seedOnStart(deps, (line) => console.log(line));
  await deps.jobs.start({ work: config.runWorker });

  const app = config.runApi ? await buildApp(deps) : undefined;
  if (app) await app.listen({ port: config.port, host: config.host });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `RiskAtlas ready in ${seconds}s — ${app ? `http://localhost:${config.port}` : 'worker only'} (database: ${database.kind}${config.runWorker ? ', job worker on' : ''})`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: shutting down`);
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    try {
      await app?.close();
      await deps.jobs.stop();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
