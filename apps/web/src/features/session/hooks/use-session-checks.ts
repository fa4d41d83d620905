import { useEffect, useEffectEvent, useRef } from 'react';
import { judgeSessionCheck, nextSessionCheckDelay, type SessionVerdict } from '@riskatlas/domain';
import { useClock } from '../../../lib/clock';
import { getSessionInfo } from '../api/get-session-info';

/**
 * Checks the session with the server on load, then on a schedule (after 115
 * minutes when more than 120 remain, every 10 minutes when more than 60 remain, else every 3, and
 * never later than the moment the logout threshold is reached). Stops at the first verdict other
 * than "stay" and hands it to `onVerdict`.
 */
export function useSessionChecks(options: {
  enabled: boolean;
  userId: number;
  /** The account's read-only flag as last loaded: a change signs the user out. */
  initialReadOnly: boolean;
  onVerdict: (verdict: Exclude<SessionVerdict, { action: 'stay' }>) => void;
}): void {
  const clock = useClock();
  const onVerdict = useEffectEvent(options.onVerdict);
  const initialReadOnly = useRef(options.initialReadOnly);

  useEffect(() => {
    if (!options.enabled) return;
    const controller = new AbortController();
    let handle: unknown;
    let previousReadOnly: boolean | undefined = initialReadOnly.current;

    const check = async () => {
      let info;
      try {
        info = await getSessionInfo(options.userId, controller.signal);
      } catch {
        return; // aborted: the monitor was unmounted
      }
      if (controller.signal.aborted) return;
      const verdict = judgeSessionCheck(info, previousReadOnly);
      if (verdict.action !== 'stay') {
        onVerdict(verdict);
        return;
      }
      previousReadOnly = info?.accountReadOnly;
      handle = clock.setTimeout(() => void check(), nextSessionCheckDelay(info?.sessionExpiration ?? 0));
    };

    void check();
    return () => {
      controller.abort();
      clock.clearTimeout(handle);
    };
  }, [options.enabled, options.userId, clock]);
}
