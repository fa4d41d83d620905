import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { importQueue, sites } from '../../../db/schema/index';
import { intArray } from '../../../db/sql-helpers';
import { importNameKey, zipKey } from './import-row';
import type { QueuedRowKeys } from './queue-state';

/** What a re-check looks for, gathered from the rows it checks. */
export interface RecheckKeys {
  nameKeys: string[];
  externalIds: string[];
  /** Sites the user accepted as matches. */
  siteIds: number[];
  /** Postal codes as matching compares them (zipKey). */
  zipKeys: string[];
  /** Cities (lower case) of rows without a postal code. */
  cities: string[];
}

/** The keys of rows about to be re-checked: their names, external ids, accepted sites and blocks (zip, else city). */
export function recheckKeysOf(rows: ReadonlyArray<{ siteName: string; externalId: string; zipCode: string; city: string; acceptedSiteId: number | null }>): RecheckKeys {
  const keys: RecheckKeys = { nameKeys: [], externalIds: [], siteIds: [], zipKeys: [], cities: [] };
  for (const row of rows) {
    if (row.siteName.trim()) keys.nameKeys.push(importNameKey(row.siteName));
    if (row.externalId.trim()) keys.externalIds.push(row.externalId.trim());
    if (row.acceptedSiteId !== null) keys.siteIds.push(row.acceptedSiteId);
    const zip = zipKey(row.zipCode);
    if (zip) keys.zipKeys.push(zip);
    else if (row.city.trim()) keys.cities.push(row.city.trim().toLowerCase());
  }
  return keys;
}

/** A list of texts as ONE parameter, the same on both drivers. */
const textList = (values: readonly string[]): SQL => sql`(select jsonb_array_elements_text(${JSON.stringify([...new Set(values)])}::jsonb))`;

/** A postal-code column as zipKey computes it: letters and digits, upper case, a ZIP+4 as its ZIP. */
function zipKeyOf(column: SQL): SQL {
  const bare = sql`upper(regexp_replace(coalesce(${column}, ''), '[^0-9A-Za-z]', '', 'g'))`;
  return sql`(case when ${bare} ~ '^[0-9]{9}$' then left(${bare}, 5) else ${bare} end)`;
}

/** Rows of the same block as one of `keys`: the same postal code, or no postal code and the same city. */
function sameBlock(keys: RecheckKeys, zipColumn: SQL, cityColumn: SQL): SQL[] {
  const out: SQL[] = [];
  if (keys.zipKeys.length > 0) out.push(sql`${zipKeyOf(zipColumn)} in ${textList(keys.zipKeys)}`);
  // A city is compared lower-cased only ('St. Louis' and 'Saint Louis' differ here): the matching in JavaScript decides.
  if (keys.cities.length > 0) out.push(sql`(${zipKeyOf(zipColumn)} = '' and lower(trim(coalesce(${cityColumn}, ''))) in ${textList(keys.cities)})`);
  return out;
}

/**
 * Which of the account's sites a small re-check can match: those named like a row (the sites' name
 * key), with a row's external id, accepted by the user, or in a row's block (its zip, else its
 * city) for the address and fuzzy matches — so it reads those, not the account's every site. Null
 * when the rows give nothing to look for.
 */
export function recheckSitesCondition(keys: RecheckKeys): SQL | null {
  const any: SQL[] = [...sameBlock(keys, sql`${sites.zipCode}`, sql`${sites.city}`)];
  if (keys.nameKeys.length > 0) any.push(sql`lower(trim(${sites.siteName})) in ${textList(keys.nameKeys)}`);
  if (keys.externalIds.length > 0) any.push(sql`trim(${sites.externalId}) in ${textList(keys.externalIds)}`);
  if (keys.siteIds.length > 0) any.push(sql`${sites.siteId} = any(${intArray(keys.siteIds)})`);
  return any.length === 0 ? null : sql`(${sql.join(any, sql` or `)})`;
}

/** A row of the user's queue as the re-check compares others with it. */
export type QueuePeer = Omit<QueuedRowKeys, 'fuzzyName' | 'fuzzyStreet'> & { siteName: string; street: string };

/**
 * The other rows of the user's queue a re-check compares its rows with (DuplicateNameFound,
 * DuplicateSiteInQueue), in queue order: those with a row's name key or in a row's block; every
 * other row when `keys` is null (a large re-check).
 */
export async function readQueuePeers(db: Db, owner: { accountId: number; userId: number }, excludeIds: readonly number[], keys: RecheckKeys | null): Promise<QueuePeer[]> {
  const near: SQL[] = keys ? [...sameBlock(keys, sql`${importQueue.zipCode}`, sql`${importQueue.city}`)] : [];
  if (keys && keys.nameKeys.length > 0) near.push(sql`${importQueue.nameKey} in ${textList(keys.nameKeys)}`);
  if (keys && near.length === 0) return [];
  return db
    .select({
      rowNumber: importQueue.rowNumber,
      nameKey: importQueue.nameKey,
      siteName: importQueue.siteName,
      street: importQueue.street,
      city: importQueue.city,
      state: importQueue.state,
      zipCode: importQueue.zipCode,
    })
    .from(importQueue)
    .where(
      and(
        eq(importQueue.accountId, owner.accountId),
        eq(importQueue.userId, owner.userId),
        sql`${importQueue.id} <> all(${intArray(excludeIds)})`,
        keys ? sql`(${sql.join(near, sql` or `)})` : undefined,
      ),
    )
    .orderBy(asc(importQueue.runId), asc(importQueue.rowNumber));
}

/** Of `siteIds`, those another row of the user's queue (not one of `excludeIds`) also matches. */
export async function findSitesMatchedInQueue(db: Db, owner: { accountId: number; userId: number }, siteIds: readonly number[], excludeIds: readonly number[]): Promise<Set<number>> {
  if (siteIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ siteId: sql<number>`${importQueue.siteId}` })
    .from(importQueue)
    .where(
      and(
        eq(importQueue.accountId, owner.accountId),
        eq(importQueue.userId, owner.userId),
        sql`${importQueue.siteId} = any(${intArray(siteIds)})`,
        sql`${importQueue.id} <> all(${intArray(excludeIds)})`,
      ),
    );
  return new Set(rows.map((row) => Number(row.siteId)));
}

/**
 * Rows of the user's queue (not `excludeIds`, not pending) that carry DuplicateNameFound for one of
 * `nameKeys`, or SiteHasMultipleMatchesInQueue for one of `siteIds` — names and sites that the
 * re-checked rows have left, so the error may no longer hold — made pending ('Validating', no
 * flags) to be checked again. Answers their ids.
 */
export async function markRowsLeftBehindPending(
  db: Db,
  owner: { accountId: number; userId: number },
  left: { nameKeys: readonly string[]; siteIds: readonly number[] },
  excludeIds: readonly number[],
  change: { duplicateNameBit: number; sharedSiteBit: number; description: string; now: Date },
): Promise<number[]> {
  const related: SQL[] = [];
  if (left.nameKeys.length > 0) related.push(sql`((${importQueue.errorFlags} & ${change.duplicateNameBit}) <> 0 and ${importQueue.nameKey} in ${textList(left.nameKeys)})`);
  if (left.siteIds.length > 0) related.push(sql`((${importQueue.errorFlags} & ${change.sharedSiteBit}) <> 0 and ${importQueue.siteId} = any(${intArray(left.siteIds)}))`);
  if (related.length === 0) return [];
  const rows = await db
    .update(importQueue)
    .set({ pendingUpdate: true, statusFlags: 0, errorFlags: 0, warningFlags: 0, statusDescription: change.description, updatedAt: change.now })
    .where(
      and(
        eq(importQueue.accountId, owner.accountId),
        eq(importQueue.userId, owner.userId),
        eq(importQueue.pendingUpdate, false),
        sql`${importQueue.id} <> all(${intArray(excludeIds)})`,
        sql`(${sql.join(related, sql` or `)})`,
      ),
    )
    .returning({ id: importQueue.id });
  return rows.map((row) => row.id);
}
