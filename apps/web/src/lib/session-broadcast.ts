import type { SignOutReason } from '@riskatlas/domain';

/**
 * The app's tabs in one browser share one session (its cookies), so when one tab signs out the
 * others follow at once, with the same reason, instead of failing on their next call.
 */
const CHANNEL = 'riskatlas.session';

const REASONS: ReadonlySet<string> = new Set<SignOutReason>(['userRequest', 'expiring', 'signedOut', 'inactivity', 'maintenance', 'readOnlyChanged', 'checkFailed', 'sessionLost']);

function isReason(value: unknown): value is SignOutReason {
  return typeof value === 'string' && REASONS.has(value);
}

let channel: BroadcastChannel | null | undefined;

/** This tab's end of the channel (a channel never hears its own messages), or null without support. */
function openChannel(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  return channel;
}

/** Tells the other tabs that this tab signed the session out, and why. */
export function announceSignOut(reason: SignOutReason): void {
  openChannel()?.postMessage({ type: 'signedOut', reason });
}

/** Calls `listener` when another tab signs out; returns the function that stops listening. */
export function onSignOutElsewhere(listener: (reason: SignOutReason) => void): () => void {
  const open = openChannel();
  if (!open) return () => undefined;
  const handle = (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; reason?: unknown } | null;
    if (data?.type === 'signedOut' && isReason(data.reason)) listener(data.reason);
  };
  open.addEventListener('message', handle);
  return () => open.removeEventListener('message', handle);
}
