import type PgBoss from 'pg-boss';

/**
 * A heartbeat for pg-boss 10, which has none (12 has `heartbeatSeconds`). Without one, a job whose
 * process was SIGKILLed stays active until its whole expiry (an hour for most jobs) runs out.
 *
 * pg-boss's supervisor fails, and so retries, an active job once `started_on + expire_in` has
 * passed. While this process runs the job, the lease keeps that deadline `windowSeconds` ahead
 * (never past the job's own expiry, counted from when it really started) by moving `started_on`.
 * `expire_in` itself is left alone: pg-boss reads it when it fetches the job to time the handler
 * out, and copies it into the retry. When the process dies the renewals stop, and the job is
 * retried `windowSeconds` after the last one plus one supervisor pass.
 *
 * Side effect: while a job runs, its `started_on` in pgboss.job reads earlier than it started.
 */
export interface JobLease {
  stop(): void;
}

/** Starts renewing the lease of `job` (fetched with includeMetadata) on `queue` now and every half window. */
export function startJobLease(db: PgBoss.Db, schema: string, queue: string, job: PgBoss.JobWithMetadata<unknown>, windowSeconds: number, onError: (error: unknown) => void): JobLease {
  const text = `UPDATE ${schema}.job
    SET started_on = LEAST(now() + $3::int * interval '1 second' - expire_in, $4::timestamptz)
    WHERE name = $1 AND id = $2 AND state = 'active'`;
  const startedOn = new Date(job.startedOn).toISOString();
  let stopped = false;
  const renew = () => {
    if (stopped) return;
    db.executeSql(text, [queue, job.id, windowSeconds, startedOn]).catch(onError);
  };
  renew();
  const timer = setInterval(renew, Math.max(1, windowSeconds / 2) * 1000);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
