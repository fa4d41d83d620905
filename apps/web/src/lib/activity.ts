import { createContext, useContext } from 'react';
import { realClock, type Clock } from './clock';
import { writeStored } from './storage';

/** The events that count as the user being active, for the inactivity sign-out. */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

/** Mouse moves arrive dozens of times a second; remembering one per second is plenty. */
const RECORD_EVERY_MS = 1000;

/** Where tabs leave the time of their latest activity for the app's other tabs (localStorage). */
const SHARED_KEY = 'riskatlas.lastActivity';

/**
 * Tracks when the user last did something (mouse, keyboard, touch, scroll), in this tab or in
 * another tab of the app: the tabs share one session, so an idle tab must not sign out a user who
 * is working in another. One tracker serves the inactivity sign-out and the slower notification
 * refresh after five idle minutes.
 */
export class ActivityTracker {
  private last: number;
  private elsewhere = Number.NEGATIVE_INFINITY;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly clock: Clock = realClock) {
    this.last = clock.now();
  }

  /** Milliseconds since the last activity. */
  idleMs(): number {
    return Math.max(this.clock.now() - this.last, 0);
  }

  /** When the user was last active, here or in another tab (clock milliseconds). */
  lastActivityAt(): number {
    return this.last;
  }

  /** When the user was last active in another tab of the app (clock milliseconds; -Infinity: never seen). */
  lastActivityElsewhereAt(): number {
    return this.elsewhere;
  }

  /** Records activity in this tab now (also used by Extend, which resets the idle clock), and tells the other tabs. */
  record(force = false): void {
    const now = this.clock.now();
    if (!force && now - this.last < RECORD_EVERY_MS) return;
    this.last = now;
    writeStored('local', SHARED_KEY, String(now));
    for (const listener of this.listeners) listener();
  }

  /** Activity another tab reported. It moves the idle clock but is not this tab's activity (no listeners). */
  private heardElsewhere(at: number): void {
    if (!Number.isFinite(at)) return;
    this.elsewhere = Math.max(this.elsewhere, at);
    this.last = Math.max(this.last, at);
  }

  /** Calls `listener` whenever activity is recorded. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listens to the activity events of a window and to other tabs' activity; returns the function that stops listening. */
  attach(target: Window = window): () => void {
    const onEvent = () => this.record();
    const onStorage = (event: StorageEvent) => {
      if (event.key === SHARED_KEY && event.newValue !== null) this.heardElsewhere(Number(event.newValue));
    };
    const options = { capture: true, passive: true } as const;
    for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onEvent, options);
    target.addEventListener('storage', onStorage);
    return () => {
      for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onEvent, options);
      target.removeEventListener('storage', onStorage);
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
