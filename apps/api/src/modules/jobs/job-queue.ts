/** The durable job queue the app enqueues into (pg-boss over the same database). */
export interface JobQueue {
  /** Starts the queue; with `work` this process also runs job handlers. */
  start(options: { work: boolean }): Promise<void>;
  /** Enqueues a job by definition name; the payload is validated against the definition. */
  enqueue(name: string, payload: unknown, options?: { singletonKey?: string }): Promise<string>;
  /** Stops taking work, waits for handlers in flight (up to a grace period), and closes. */
  stop(): Promise<void>;
}
