import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { INACTIVITY_WARNING_MS, inactivityState } from '@riskatlas/domain';
import { useActivity } from '../../../lib/activity';
import { useClock } from '../../../lib/clock';
import { keepAlive } from '../api/keepalive';

const MINUTE = 60_000;
/** While the user is active, the server hears about it at least this often (it sees requests, not mouse moves). */
const KEEPALIVE_EVERY_MS = 5 * MINUTE;

export interface InactivityState {
  /** The warning is showing. */
  warning: boolean;
  /** Whole seconds until the sign-out, while warning. */
  secondsLeft: number;
  /** Extend: tells the server and resets the idle clock. */
  extend: () => Promise<void>;
}

/**
 * Inactivity sign-out: when idle time reaches the account's inactivityTimeout the user
 * is signed out; about 60 s earlier a warning shows with a countdown. Once the warning shows, only
 * Extend keeps the session — a stray mouse move does not silently dismiss it — or activity in
 * another tab of the app (the user is working there, or extended there). Activity in any tab
 * counts. While the user is active the server is told every few minutes, so its own idle limit
 * agrees with what the user did.
 */
export function useInactivity(options: { enabled: boolean; timeoutMinutes: number; onExpire: () => void }): InactivityState {
  const clock = useClock();
  const activity = useActivity();
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => clock.now());
  const onExpire = useEffectEvent(options.onExpire);
  const timeoutMs = options.timeoutMinutes * MINUTE;
  const active = options.enabled && timeoutMs > 0;

  // Waits for the moment the warning is due; activity in between simply pushes that moment on.
  useEffect(() => {
    if (!active || deadline !== null) return;
    let handle: unknown;
    const evaluate = () => {
      const idle = activity.idleMs();
      const state = inactivityState(idle, options.timeoutMinutes);
      if (state === 'active') {
        handle = clock.setTimeout(evaluate, Math.max(timeoutMs - INACTIVITY_WARNING_MS - idle, 250));
        return;
      }
      setNow(clock.now());
      setDeadline(activity.lastActivityAt() + timeoutMs);
    };
    evaluate();
    return () => clock.clearTimeout(handle);
  }, [active, deadline, activity, clock, timeoutMs, options.timeoutMinutes]);

  // The countdown, then the sign-out.
  useEffect(() => {
    if (!active || deadline === null) return;
    let handle: unknown;
    const warnedAt = clock.now();
    const tick = () => {
      const current = clock.now();
      if (activity.lastActivityElsewhereAt() > warnedAt) {
        setDeadline(null);
        return;
      }
      setNow(current);
      if (current >= deadline) {
        onExpire();
        return;
      }
      handle = clock.setTimeout(tick, Math.min(1000, deadline - current));
    };
    tick();
    return () => clock.clearTimeout(handle);
  }, [active, deadline, activity, clock]);

  // Server keepalive while the user is active between requests.
  useEffect(() => {
    if (!active) return;
    let lastSent = clock.now();
    const every = Math.min(KEEPALIVE_EVERY_MS, timeoutMs / 2);
    return activity.subscribe(() => {
      if (clock.now() - lastSent < every) return;
      lastSent = clock.now();
      keepAlive().catch(() => {
        // The session checks and the next request will tell if the session is gone.
      });
    });
  }, [active, activity, clock, timeoutMs]);

  const extend = useCallback(async () => {
    await keepAlive();
    activity.record(true);
    setDeadline(null);
  }, [activity]);

  return {
    warning: active && deadline !== null,
    secondsLeft: deadline === null ? 0 : Math.max(Math.ceil((deadline - now) / 1000), 0),
    extend,
  };
}
