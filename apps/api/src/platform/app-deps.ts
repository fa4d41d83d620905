import type { Gazetteer } from '@riskatlas/geo';
import type { ScoringEngine } from '@riskatlas/scoring';
import type { AppConfig } from './config';
import type { DatabaseHandle } from '../db/client';
import type { FileStore } from './files/file-store';
import type { JobQueue } from './jobs/job-queue';
import type { Mailer } from './mail/mailer';

/** Everything the app is built from. Tests build the same app with their own database and stores. */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  fileStore: FileStore;
  mailer: Mailer;
  jobs: JobQueue;
  /** The clock; tests move it. */
  now: () => Date;
  /** The data pack in memory: postal areas, places, boundaries. Loaded once per process. */
  gazetteer: Gazetteer;
  /** The crime-risk model over the scoring pack (data/scoring). Loaded once per process. */
  scoring: ScoringEngine;
}
