import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, users } from '../db/schema/index';
import { JobError } from '../platform/jobs/job-definition';
import type { Caller } from './caller';

/**
 * The caller a site job works for, rebuilt from its payload: the user (from any account: provider
 * staff act in customer accounts), the account acted in, and whether the request came while
 * impersonating. The job sees what that user would see now, not when the job was requested.
 */
export async function loadJobCaller(db: Db, payload: { accountId: number; userId: number; impersonating: boolean }): Promise<Caller> {
  const [user] = await db.select().from(users).where(eq(users.id, payload.userId)).limit(1);
  const [account] = await db.select().from(accounts).where(eq(accounts.id, payload.accountId)).limit(1);
  if (!user || !account) throw new JobError('The user or account of this task no longer exists.', { permanent: true });
  return { accountId: account.id, userId: user.id, user, account, impersonating: payload.impersonating };
}
