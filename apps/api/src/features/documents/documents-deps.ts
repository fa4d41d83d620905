import type { Gazetteer } from '@riskatlas/geo';
import type { Db } from '../../db/client';
import type { FileStore } from '../../platform/files/file-store';
import type { Mailer } from '../../platform/mail/mailer';
import type { ScoringDeps } from '../reports/index';
import type { MapBackdrops } from './report-map-image/report-map-image';

/** What the documents services need. */
export interface DocumentDeps extends ScoringDeps {
  db: Db;
  gazetteer: Gazetteer;
  mailer: Mailer;
  now: () => Date;
  /** Where the account's logo is read from for the PDF cover. */
  fileStore: FileStore;
  /**
   * The cover logo read once for many PDFs of one account (an archive job); absent: each PDF reads
   * it. Resolves to undefined when there is none to draw; never rejects.
   */
  coverLogo?: Promise<Buffer | undefined>;
  /** The map backdrops shared by many PDFs (a run of pdfsInOrder); absent: each PDF draws its own. */
  mapBackdrops?: MapBackdrops;
}
