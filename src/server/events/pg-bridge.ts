import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { pgPoolOf, type Db } from '../db/connect';
import { LocalBus, setBus, type EventBus, type ServiceEvent, type ServiceEventType } from './bus';

/*
 * On PostgreSQL several service processes share one database, and a change made by one (a call the other's
 * engine finished, a campaign stopped through the other's API) must reach the streams the other serves.
 * So the bus of a PostgreSQL handle publishes with NOTIFY and LISTENs on a client of its own.
 *
 * - Local listeners get an event at once, without the round trip; the process skips its own notifications
 *   (each carries the publishing bus's random origin).
 * - NOTIFY channels are per database, not per schema, while tests (and anyone else) may run several services
 *   in schemas of one database whose user ids overlap: each notification carries its schema, and a bridge
 *   drops those of other schemas.
 * - Events queued while a NOTIFY is under way go out together in one statement, in order; a sequence number
 *   keeps identical events apart (PostgreSQL folds identical payloads of one transaction into one).
 * - While the LISTEN connection is down (database restart) it reconnects with backoff; events of other
 *   processes in that gap are lost, which costs a console a refetch it would have made, nothing more.
 */

export const EVENT_CHANNEL = 'service_events';

const EVENT_TYPES: ReadonlySet<string> = new Set<ServiceEventType>(['call', 'lead', 'campaign', 'delivery', 'account', 'knowledge_document.updated', 'knowledgebase.updated']);

interface Envelope {
  /** schema */
  s: string;
  /** origin: the publishing bus */
  o: string;
  /** sequence number within the origin */
  n: number;
  e: ServiceEvent;
}

export interface EventBridge {
  /** Stops listening and sends what is queued; call before the database handle closes. */
  close(): Promise<void>;
}

function isServiceEvent(v: unknown): v is ServiceEvent {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return typeof e.type === 'string' && EVENT_TYPES.has(e.type) && typeof e.user_id === 'number';
}

class PgBridgeBus implements EventBus, EventBridge {
  private readonly local = new LocalBus();
  private readonly origin = randomUUID();
  private seq = 0;
  private queue: string[] = [];
  private flushing: Promise<void> | null = null;
  private listener: pg.Client | null = null;
  private closed = false;
  private retryMs = 500;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private lastErrorLog = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly schema: string,
  ) {}

  publish(event: ServiceEvent): void {
    this.local.emitLocal(event);
    if (this.closed) return;
    const envelope: Envelope = { s: this.schema, o: this.origin, n: ++this.seq, e: event };
    this.queue.push(JSON.stringify(envelope));
    this.flushing ??= this.flush();
  }

  subscribe(userId: number, listener: (event: ServiceEvent) => void): () => void {
    return this.local.subscribe(userId, listener);
  }

  listenerCount(): number {
    return this.local.listenerCount();
  }

  /** Sends everything queued, one statement per batch, until the queue is empty. */
  private async flush(): Promise<void> {
    // Let the publishes of this turn of the event loop join the first batch.
    await new Promise<void>((r) => setImmediate(r));
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        // unnest yields the rows in array order, and notifications of one statement are delivered in the order sent.
        await this.pool.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [EVENT_CHANNEL, batch]);
      } catch (e) {
        this.logError('Event bridge: NOTIFY failed', e);
      }
    }
    this.flushing = null;
  }

  async connect(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (msg) => this.onNotification(msg));
    client.on('error', (e) => {
      this.logError('Event bridge: LISTEN connection failed', e);
      this.dropListener(client);
    });
    client.on('end', () => this.dropListener(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENT_CHANNEL}`);
    } catch (e) {
      void quiet(client);
      throw e;
    }
    this.listener = client;
    this.retryMs = 500;
  }

  private onNotification(msg: pg.Notification): void {
    if (msg.channel !== EVENT_CHANNEL || !msg.payload) return;
    let envelope: Partial<Envelope>;
    try {
      envelope = JSON.parse(msg.payload) as Partial<Envelope>;
    } catch {
      return;
    }
    if (envelope.s !== this.schema || envelope.o === this.origin || !isServiceEvent(envelope.e)) return;
    this.local.emitLocal(envelope.e);
  }

  private dropListener(client: pg.Client): void {
    if (this.listener !== client) return;
    this.listener = null;
    void quiet(client);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.connect().catch((e: unknown) => {
        this.logError('Event bridge: reconnecting failed', e);
        this.scheduleReconnect();
      });
    }, wait);
    this.reconnectTimer.unref();
  }

  private logError(what: string, e: unknown): void {
    // A database outage would otherwise log once per event.
    if (Date.now() - this.lastErrorLog < 10_000) return;
    this.lastErrorLog = Date.now();
    console.error(`${what}:`, e instanceof Error ? e.message : e);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    await this.flushing;
    const client = this.listener;
    this.listener = null;
    if (client) await quiet(client);
  }
}

/** Ends a client that no longer matters, whatever state it is in. */
function quiet(client: pg.Client): Promise<void> {
  client.removeAllListeners();
  client.on('error', () => undefined);
  return client.end().catch(() => undefined);
}

const bridges = new WeakMap<Db, EventBridge>();
const NOTHING_TO_CLOSE: EventBridge = { close: async () => undefined };

/**
 * Makes the handle's bus cross processes when it is on PostgreSQL (on PGlite, one process by nature, the
 * local bus stays). Install it where the service opens its database, before serving; idempotent.
 */
export async function installEventBridge(db: Db): Promise<EventBridge> {
  const pool = pgPoolOf(db);
  if (!pool) return NOTHING_TO_CLOSE;
  const known = bridges.get(db);
  if (known) return known;
  const { rows } = await pool.query<{ s: string }>('SELECT current_schema() AS s');
  const bus = new PgBridgeBus(pool, rows[0]?.s ?? 'public');
  await bus.connect();
  setBus(db, bus);
  bridges.set(db, bus);
  return bus;
}
