import { importErrorBit, importStatusBit, importWarningBit, type ImportErrorName, type ImportStatusName, type ImportWarningName } from '@riskatlas/domain';
import type { TestContext, TestUser } from '../../../../test/context';
import { importQueue, type ImportQueueRow, type NewImportQueueRow } from '../../../db/schema/index';

/*
 * Queue rows written directly, as the processing job would write them, with the flags a test needs
 * (the bits of packages/domain/src/rules/import-flags.ts). Shared by the queue and submit tests.
 */

/** The flags of a row, by name. */
export interface RowFlags {
  statuses?: ImportStatusName[];
  errors?: ImportErrorName[];
  warnings?: ImportWarningName[];
}

/** The flag bits of the names given. */
function flagsOf({ statuses = [], errors = [], warnings = [] }: RowFlags): Pick<NewImportQueueRow, 'statusFlags' | 'errorFlags' | 'warningFlags'> {
  return {
    statusFlags: statuses.reduce((bits, name) => bits | importStatusBit(name), 0),
    errorFlags: errors.reduce((bits, name) => bits | importErrorBit(name), 0),
    warningFlags: warnings.reduce((bits, name) => bits | importWarningBit(name), 0),
  };
}

/** A row ready to import as a new site. */
const READY_IMPORT: RowFlags = { statuses: ['Processed', 'Ready', 'Import'] };
/** A row ready to update its matching site. */
export const READY_RESCORE: RowFlags = { statuses: ['Processed', 'Ready', 'Rescore'] };
/** A row with a warning that may still be imported. */
export const WARNED: RowFlags = { statuses: ['Processed', 'Ready', 'Import', 'Warning'], warnings: ['DuplicateSiteInQueue'] };
/** A row with an error. */
export const FAILED: RowFlags = { statuses: ['Processed', 'Error'], errors: ['GeocodingFailed'] };

let runCounter = 1_000;

/** One queue row to write: its fields and flags by name. */
export type QueueRowSeed = Partial<Omit<NewImportQueueRow, 'statusFlags' | 'errorFlags' | 'warningFlags'>> & { flags?: RowFlags };

/** Writes rows into the user's queue (one processing run, rows numbered in order); answers them in order. */
export async function seedQueue(ctx: TestContext, user: TestUser, seeds: readonly QueueRowSeed[]): Promise<ImportQueueRow[]> {
  runCounter += 1;
  const runId = runCounter;
  const values = seeds.map(({ flags = READY_IMPORT, ...seed }, index) => ({
    accountId: user.account.id,
    userId: user.user.id,
    runId,
    rowNumber: index + 1,
    siteName: `Row ${index + 1}`,
    countryCode: 'USA',
    ...flagsOf(flags),
    statusDescription: flags.errors?.length ? 'Issue Found' : 'Ready To Import',
    ...seed,
  }));
  return ctx.deps.database.db.insert(importQueue).values(values).returning();
}

/** A geocode candidate in Chicago as processing stores it. */
export function candidate(street: string, latitude: number, longitude: number) {
  return {
    Street: street,
    City: 'Chicago',
    State: 'IL',
    PostalCode: '60606',
    Country: 'USA',
    Coordinates: { Latitude: latitude, Longitude: longitude },
    precision: 'ADDRESS',
    confidence: 0.9,
    countryId: 1,
    county: 'Cook',
  };
}
