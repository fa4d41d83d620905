import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Caller } from './caller';

/**
 * The account's permission filters for this caller, as a condition on the `sites` table, or null
 * when none applies. Accounts have no stored filters yet, so every caller sees every site of the
 * account; account administration replaces the body of this function with a read of the filters of
 * the caller's user groups. It is the only source the site scope asks, so whatever it answers
 * binds every site and report path (a test double proves that).
 */
export async function objectFilterFor(_db: Db, _caller: Caller): Promise<SQL | null> {
  return null;
}
