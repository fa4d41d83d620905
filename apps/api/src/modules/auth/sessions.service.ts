import type { Db } from '../../db/client';
import { hashToken, newToken } from '../../lib/tokens';
import { insertSession } from './sessions.repository';

/** A session just started: the cookie token and CSRF token are returned once and never stored. */
export interface StartedSession {
  token: string;
  csrfToken: string;
  sessionId: string;
  expiresAt: Date;
}

/** Starts a server-side session for a user in their own account. */
export async function startSession(
  db: Db,
  input: { accountId: number; userId: number; ttlMinutes: number; now: Date; ip?: string | null; userAgent?: string | null },
): Promise<StartedSession> {
  const token = newToken();
  const csrfToken = newToken();
  const sessionId = hashToken(token);
  const expiresAt = new Date(input.now.getTime() + input.ttlMinutes * 60_000);
  await insertSession(db, {
    id: sessionId,
    accountId: input.accountId,
    userId: input.userId,
    actingAccountId: input.accountId,
    csrfHash: hashToken(csrfToken),
    expiresAt,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 400) ?? null,
  });
  return { token, csrfToken, sessionId, expiresAt };
}
