import type { Gazetteer } from '@riskatlas/geo';
import type { Db } from '../../db/client';
import type { Mailer } from '../../platform/mail/mailer';
import type { ScoringDeps } from '../reports/index';

/** What the documents services need. */
export interface DocumentDeps extends ScoringDeps {
  db: Db;
  gazetteer: Gazetteer;
  mailer: Mailer;
  now: () => Date;
}
