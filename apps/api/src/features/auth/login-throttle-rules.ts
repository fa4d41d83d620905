import { isIPv4, isIPv6 } from 'node:net';

/** Failures of one client on one e-mail within this window lock that client out of it… */
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** …when they reach this many… */
export const LOGIN_MAX_FAILURES = 5;
/** …for this long. */
export const LOGIN_LOCK_MS = 15 * 60_000;
/** Failures of an e-mail from all clients together, within the window, before its attempts slow down. */
const SLOWDOWN_AFTER_FAILURES = 5;
/** The first slowdown; it doubles with every further five failures… */
const SLOWDOWN_FIRST_MS = 200;
/** …up to this. */
const SLOWDOWN_MAX_MS = 5000;

/**
 * How long every attempt on an e-mail waits before its password is checked, given the e-mail's
 * recent failures from all clients. Many clients guessing one e-mail (a password spray, or one
 * attacker with many addresses) each stay under their own lock; this makes their guesses slow
 * without refusing anyone. The wait comes before the check and applies to right and wrong
 * passwords alike, so an early answer says nothing about the guess.
 */
export function loginSlowdownMs(emailFailures: number): number {
  if (emailFailures < SLOWDOWN_AFTER_FAILURES) return 0;
  const doublings = Math.floor((emailFailures - SLOWDOWN_AFTER_FAILURES) / SLOWDOWN_AFTER_FAILURES);
  return Math.min(SLOWDOWN_MAX_MS, SLOWDOWN_FIRST_MS * 2 ** doublings);
}

/**
 * The key a client's failed sign-ins are counted under: an IPv4 address as it is, an IPv6
 * address as its /64 network (one subscriber usually holds a whole /64, so hopping between its
 * addresses must not buy fresh attempts), an IPv4-mapped IPv6 address as the IPv4 address.
 * Anything else (no address at all) is one shared key, which is the cautious side.
 */
export function loginClientKey(ip: string | null | undefined): string {
  const address = (ip ?? '').trim().replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return 'unknown';
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 as two groups). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}
