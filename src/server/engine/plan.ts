import { DEFAULT_ENGINE_SEED } from '../config';
import type { JsonRecord } from '../db/schema';
import { Rng } from './random';

/*
 * How a call will go, fixed when it is placed (calls.engine_plan): the outcome and the seconds each stage
 * takes. The number dialled decides it for the documented test numbers; every other call draws it from a
 * PRNG seeded with ENGINE_SEED and the call's id, so the same seed and the same ids give the same calls.
 * The engine (calls.ts) only reads the plan and the call's created_at: a step is due at a fixed second
 * after creation, which is what lets a late tick catch up.
 */

export const OUTCOMES = ['completed', 'ended_by_customer', 'ended_by_assistant', 'busy', 'no-answer', 'failed', 'voicemail'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export type FinalStatus = Exclude<Outcome, 'voicemail'>;

/** Relative weights of outcomes for numbers that are not test numbers. */
export const OUTBOUND_WEIGHTS: Readonly<Record<Outcome, number>> = {
  completed: 45,
  ended_by_customer: 12,
  ended_by_assistant: 8,
  voicemail: 10,
  'no-answer': 13,
  busy: 7,
  failed: 5,
};
/** An inbound caller has already reached the line: only conversations end it. */
export const INBOUND_WEIGHTS: Readonly<Record<'completed' | 'ended_by_customer' | 'ended_by_assistant', number>> = {
  completed: 45,
  ended_by_customer: 12,
  ended_by_assistant: 8,
};

/** The last seven digits of a +1 test number → its outcome (+1 NXX 555-0100 … 0106). */
export const TEST_NUMBER_OUTCOMES: Readonly<Record<string, Outcome>> = {
  '5550100': 'completed',
  '5550101': 'busy',
  '5550102': 'no-answer',
  '5550103': 'voicemail',
  '5550104': 'failed',
  '5550105': 'ended_by_customer',
  '5550106': 'ended_by_assistant',
};

/** Seconds of the test numbers' fixed play: ringing at +1, answered at +3, 6 s of talk (voicemail 3 s), outcome 2 s later, no answer given up at +8. */
export const TEST_TIMING = { dial: 1, ring: 2, talk: 6, voicemailTalk: 3, wrap: 2, noAnswerGiveUp: 8 } as const;
/** Seconds of everything else. */
export const RANDOM_TIMING = {
  dial: 1,
  ring: [3, 15],
  busyRing: [1, 4],
  failAfter: [0, 2],
  noAnswerGiveUp: 30,
  talk: [20, 120],
  /** A voicemail greeting plus the assistant's message, when it leaves one. */
  voicemailTalk: [10, 25],
  /** An assistant that hangs up on a machine does so after about 3 s. */
  voicemailHangUp: 3,
  wrap: 2,
  inboundRing: 1,
} as const;

/** Dollars per minute of talk: what the carrier charges, and everything together (carrier, AI, platform). */
export const CARRIER_PER_MINUTE = 0.014;
export const TOTAL_PER_MINUTE = 0.09;
/**
 * What a call needs left on the balance to be placed: the cost of 20 s, the shortest max_duration an
 * assistant can have. Calls are paid when they end and may take the balance below zero.
 */
export const MIN_BALANCE_FOR_CALL = 0.03;

export interface CallPlan {
  outcome: Outcome;
  /** The status the call ends with (a voicemail ends completed, or ended_by_assistant when the assistant hangs up on machines). */
  final_status: FinalStatus;
  answered_by: 'human' | 'machine' | null;
  /** Seconds from creation to ringing (or to failure). */
  dial_s: number;
  /** Seconds of ringing: until answered, busy, or given up. */
  ring_s: number;
  /** Seconds of talk (0 when unanswered): the call's duration. */
  talk_s: number;
  /** Seconds from the hang-up to the final status (the carrier's and the AI's wrap-up). */
  wrap_s: number;
  /** Seeds the conversation's content (content.ts). */
  seed: number;
  /** A documented test number decided the outcome. */
  test_number: boolean;
  /** The variables the call was placed with (make_call's, the lead's); calls.variables adds what the call collected. */
  input_variables: JsonRecord;
  /** Set when the call ends: what the call collected (one value per post_call_schema field). */
  extracted_variables?: JsonRecord;
}

export interface PlanInput {
  callId: number;
  type: 'outbound' | 'inbound';
  /** The customer's number (dialled, or calling in), E.164. */
  customerNumber: string;
  maxDuration: number;
  endCallOnVoicemail: boolean;
  /** The assistant's ringing_time (s): an outbound call not answered within it is no-answer; null: the carrier's own give-up. */
  ringingTimeS?: number | null;
  inputVariables: JsonRecord;
  /** Base of every call's seed; the process's (engineSeed()) by default. */
  engineSeed?: string;
}

let processSeed = DEFAULT_ENGINE_SEED;

/**
 * Sets the base of the seeds of the calls this process plans: ENGINE_SEED from the configuration
 * (config.ts), set once where the service is composed (cli/start.ts). Calls are placed by the routes
 * (make_call, simulate-inbound) as well as by the background work, so it is the process's, not a loop's.
 */
export function setEngineSeed(seed: string): void {
  processSeed = seed;
}

/** The base of the seed of every call planned without one of its own. */
export function engineSeed(): string {
  return processSeed;
}

/** FNV-1a, 32 bits: a stable hash of the seed text and the call id. */
export function seedFor(base: string, callId: number): number {
  let h = 0x811c9dc5;
  const text = `${base}:${callId}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function testNumberOutcome(e164: string): Outcome | null {
  const m = /^\+1\d{3}(555010[0-6])$/.exec(e164);
  return m ? (TEST_NUMBER_OUTCOMES[m[1] ?? ''] ?? null) : null;
}

const between = (rng: Rng, [min, max]: readonly [number, number]) => rng.int(min, max);

export function makePlan(input: PlanInput): CallPlan {
  const plan = plannedCall(input);
  const limit = input.type === 'outbound' && input.ringingTimeS ? Math.max(1, Math.floor(input.ringingTimeS)) : null;
  // ringing_time: ringing longer than it is given up as no-answer then (after the dial, as the ring is counted).
  if (limit === null || plan.outcome === 'failed' || plan.ring_s <= limit) return plan;
  return { ...plan, outcome: 'no-answer', final_status: 'no-answer', answered_by: null, ring_s: limit, talk_s: 0, wrap_s: 0 };
}

function plannedCall(input: PlanInput): CallPlan {
  const seed = seedFor(input.engineSeed ?? engineSeed(), input.callId);
  const rng = new Rng(seed);
  const maxTalk = Math.max(1, Math.floor(input.maxDuration));
  const fixed = testNumberOutcome(input.customerNumber);
  const inbound = input.type === 'inbound';
  // An inbound caller is on the line already: only the conversation's outcomes apply to it.
  const testOutcome = fixed !== null && (!inbound || fixed in INBOUND_WEIGHTS) ? fixed : null;
  const outcome: Outcome = testOutcome ?? (inbound ? rng.weighted(INBOUND_WEIGHTS) : rng.weighted(OUTBOUND_WEIGHTS));
  const test = testOutcome !== null;
  const base = { outcome, seed, test_number: test, input_variables: input.inputVariables };

  if (outcome === 'failed') {
    const dial = test ? TEST_TIMING.dial : RANDOM_TIMING.dial + between(rng, RANDOM_TIMING.failAfter);
    return { ...base, final_status: 'failed', answered_by: null, dial_s: dial, ring_s: 0, talk_s: 0, wrap_s: 0 };
  }
  if (outcome === 'busy') {
    const ring = test ? TEST_TIMING.ring : between(rng, RANDOM_TIMING.busyRing);
    return { ...base, final_status: 'busy', answered_by: null, dial_s: RANDOM_TIMING.dial, ring_s: ring, talk_s: 0, wrap_s: 0 };
  }
  if (outcome === 'no-answer') {
    const giveUp = test ? TEST_TIMING.noAnswerGiveUp : RANDOM_TIMING.noAnswerGiveUp;
    return { ...base, final_status: 'no-answer', answered_by: null, dial_s: RANDOM_TIMING.dial, ring_s: giveUp - RANDOM_TIMING.dial, talk_s: 0, wrap_s: 0 };
  }
  // An inbound call is answered after 1 s of ringing, test number or not.
  const ring = inbound ? RANDOM_TIMING.inboundRing : test ? TEST_TIMING.ring : between(rng, RANDOM_TIMING.ring);
  const wrap = test ? TEST_TIMING.wrap : RANDOM_TIMING.wrap;
  if (outcome === 'voicemail') {
    const talk = input.endCallOnVoicemail
      ? test
        ? TEST_TIMING.voicemailTalk
        : RANDOM_TIMING.voicemailHangUp
      : test
        ? TEST_TIMING.voicemailTalk
        : between(rng, RANDOM_TIMING.voicemailTalk);
    return {
      ...base,
      final_status: input.endCallOnVoicemail ? 'ended_by_assistant' : 'completed',
      answered_by: 'machine',
      dial_s: RANDOM_TIMING.dial,
      ring_s: ring,
      talk_s: Math.min(talk, maxTalk),
      wrap_s: wrap,
    };
  }
  const talk = test ? TEST_TIMING.talk : between(rng, RANDOM_TIMING.talk);
  return { ...base, final_status: outcome, answered_by: 'human', dial_s: RANDOM_TIMING.dial, ring_s: ring, talk_s: Math.min(talk, maxTalk), wrap_s: wrap };
}

export type StepKind = 'ringing' | 'answered' | 'hangup' | 'final';
export interface Step {
  /** Seconds after the call's creation. */
  at_s: number;
  kind: StepKind;
  status: string;
}

/** The call's steps after `initiated`, in order; the last is its outcome. */
export function stepsOf(plan: CallPlan): Step[] {
  if (plan.answered_by === null && plan.final_status === 'failed') {
    return [{ at_s: plan.dial_s, kind: 'final', status: 'failed' }];
  }
  const ringing: Step = { at_s: plan.dial_s, kind: 'ringing', status: 'ringing' };
  const answeredAt = plan.dial_s + plan.ring_s;
  if (plan.answered_by === null) return [ringing, { at_s: answeredAt, kind: 'final', status: plan.final_status }];
  const hangup = answeredAt + plan.talk_s;
  return [
    ringing,
    { at_s: answeredAt, kind: 'answered', status: 'in-progress' },
    { at_s: hangup, kind: 'hangup', status: 'ended' },
    { at_s: hangup + plan.wrap_s, kind: 'final', status: plan.final_status },
  ];
}

/** What a call costs: its minutes of talk, and on a model call the tokens the model spent (per 1,000). */
export function callCost(durationS: number, tokens = 0, pricePer1kTokens = 0): { carrier: number; total: number } {
  const minutes = durationS / 60;
  return { carrier: round4(minutes * CARRIER_PER_MINUTE), total: round4(minutes * TOTAL_PER_MINUTE + (tokens / 1000) * pricePer1kTokens) };
}

function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

const isRecord = (v: unknown): v is JsonRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The plan stored on a call, or null when it has none (or not a readable one). */
export function readPlan(stored: unknown): CallPlan | null {
  if (!isRecord(stored)) return null;
  const outcome = stored.outcome;
  if (typeof outcome !== 'string' || !(OUTCOMES as readonly string[]).includes(outcome)) return null;
  const num = (k: string) => (typeof stored[k] === 'number' && Number.isFinite(stored[k]) ? (stored[k] as number) : null);
  const dial = num('dial_s');
  const ring = num('ring_s');
  const talk = num('talk_s');
  const wrap = num('wrap_s');
  const seed = num('seed');
  if (dial === null || ring === null || talk === null || wrap === null || seed === null) return null;
  const final = typeof stored.final_status === 'string' && (OUTCOMES as readonly string[]).includes(stored.final_status) && stored.final_status !== 'voicemail';
  const answeredBy = stored.answered_by === 'human' || stored.answered_by === 'machine' ? stored.answered_by : null;
  return {
    outcome: outcome as Outcome,
    final_status: final ? (stored.final_status as FinalStatus) : outcome === 'voicemail' ? 'completed' : (outcome as FinalStatus),
    answered_by: answeredBy,
    dial_s: dial,
    ring_s: ring,
    talk_s: talk,
    wrap_s: wrap,
    seed,
    test_number: stored.test_number === true,
    input_variables: isRecord(stored.input_variables) ? stored.input_variables : {},
    ...(isRecord(stored.extracted_variables) && { extracted_variables: stored.extracted_variables }),
  };
}
