import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { charge } from './balance';
import type { Db } from './db/connect';
import type { JsonRecord, TranscriptLine } from './db/schema';
import { toDbTimestamp } from './db/time';

/*
 * The local service places no real calls. A call made with POST /user/make_call is recorded with the
 * marker below in `evaluation`, and this simulator moves it along as a carrier would report it:
 * initiated → ringing (3 s) → in-progress (8 s, answered) → completed (22-28 s) with a short transcript,
 * duration, costs, answered_by human and, when the assistant records, a recording; the call's total_cost
 * is then taken from the caller's balance, once, in the same transaction. Each step follows
 * from the call's age alone, so a restart or a missed tick catches up; calls without the marker (the
 * seeded history, imports) are never touched.
 */

export const SIMULATED_MARKER = { simulated: true } as const;

export const SIMULATION_SECONDS = { ringing: 3, answered: 8 } as const;
/** Seconds after creation at which a simulated call ends: 22-28, fixed per call. */
export function simulatedEndSecond(callId: number): number {
  return 22 + (callId % 7);
}

const LIVE = ['initiated', 'ringing', 'in-progress'] as const;
type Live = (typeof LIVE)[number];
type Target = Live | 'completed';

/** Per minute, in dollars: what the carrier charges, and everything together. */
const CARRIER_PER_MINUTE = 0.014;
const TOTAL_PER_MINUTE = 0.09;

function parseDb(ts: string): number {
  return Date.parse(`${ts.replace(' ', 'T')}Z`);
}

function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

/** What a simulated call of this many seconds costs, carrier and everything. */
export function simulatedCost(durationS: number): { carrier: number; total: number } {
  const minutes = durationS / 60;
  return { carrier: round4(minutes * CARRIER_PER_MINUTE), total: round4(minutes * TOTAL_PER_MINUTE) };
}

/**
 * The most a simulated call can cost (the longest ends 28 s after creation, answered for 20 s):
 * POST /user/make_call needs at least this much left.
 */
export const MAX_SIMULATED_CALL_COST = simulatedCost(28 - SIMULATION_SECONDS.answered).total;

export function simulatedStatusAt(callId: number, ageSeconds: number): Target {
  if (ageSeconds >= simulatedEndSecond(callId)) return 'completed';
  if (ageSeconds >= SIMULATION_SECONDS.answered) return 'in-progress';
  if (ageSeconds >= SIMULATION_SECONDS.ringing) return 'ringing';
  return 'initiated';
}

const SCRIPTS: readonly (readonly string[])[] = [
  [
    'Hello{name}! This is {assistant} calling. Do you have a minute?',
    'Yes, sure. What is it about?',
    'I am following up on your recent enquiry. Would you like to book a short appointment with us?',
    'That sounds good. Tomorrow morning works for me.',
    'Great, I have noted tomorrow morning. You will get a confirmation shortly. Goodbye!',
    'Thanks, bye.',
  ],
  [
    'Hi{name}, this is {assistant}. I am calling about your order from last week.',
    'Oh, right. Is something wrong with it?',
    'Not at all. It ships today, and I wanted to confirm the delivery address on file.',
    'The address is still correct, thank you.',
    'Perfect. Is there anything else I can help you with?',
    'No, that is all. Have a nice day.',
  ],
];

export function simulatedTranscript(callId: number, assistantName: string, variables: JsonRecord, answeredAt: number, durationS: number): TranscriptLine[] {
  const script = SCRIPTS[callId % SCRIPTS.length] ?? SCRIPTS[0] ?? [];
  const customer = typeof variables.customer_name === 'string' && variables.customer_name.trim() !== '' ? ` ${variables.customer_name.trim()}` : '';
  const step = durationS / Math.max(1, script.length);
  return script.map((text, i) => ({
    sender: i % 2 === 0 ? 'assistant' : 'user',
    text: text.replace('{name}', customer).replace('{assistant}', assistantName || 'your assistant'),
    timestamp: new Date(answeredAt + Math.round(i * step * 1000)).toISOString(),
  }));
}

export interface AdvanceOptions {
  /**
   * Only calls made since then: live simulated calls are never older than a minute unless ticks were
   * missed, so regular ticks look at recent calls only (an index range per user) and an occasional
   * full sweep catches up on the rest.
   */
  since?: Date;
}

/**
 * Moves every simulated call that is still live to the state its age gives at `now`.
 * Returns how many calls changed.
 */
export async function advanceSimulatedCalls(db: Db, now: Date, options: AdvanceOptions = {}): Promise<number> {
  // From users into calls by (user_id, status, created_at): calls_user_status serves it per user.
  let query = db
    .selectFrom('users')
    .innerJoin('calls', 'calls.user_id', 'users.id')
    .leftJoin('assistants', 'assistants.id', 'calls.assistant_id')
    .select([
      'calls.id',
      'calls.user_id',
      'calls.status',
      'calls.created_at',
      'calls.assistant_name',
      'calls.variables',
      'calls.evaluation',
      'assistants.record',
    ])
    .where('calls.status', 'in', LIVE)
    .where(sql<boolean>`calls.evaluation @> ${JSON.stringify(SIMULATED_MARKER)}::jsonb`);
  if (options.since) query = query.where('calls.created_at', '>=', toDbTimestamp(options.since));
  const live = await query.execute();

  let changed = 0;
  for (const call of live) {
    const created = parseDb(call.created_at);
    const age = (now.getTime() - created) / 1000;
    const target = simulatedStatusAt(call.id, age);
    if (target === call.status) continue;
    const ts = toDbTimestamp(now);
    if (target === 'completed') {
      const answeredAt = created + SIMULATION_SECONDS.answered * 1000;
      const duration = simulatedEndSecond(call.id) - SIMULATION_SECONDS.answered;
      const cost = simulatedCost(duration);
      const completion = {
        status: 'completed',
        duration,
        transcript: JSON.stringify(simulatedTranscript(call.id, call.assistant_name, call.variables, answeredAt, duration)),
        evaluation: JSON.stringify({ ...call.evaluation, ...SIMULATED_MARKER, outcome: 'completed', sentiment: 'positive' }),
        carrier_cost: cost.carrier,
        total_cost: cost.total,
        answered_by: 'human',
        // An assistant that does not record (or is gone) leaves no recording.
        recording_key: call.record === true ? randomUUID() : null,
        updated_at: ts,
      };
      // The call ends and is paid for together: only the tick whose update lands charges it.
      changed += await db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('calls')
          .set(completion)
          .where('id', '=', call.id)
          .where('status', '=', call.status)
          .executeTakeFirst();
        const n = Number(res.numUpdatedRows);
        if (n === 1 && cost.total > 0) await charge(trx, call.user_id, cost.total);
        return n;
      });
      continue;
    }
    // Only from the state read: a concurrent tick that got there first makes this a no-op.
    const res = await db
      .updateTable('calls')
      .set({ status: target, updated_at: ts })
      .where('id', '=', call.id)
      .where('status', '=', call.status)
      .executeTakeFirst();
    changed += Number(res.numUpdatedRows);
  }
  return changed;
}

/** Regular ticks look this far back; a full sweep runs at start and every FULL_SWEEP_MS. */
const RECENT_MS = 10 * 60_000;
const FULL_SWEEP_MS = 5 * 60_000;

/**
 * Runs advanceSimulatedCalls every `intervalMs` (ticks never overlap) until the returned function is
 * called. The first tick (at once) sweeps every live simulated call, so calls left live by a stopped
 * service complete; later ticks look at recent calls, with a full sweep every five minutes.
 * The timer does not keep the process alive.
 */
export function startCallSimulator(db: Db, intervalMs = 1000, clock: () => Date = () => new Date()): () => void {
  let running = false;
  let stopped = false;
  let lastFullSweep = Number.NEGATIVE_INFINITY;
  const tick = () => {
    if (running || stopped) return;
    running = true;
    const now = clock();
    const full = now.getTime() - lastFullSweep >= FULL_SWEEP_MS;
    advanceSimulatedCalls(db, now, full ? {} : { since: new Date(now.getTime() - RECENT_MS) })
      .then(() => {
        if (full) lastFullSweep = now.getTime();
      })
      .catch((e: unknown) => {
        if (!stopped) console.error('Call simulator:', e instanceof Error ? e.message : e);
      })
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
