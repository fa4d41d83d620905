import { createContext, useContext } from 'react';
import { realClock, type Clock } from './clock';

/** The events that count as the user being active, for the inactivity sign-out. */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

/** Mouse moves arrive dozens of times a second; remembering one per second is plenty. */
const RECORD_EVERY_MS = 1000;

/**
 * Tracks when the user last did something (mouse, keyboard, touch, scroll). One tracker serves the
 * inactivity sign-out and the slower notification refresh after five idle minutes.
 */
export class ActivityTracker {
  private last: number;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly clock: Clock = realClock) {
    this.last = clock.now();
  }

  /** Milliseconds since the last activity. */
  idleMs(): number {
    return Math.max(this.clock.now() - this.last, 0);
  }

  /** When the user was last active (clock milliseconds). */
  lastActivityAt(): number {
    return this.last;
  }

  /** Records activity now (also used by Extend, which resets the idle clock). */
  record(force = false): void {
    const now = this.clock.now();
    if (!force && now - this.last < RECORD_EVERY_MS) return;
    this.last = now;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` whenever activity is recorded. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listens to the activity events of a window; returns the function that stops listening. */
  attach(target: Window = window): () => void {
    const onEvent = () => this.record();
    const options = { capture: true, passive: true } as const;
    for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onEvent, options);
    return () => {
      for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onEvent, options);
    };
  }
}

export const ActivityContext = createContext<ActivityTracker | null>(null);

/** The app's activity tracker. */
export function useActivity(): ActivityTracker {
  const tracker = useContext(ActivityContext);
  if (!tracker) throw new Error('useActivity needs an ActivityContext provider');
  return tracker;
}
