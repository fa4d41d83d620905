import type { Db } from '../db/client';
import { JobError } from '../platform/jobs/job-definition';
import type { Caller } from './caller';
import { findAccount, findUserById } from './identity.repository';

/**
 * The caller a site job works for, rebuilt from its payload: the user (from any account: provider
 * staff act in customer accounts), the account acted in, and whether the request came while
 * impersonating. The job sees what that user would see now, not when the job was requested.
 */
export async function loadJobCaller(db: Db, payload: { accountId: number; userId: number; impersonating: boolean }): Promise<Caller> {
  const [user, account] = await Promise.all([findUserById(db, payload.userId), findAccount(db, payload.accountId)]);
  if (!user || !account) throw new JobError('The user or account of this task no longer exists.', { permanent: true });
  return { accountId: account.id, userId: user.id, user, account, impersonating: payload.impersonating };
}
