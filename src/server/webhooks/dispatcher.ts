import { sql } from 'kysely';
import { WEBHOOK_RETRY_SCHEDULE_S, WEBHOOK_TIMEOUT_MS } from '../../contract/webhooks';
import type { Db } from '../db/connect';
import type { WebhookDeliveryRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { publish, type ServiceEvent } from '../events/bus';
import { deliveryOutcome, type TouchedCall } from './outcome';
import { webhookSecretOf } from './secret';
import { sendWebhook, type AttemptResult } from './send';
import { signatureHeaders } from './sign';
import { callEvent, deliveryEvent } from '../events/build';

/*
 * Sends what the outbox holds. Each process claims due rows with FOR UPDATE SKIP LOCKED and a lease
 * (locked_until, on the database's clock, so processes with skewed clocks agree), sends, and records the
 * attempt; a process killed mid-send leaves the lease to run out and another process (or itself, restarted)
 * sends again with the same webhook-id. A row recorded 'delivered' is never claimed again.
 * Due-ness (next_attempt_at) is on the service's clock, so tests move retries with their TestClock.
 */
export interface DeliveryOptions {
  /** ALLOW_PRIVATE_WEBHOOKS=1: loopback, private and link-local receivers are allowed (tests, local set-up). */
  allowPrivate: boolean;
  /** How long an attempt waits for the answer (WEBHOOK_TIMEOUT_MS in config.ts; default 10 s). */
  timeoutMs?: number;
  /** Lease of a claimed row (WEBHOOK_LEASE_MS in config.ts; default 60 s); kept above the timeout. */
  leaseMs?: number;
  /** Attempts in flight at once in this process (default 16). */
  concurrency?: number;
  /** Stop claiming after this long in one call (the runner calls again on its next tick). */
  budgetMs?: number;
}

/** Six attempts in all: the first, then one after each wait of the schedule. */
export const MAX_ATTEMPTS = WEBHOOK_RETRY_SCHEDULE_S.length + 1;

export function resolveOptions(options: DeliveryOptions) {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const leaseMs = Math.max(options.leaseMs ?? 60_000, timeoutMs + 5_000);
  return {
    allowPrivate: options.allowPrivate,
    timeoutMs,
    leaseMs,
    concurrency: Math.max(1, options.concurrency ?? 16),
    budgetMs: options.budgetMs ?? 30_000,
  };
}

/** Claims up to `limit` due rows for this process. */
export async function claimDue(db: Db, now: Date, limit: number, leaseMs: number): Promise<WebhookDeliveryRow[]> {
  const due = toDbTimestamp(now);
  const result = await sql<WebhookDeliveryRow>`
    UPDATE webhook_deliveries SET locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id IN (
      SELECT id FROM webhook_deliveries
      WHERE status = 'pending' AND next_attempt_at <= ${due} AND (locked_until IS NULL OR locked_until < now())
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db);
  return [...result.rows].sort((a, b) => (a.next_attempt_at ?? '').localeCompare(b.next_attempt_at ?? '') || a.id - b.id);
}

/** The row's next state after an attempt. */
export function afterAttempt(row: Pick<WebhookDeliveryRow, 'attempts'>, result: AttemptResult, now: Date) {
  const attempts = row.attempts + 1;
  const at = toDbTimestamp(now);
  if (result.kind === 'answered' && result.statusCode >= 200 && result.statusCode < 300) {
    return { status: 'delivered', attempts, last_status_code: result.statusCode, last_response: result.body, last_error: null, last_attempt_at: at, delivered_at: at, next_attempt_at: null };
  }
  const final = result.kind === 'error' && result.final;
  const wait = WEBHOOK_RETRY_SCHEDULE_S[attempts - 1];
  const failed = final || attempts >= MAX_ATTEMPTS || wait === undefined;
  return {
    status: failed ? 'failed' : 'pending',
    attempts,
    last_status_code: result.kind === 'answered' ? result.statusCode : null,
    last_response: result.kind === 'answered' ? result.body : null,
    last_error: result.kind === 'answered' ? `HTTP ${result.statusCode}` : result.error,
    last_attempt_at: at,
    delivered_at: null,
    next_attempt_at: failed ? null : toDbTimestamp(new Date(now.getTime() + (wait ?? 0) * 1000)),
  };
}

/**
 * Records an attempt in one statement (one round trip, atomic): the delivery, and the call's
 * webhook_response when this delivery is the call's outcome (its post-call one, else its
 * inbound_call.ended one). Only a row still pending is written, so nothing leaves 'delivered' or 'failed'
 * but a resend; a resend of a row in flight leaves its lease, and this attempt's outcome then stands.
 */
async function record(db: Db, row: WebhookDeliveryRow, next: ReturnType<typeof afterAttempt>, now: Date): Promise<ServiceEvent[]> {
  const outcome = JSON.stringify(deliveryOutcome({ ...row, ...next }));
  const result = await sql<{ delivery: DeliveryEventRow | null; call: TouchedCall | null }>`
    WITH d AS (
      UPDATE webhook_deliveries SET
        status = ${next.status}, attempts = ${next.attempts}, last_status_code = ${next.last_status_code},
        last_response = ${next.last_response}, last_error = ${next.last_error}, last_attempt_at = ${next.last_attempt_at},
        delivered_at = ${next.delivered_at}, next_attempt_at = ${next.next_attempt_at}, locked_until = NULL,
        updated_at = ${toDbTimestamp(now)}
      WHERE id = ${row.id} AND status = 'pending'
      RETURNING id, user_id, assistant_id, call_id, status, kind, event
    ), c AS (
      UPDATE calls SET webhook_response = ${outcome}::jsonb
      FROM d
      WHERE calls.id = d.call_id AND (
        d.kind = 'post_call' OR (d.event = 'inbound_call.ended' AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries p WHERE p.call_id = d.call_id AND p.kind = 'post_call')))
      RETURNING calls.id, calls.user_id, calls.status, calls.assistant_id, calls.campaign_id
    )
    SELECT (SELECT row_to_json(d) FROM d) AS delivery, (SELECT row_to_json(c) FROM c) AS call`.execute(db);
  const { delivery, call } = result.rows[0] ?? { delivery: null, call: null };
  if (!delivery) return [];
  const events: ServiceEvent[] = [deliveryEvent(delivery)];
  if (call) events.push(callEvent(call));
  return events;
}

interface DeliveryEventRow {
  id: number;
  user_id: number;
  assistant_id: number | null;
  call_id: number | null;
  status: string;
}

/** Signing secrets of one dispatcher run, read once per user. */
type Secrets = Map<number, Promise<string>>;

async function attempt(db: Db, row: WebhookDeliveryRow, now: Date, opts: ReturnType<typeof resolveOptions>, secrets: Secrets): Promise<void> {
  const body = JSON.stringify(row.payload);
  let secret = secrets.get(row.user_id);
  if (!secret) {
    secret = webhookSecretOf(db, row.user_id);
    secrets.set(row.user_id, secret);
  }
  const result = await sendWebhook(row.url, body, signatureHeaders(await secret, row.webhook_id, body), opts);
  const events = await record(db, row, afterAttempt(row, result, now), now);
  for (const e of events) publish(db, e);
}

/** Claims due deliveries and sends them (at most `concurrency` at once). Returns how many attempts it made. */
export async function deliverWebhooks(db: Db, now: Date, options: DeliveryOptions): Promise<number> {
  const opts = resolveOptions(options);
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  let made = 0;
  let exhausted = false;
  let failure: unknown = null;
  const secrets: Secrets = new Map();
  // Claims are refilled in batches (when half the slots are free), not one row per finished attempt.
  const refillAt = Math.max(1, Math.floor(opts.concurrency / 2));
  for (;;) {
    if (!exhausted && opts.concurrency - inFlight.size >= refillAt && Date.now() - started < opts.budgetMs) {
      const wanted = opts.concurrency - inFlight.size;
      const rows = await claimDue(db, now, wanted, opts.leaseMs);
      if (rows.length < wanted) exhausted = true;
      for (const row of rows) {
        made += 1;
        const p: Promise<void> = attempt(db, row, now, opts, secrets)
          .catch((e: unknown) => {
            // The row keeps its lease and is tried again when it runs out; the error reaches the runner.
            failure ??= e;
          })
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
    }
    if (inFlight.size === 0) break;
    await Promise.race(inFlight);
    if (failure !== null) exhausted = true;
  }
  if (failure !== null) throw failure;
  return made;
}
