import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPrefs } from '../../db/schema/index';

/** One stored preference value, or undefined. */
export async function findPref(db: Db, accountId: number, userId: number, type: string): Promise<unknown> {
  const rows = await db
    .select({ value: userPrefs.value })
    .from(userPrefs)
    .where(and(eq(userPrefs.accountId, accountId), eq(userPrefs.userId, userId), eq(userPrefs.type, type)))
    .limit(1);
  return rows[0]?.value;
}

/** Every preference a user has saved in an account. */
export async function listPrefs(db: Db, accountId: number, userId: number): Promise<{ type: string; value: unknown }[]> {
  return db
    .select({ type: userPrefs.type, value: userPrefs.value })
    .from(userPrefs)
    .where(and(eq(userPrefs.accountId, accountId), eq(userPrefs.userId, userId)))
    .orderBy(asc(userPrefs.type));
}

/**
 * With `merge`, top-level keys of the new object replace those stored and the others stay
 * (jsonb ||); a stored value that is not an object is replaced.
 */
function nextValue(merge: boolean) {
  return merge
    ? sql`case when jsonb_typeof(${userPrefs.value}) = 'object' then ${userPrefs.value} || excluded.value else excluded.value end`
    : sql`excluded.value`;
}

/** Saves one preference in one statement and returns the stored value. */
export async function upsertPref(db: Db, input: { accountId: number; userId: number; type: string; value: unknown; merge: boolean; at: Date }): Promise<unknown> {
  const rows = await db
    .insert(userPrefs)
    .values({ accountId: input.accountId, userId: input.userId, type: input.type, value: input.value, updatedAt: input.at })
    .onConflictDoUpdate({
      target: [userPrefs.accountId, userPrefs.userId, userPrefs.type],
      set: { value: nextValue(input.merge), updatedAt: input.at },
    })
    .returning({ value: userPrefs.value });
  return rows[0]?.value;
}

/**
 * Writes a preference for every user of an account in one INSERT … SELECT; returns how many
 * users it wrote for.
 */
export async function upsertPrefForAllUsers(db: Db, input: { accountId: number; type: string; value: unknown; merge: boolean; at: Date }): Promise<number> {
  const merge = input.merge
    ? sql`case when jsonb_typeof(user_prefs.value) = 'object' then user_prefs.value || excluded.value else excluded.value end`
    : sql`excluded.value`;
  const result = await db.execute(sql`
    insert into user_prefs (account_id, user_id, type, value, updated_at)
    select u.account_id, u.id, ${input.type}, ${JSON.stringify(input.value)}::jsonb, ${input.at.toISOString()}::timestamptz
    from users u
    where u.account_id = ${input.accountId}
    on conflict (account_id, user_id, type) do update set value = ${merge}, updated_at = excluded.updated_at
    returning user_id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
