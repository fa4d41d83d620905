import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle, Db } from './client';

/**
 * PostgreSQL notifications (NOTIFY/LISTEN) between the processes sharing a database. A
 * notification sent inside a transaction is delivered when it commits, and not at all when it
 * rolls back; delivery is to every listener, the sender's own process included.
 */

/** Sends `payload` on `channel` (delivered at commit when `db` is a transaction). */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** A running listener: `listening` is false while a server connection is being (re)made. */
export interface ChannelListener {
  readonly listening: boolean;
  stop(): Promise<void>;
}

/** What a listener reports: each payload, and each time delivery stops or starts again. */
export interface ChannelEvents {
  message(payload: string): void;
  /** Delivery stopped (the connection dropped): anything sent meanwhile is missed. */
  lost(): void;
}

/** Reconnection back-off after a dropped listening connection, milliseconds. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15_000;

/**
 * Listens on `channel`. Embedded PGlite delivers within the process; on a PostgreSQL server a
 * connection of its own (outside the pool, which would otherwise lose one connection for good) is
 * kept open and reopened after a failure, reporting `lost` when it drops.
 */
export async function listenToChannel(handle: DatabaseHandle, channel: string, events: ChannelEvents): Promise<ChannelListener> {
  if (handle.pglite) {
    const unlisten = await handle.pglite.listen(channel, (payload) => events.message(payload));
    let stopped = false;
    return {
      get listening() {
        return !stopped;
      },
      stop: async () => {
        if (stopped) return;
        stopped = true;
        if (!handle.pglite?.closed) await unlisten();
      },
    };
  }
  if (!handle.connectionString) throw new Error('A database server listener needs the connection string.');
  return new ServerChannelListener(handle.connectionString, channel, events).start();
}

/** One LISTEN connection to a PostgreSQL server, reopened with back-off when it fails. */
class ServerChannelListener implements ChannelListener {
  private client: pg.Client | undefined;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  listening = false;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly events: ChannelEvents,
  ) {}

  /** Connects once (a failure is retried in the background) and resolves. */
  async start(): Promise<this> {
    await this.connect();
    return this;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.events.message(message.payload ?? '');
    });
    // Either event means notifications may have been missed; 'end' follows 'error'.
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
      if (this.stopped || this.client !== client) return;
      this.listening = true;
      this.retryMs = RETRY_FIRST_MS;
    } catch {
      this.dropped(client);
    }
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    client.end().catch(() => undefined);
    this.events.lost();
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
