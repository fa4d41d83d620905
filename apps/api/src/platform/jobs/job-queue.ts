import type { Transaction } from '../../db/client';

/** Options of one enqueue. */
export interface EnqueueOptions {
  /**
   * A deterministic key: enqueueing the same definition with the same key again while the first
   * job is kept (7 days after it completes) returns the first job's id and adds nothing.
   */
  key?: string;
  /** Run no earlier than this. */
  startAfter?: Date;
}

/** Enqueues a job by definition name (validating the payload); returns the job id. */
type Enqueue = (name: string, payload: unknown, options?: EnqueueOptions) => Promise<string>;

/** The durable job queue the app enqueues into (pg-boss over the same database). */
export interface JobQueue {
  /** Starts the queue; with `work` this process also runs job handlers. */
  start(options: { work: boolean }): Promise<void>;
  /** Enqueues a job by definition name; the payload is validated against the definition. */
  enqueue: Enqueue;
  /**
   * Runs `work` in one database transaction. Jobs it enqueues through the `enqueue` it is given
   * commit with it — a request that fails leaves neither its rows nor its jobs — and this
   * process's workers are woken once it has committed.
   */
  transaction<T>(work: (tx: Transaction, enqueue: Enqueue) => Promise<T>): Promise<T>;
  /** Stops taking work, waits for handlers in flight (up to a grace period), and closes. */
  stop(): Promise<void>;
}
