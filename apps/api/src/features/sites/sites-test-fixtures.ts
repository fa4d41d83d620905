import type { LightMyRequestResponse } from 'fastify';
import { ZTaskStatus, type TTaskStatus } from '@riskatlas/domain';
import type { TestContext, TestUser } from '../../../test/context';
import type { NewSiteRow } from '../../db/schema/index';
import { insertSites, touchAccountData } from './sites.repository';

/*
 * Shared by the sites API tests: sites inserted directly (the list endpoints are under test, not
 * creation) and the account's data stamp moved as the services move it, JSON calls, and task polling as the client does it.
 */

let counter = 0;

/** Inserts sites for a test account; each gets a unique name unless one is given. Answers their ids in order. */
export async function seedSites(ctx: TestContext, accountId: number, rows: Partial<NewSiteRow>[]): Promise<number[]> {
  const values = rows.map((row) => {
    counter += 1;
    const siteName = row.siteName ?? `Seeded site ${process.pid}-${counter}`;
    return {
      accountId,
      siteName,
      nameKey: siteName.trim().toLowerCase(),
      countryId: 1,
      latitude: 41.8789,
      longitude: -87.6359,
      ...row,
    } satisfies NewSiteRow;
  });
  const ids = (await insertSites(ctx.deps.database.db, values)).map((row) => row.siteId);
  // As every write to sites does: cached site lists (the client's, the server's) are now stale.
  await touchAccountData(ctx.deps.database.db, accountId, new Date());
  return ids;
}

/** A JSON call as the user (the client appends its version parameter to every request). */
export function call(user: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  const withVersion = `${url}${url.includes('?') ? '&' : '?'}v=1`;
  return user.request(payload === undefined ? { method, url: withVersion } : { method, url: withVersion, payload: payload as Record<string, unknown> });
}

/** Polls a task as the client does until it finishes (or 30 s pass). */
export async function waitForTask(user: TestUser, id: number): Promise<TTaskStatus> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const task = ZTaskStatus.parse((await user.request({ method: 'GET', url: `/api/users/taskstatuses/${id}` })).json());
    if (task.currentStatus === 2 || task.currentStatus === -1 || Date.now() > deadline) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
