import type { DatabaseHandle, Db } from '../db/client';
import { listenToChannel, notify, type ChannelListener } from '../db/notifications';
import type { AuthContext } from './caller';

/**
 * Resolved sessions kept for a few seconds, so an authenticated request does not cost a
 * three-table lookup. Whatever changes who may do what — sign-out, revoked sessions, impersonation,
 * account or user settings — is announced (announceAuthChange): every cache in this process drops
 * what it touches at once, and a database notification, delivered at commit, tells every other API
 * process on the same database. While that notification channel is down nothing is cached, so a
 * process never serves a session it may have missed the revocation of; rows changed by hand in the
 * database are seen when the entry ages out.
 *
 * An entry is the caller itself (AuthContext), shared by every request of the session while the
 * entry lives: what is derived from the caller alone may be kept beside it, keyed by that object
 * (GET users/current keeps its serialised body so), and goes when the entry is dropped or re-read.
 */

/** What changed: one session, everything of one user, or everything acting in one account. */
export type AuthChange = { sessionId: string } | { userId: number } | { accountId: number } | { all: true };

/** The notification channel every API process listens on. */
const CHANNEL = 'riskatlas_auth';

/** Entries kept at most; beyond it the oldest go first. */
const DEFAULT_MAX_ENTRIES = 10_000;

function encode(change: AuthChange): string {
  if ('sessionId' in change) return `s:${change.sessionId}`;
  if ('userId' in change) return `u:${change.userId}`;
  if ('accountId' in change) return `a:${change.accountId}`;
  return '*';
}

/** Reads a notification; anything unexpected drops everything, which is always safe. */
function decode(payload: string): AuthChange {
  const [kind, value = ''] = [payload.slice(0, 2), payload.slice(2)];
  if (kind === 's:' && value !== '') return { sessionId: value };
  const id = Number(value);
  if (kind === 'u:' && Number.isInteger(id)) return { userId: id };
  if (kind === 'a:' && Number.isInteger(id)) return { accountId: id };
  return { all: true };
}

/** Every open session cache of this process: a change made here reaches them all before it returns. */
const processCaches = new Set<SessionCache>();

/**
 * Announces a change to sessions, users or accounts that must end cached sessions: at once in
 * this process, and at commit (when `db` is a transaction) in every process on the database.
 */
export async function announceAuthChange(db: Db, change: AuthChange): Promise<void> {
  for (const cache of processCaches) cache.forget(change);
  await notify(db, CHANNEL, encode(change));
}

interface Entry {
  auth: AuthContext;
  loadedAt: number;
}

/** The sessions one app instance has resolved recently, keyed by token hash. */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private listener: ChannelListener | undefined;
  /** Moves on every forget: a lookup that began before a change must not store what it read. */
  private generation = 0;

  private constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** Opens a cache for `handle`'s database, listening for other processes' changes; ttlMs 0 caches nothing. */
  static async open(handle: DatabaseHandle, ttlMs: number, maxEntries = DEFAULT_MAX_ENTRIES): Promise<SessionCache> {
    const cache = new SessionCache(ttlMs, maxEntries);
    if (ttlMs <= 0) return cache;
    cache.listener = await listenToChannel(handle, CHANNEL, {
      message: (payload) => cache.forget(decode(payload)),
      lost: () => cache.forget({ all: true }),
    });
    processCaches.add(cache);
    return cache;
  }

  /** Caching happens only while other processes' changes can be heard. */
  private get enabled(): boolean {
    return this.listener?.listening ?? false;
  }

  /** A token to pass to `store`, taken before the database is read. */
  ticket(): number {
    return this.generation;
  }

  /** The caller resolved within the last ttlMs (by the app's clock), or undefined. */
  get(sessionId: string, nowMs: number): AuthContext | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const age = nowMs - entry.loadedAt;
    if (age >= 0 && age < this.ttlMs) return entry.auth;
    this.entries.delete(sessionId);
    return undefined;
  }

  /** Keeps a caller just read, unless a change was announced since `ticket` was taken. */
  store(sessionId: string, auth: AuthContext, nowMs: number, ticket: number): void {
    if (!this.enabled || ticket !== this.generation) return;
    this.entries.delete(sessionId);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sessionId, { auth, loadedAt: nowMs });
  }

  /** Drops every entry the change touches. */
  forget(change: AuthChange): void {
    this.generation += 1;
    if ('sessionId' in change) {
      this.entries.delete(change.sessionId);
      return;
    }
    if ('all' in change) {
      this.entries.clear();
      return;
    }
    for (const [sessionId, { auth }] of this.entries) {
      const touched = 'userId' in change ? auth.user.id === change.userId : auth.account.id === change.accountId || auth.user.accountId === change.accountId;
      if (touched) this.entries.delete(sessionId);
    }
  }

  /** Stops listening and forgets everything. */
  async close(): Promise<void> {
    processCaches.delete(this);
    this.entries.clear();
    await this.listener?.stop();
  }
}
