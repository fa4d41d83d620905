import { defineScheduledJob } from '../../platform/jobs/job-definition';
import { purgeEndedSessions, purgeSpentResetTokens } from './auth-retention.repository';
import { purgeLoginThrottle } from './login-throttle.repository';

const DAY_MS = 86_400_000;
/** Sessions stay this long after they expired or were revoked (who was signed in when, for a support question), then go. */
export const SESSION_RETENTION_MS = 7 * DAY_MS;
/** Sign-in throttle rows stay a day after their window and lock ended: far longer than any lock. */
export const THROTTLE_RETENTION_MS = DAY_MS;
/** Password reset tokens stay a day after they expired or were used. */
export const RESET_TOKEN_RETENTION_MS = DAY_MS;

/**
 * Hourly (at 17 minutes past, away from the top of the hour): deletes sessions, sign-in throttle
 * rows and password reset tokens past their retention. Idempotent: each run deletes by time alone.
 */
export const authRetentionJob = defineScheduledJob({
  name: 'auth-retention',
  version: 1,
  cron: '17 * * * *',
  async handler({ deps }) {
    const { db } = deps.database;
    const now = deps.now().getTime();
    await purgeEndedSessions(db, new Date(now - SESSION_RETENTION_MS));
    await purgeLoginThrottle(db, new Date(now - THROTTLE_RETENTION_MS));
    await purgeSpentResetTokens(db, new Date(now - RESET_TOKEN_RETENTION_MS));
  },
});
