import type { Clock } from '../lib/clock';

interface Scheduled {
  id: number;
  at: number;
  callback: () => void;
}

/**
 * A clock the test moves by hand. Timers run in time order as the clock passes them, and promise
 * chains started by one timer settle before the next runs, so async loops (polling, session checks)
 * behave as they would in real time.
 */
export class ManualClock implements Clock {
  private time: number;
  private nextId = 1;
  private queue: Scheduled[] = [];

  constructor(start = Date.parse('2026-03-02T09:00:00Z')) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.queue.push({ id, at: this.time + Math.max(ms, 0), callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.queue = this.queue.filter((item) => item.id !== handle);
  }

  /** Timers waiting to run. */
  get pending(): number {
    return this.queue.length;
  }

  /**
   * Whether a timer is set to run exactly `ms` from now: a test waits for this to know that a loop
   * (a session check) has handled its answer and set its next turn, before moving the clock past it.
   */
  hasTimerIn(ms: number): boolean {
    return this.queue.some((item) => item.at - this.time === ms);
  }

  /** Moves time forward by `ms`, running every timer that falls due on the way. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      await settle();
      const due = this.queue.filter((item) => item.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.queue = this.queue.filter((item) => item !== due);
      this.time = Math.max(this.time, due.at);
      due.callback();
    }
    this.time = target;
    await settle();
  }
}

/** Lets pending promise callbacks and mocked responses run (a few real macrotask turns). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}
