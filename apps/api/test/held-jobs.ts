import type { Database, Transaction } from '../src/db/client';

/** A stand-in for the queue's transaction that keeps the job a service enqueues instead of queueing it, so a test can run its handler by hand. */
export interface HeldJobs<P> {
  jobs: { transaction<T>(work: (tx: Transaction, enqueue: (name: string, payload: unknown) => Promise<string>) => Promise<T>): Promise<T> };
  /** The payload of the job last enqueued (undefined before any). */
  payload(): P | undefined;
}

/** Holds back the jobs a service enqueues (see HeldJobs). */
export function holdJobs<P>(db: Database): HeldJobs<P> {
  let held: P | undefined;
  return {
    jobs: {
      transaction: (work) =>
        db.transaction((tx) =>
          work(tx, async (_name, payload) => {
            held = payload as P;
            return 'held';
          }),
        ),
    },
    payload: () => held,
  };
}
