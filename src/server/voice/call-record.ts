import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { CallRow, JsonRecord } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { publish, type ServiceEvent } from '../events/bus';
import { callEvent } from '../events/build';
import type { ChatModel } from '../model/chat-model';
import { readPlan, type CallPlan, type FinalStatus } from '../engine/plan';
import { appendTurn } from '../engine/talk/append-turn';
import { readEntries } from '../engine/talk/entries';
import { loadCallTalk } from '../engine/talk/setting';
import { freshTalkState, readTalkState, type EndReason, type TalkState } from '../engine/talk/state';
import { handBack, readAfterCall, TALK_LEASE_MS } from '../engine/talk/worker';
import { enqueueCallWebhooks } from '../webhooks/enqueue';
import { callClosed, callEnded, callEntry, callOpened } from '../ops/live-calls';
import type { RecordingSoFar, VoiceCallStart, VoiceEndReason, VoiceEntry, VoiceSessionSink } from './session-types';

/*
 * The record of a live voice call (a browser's web call, a phone call over Twilio): the calls row, held by the
 * voice session while it lasts, its transcript written entry by entry, and at the end the real recording and
 * the same ending as every model call (engine/talk/worker.ts's post-call reading and hand-back, then the engine's
 * outcome: costs, lead, webhooks, evaluation).
 *
 * Holding: a live call has talk_next_at set (the engine leaves such a call to whoever holds it) and a lease of
 * its own in talk_lease / talk_locked_until (the database's clock), renewed by a heartbeat. The talk worker claims
 * only calls whose lease has run out, so it never touches a held call. The call's talk_state is in the post_call
 * phase from the answer on (with the ending a hang-up would have): should the process die, the lease runs out,
 * the talk worker claims the call like any call whose worker died, and, finding it in post_call, reads it and
 * hands it back to the engine, which ends it with what was said (the transcript written so far, the talk time of
 * the last heartbeat). Its recording is the real audio the record kept at its last checkpoint (a heartbeat's, once
 * the audio has grown by RECORDING_CHECKPOINT_MS or a quarter since the one before: a long call is not written whole
 * every 10 s), so what was said after that is in the transcript and not in the recording; a call killed before its
 * first checkpoint gets the rendering of its transcript (the render worker, as for calls without audio).
 */

/** How long a held call stays held without a heartbeat, and the heartbeat's period. */
export const HOLD_LEASE_MS = 30_000;
export const HEARTBEAT_MS = 10_000;
/** The recording is kept at a heartbeat once it has grown by this much, or by a quarter, since it last was. */
export const RECORDING_CHECKPOINT_MS = 5_000;
/** The recording's engine (call_recordings.engine): the real audio, never rendered over (migration 0020). */
export const LIVE_RECORDING_ENGINE = 'live';
/** An assistant without a limit of its own (the column's default). */
const DEFAULT_MAX_DURATION_S = 600;
/**
 * The session ends its call at the assistant's max_duration; should it not (a bug, a stuck stage), the hold is
 * let go this long after it, and the call ends as a dead holder's would.
 */
const HOLD_BEYOND_MAX_DURATION_MS = 60_000;

export interface CallRecordDeps {
  db: Db;
  now: () => Date;
  /** The post-call reading's model; none: the call is handed back without a reading. */
  model: ChatModel | null;
  allowPrivateUrls: boolean;
  /** PUBLIC_URL, for the webhooks of an inbound call's start. */
  publicUrl: string;
  holdLeaseMs?: number | undefined;
  heartbeatMs?: number | undefined;
}

/** How a voice call's ending becomes its outcome (the talk state's `end`). */
const ENDINGS: Record<VoiceEndReason, { status: FinalStatus; reason: EndReason }> = {
  caller_ended: { status: 'completed', reason: 'hang_up' },
  dropped: { status: 'completed', reason: 'hang_up' },
  end_call: { status: 'ended_by_assistant', reason: 'end_call' },
  silence: { status: 'ended_by_assistant', reason: 'hang_up' },
  initial_silence: { status: 'ended_by_assistant', reason: 'hang_up' },
  max_duration: { status: 'ended_by_assistant', reason: 'max_duration' },
  error: { status: 'failed', reason: 'model_error' },
  // A multimodal/dualplex assistant without a realtime endpoint (REALTIME_BASE_URL unset, or it refused).
  realtime_unavailable: { status: 'failed', reason: 'realtime_unavailable' },
  // As the simulated engine ends a voicemail (engine/plan.ts): completed with the message, ended_by_assistant when it hangs up.
  voicemail: { status: 'completed', reason: 'voicemail' },
  voicemail_hang_up: { status: 'ended_by_assistant', reason: 'voicemail' },
  transferred: { status: 'completed', reason: 'transferred' },
};

const parseDb = (ts: string) => Date.parse(`${ts.replace(' ', 'T')}Z`);

/** A live call's plan: answered by a person `answeredAfterS` after its creation; talk time and outcome come at the end (handBack). */
export function livePlan(answeredAfterS: number, inputVariables: JsonRecord): CallPlan {
  return {
    outcome: 'completed',
    final_status: 'completed',
    answered_by: 'human',
    dial_s: 0,
    ring_s: Math.max(0, answeredAfterS),
    talk_s: 0,
    wrap_s: 0,
    seed: 0,
    test_number: false,
    input_variables: inputVariables,
  };
}

/** The talk state of a held call: what the talk worker finds if the holder dies (post_call: read and end it). */
function heldState(): TalkState {
  return { ...freshTalkState('post_call', 'customer', true), end: ENDINGS.dropped };
}

function holdColumns(now: Date, lease: string, leaseMs: number) {
  return {
    talk_lease: lease,
    talk_locked_until: sql<string>`now() + make_interval(secs => ${leaseMs / 1000})`,
    talk_next_at: toDbTimestamp(new Date(now.getTime() + leaseMs)),
  };
}

export interface NewLiveCall {
  userId: number;
  assistantId: number;
  type: 'web' | 'inbound';
  clientPhoneNumber: string;
  assistantPhoneNumber: string | null;
  variables: JsonRecord;
  provider?: string | null;
  providerCallId?: string | null;
}

/** Creates the call of a voice session that begins now (answered at once, in progress, held); undefined when the assistant is gone. */
export async function createLiveCall(deps: CallRecordDeps, input: NewLiveCall): Promise<CallRecord | undefined> {
  const now = deps.now();
  const ts = toDbTimestamp(now);
  const lease = `voice:${randomUUID()}`;
  const leaseMs = deps.holdLeaseMs ?? HOLD_LEASE_MS;
  const events: ServiceEvent[] = [];
  const row = await deps.db.transaction().execute(async (trx) => {
    const assistant = await trx.selectFrom('assistants').select(['name', 'max_duration', 'mode']).where('id', '=', input.assistantId).where('user_id', '=', input.userId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!assistant) return undefined;
    const inserted = await trx
      .insertInto('calls')
      .values({
        user_id: input.userId,
        assistant_id: input.assistantId,
        campaign_id: null,
        lead_id: null,
        assistant_name: assistant.name,
        campaign_name: null,
        type: input.type,
        status: 'in-progress',
        duration: 0,
        assistant_phone_number: input.assistantPhoneNumber,
        client_phone_number: input.clientPhoneNumber,
        transcript: '[]',
        variables: JSON.stringify(input.variables),
        evaluation: '{}',
        webhook_response: null,
        carrier_cost: 0,
        total_cost: 0,
        answered_by: 'human',
        answered_at: ts,
        recording_key: null,
        conversation_mode: 'model',
        engine_plan: JSON.stringify(livePlan(0, input.variables)),
        // Set while the call is in flight (campaigns count calls in flight by it); the engine leaves it to its holder.
        engine_next_at: ts,
        talk_state: JSON.stringify(heldState()),
        provider: input.provider ?? null,
        provider_call_id: input.providerCallId ?? null,
        ...holdColumns(now, lease, leaseMs),
        created_at: ts,
        updated_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (inserted.type === 'inbound') events.push(...(await enqueueCallWebhooks(trx, inserted, 'started', now, deps.publicUrl)));
    return { inserted, maxDuration: assistant.max_duration, mode: assistant.mode };
  });
  if (!row) return undefined;
  events.push(callEvent(row.inserted));
  for (const e of events) publish(deps.db, e);
  return new CallRecord(deps, row.inserted, lease, now.getTime(), input.type === 'web' ? 'web' : 'inbound', row.maxDuration, row.mode);
}

/**
 * An outbound call placed at a provider (telephony/calls.ts holds it while it rings) is answered now: it
 * becomes in progress and held by the voice session. Undefined when it ended meanwhile (a status callback).
 */
export async function answerPlacedCall(deps: CallRecordDeps, callId: number, dialLease: string): Promise<CallRecord | undefined> {
  const now = deps.now();
  const ts = toDbTimestamp(now);
  const lease = `voice:${randomUUID()}`;
  const leaseMs = deps.holdLeaseMs ?? HOLD_LEASE_MS;
  const current = await deps.db.selectFrom('calls').select(['created_at', 'variables']).where('id', '=', callId).where('talk_lease', '=', dialLease).executeTakeFirst();
  if (!current) return undefined;
  const answeredAfterS = (now.getTime() - parseDb(current.created_at)) / 1000;
  const row = await deps.db
    .updateTable('calls')
    .set({
      status: 'in-progress',
      answered_by: 'human',
      answered_at: ts,
      conversation_mode: 'model',
      transcript: '[]',
      engine_plan: JSON.stringify(livePlan(answeredAfterS, current.variables)),
      engine_next_at: ts,
      talk_state: JSON.stringify(heldState()),
      ...holdColumns(now, lease, leaseMs),
      updated_at: ts,
    })
    .where('id', '=', callId)
    .where('talk_lease', '=', dialLease)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  publish(deps.db, callEvent(row));
  const assistant = row.assistant_id === null ? undefined : await deps.db.selectFrom('assistants').select(['max_duration', 'mode']).where('id', '=', row.assistant_id).executeTakeFirst();
  return new CallRecord(deps, row, lease, now.getTime(), 'outbound', assistant?.max_duration ?? DEFAULT_MAX_DURATION_S, assistant?.mode ?? 'pipeline');
}

/** The calls row of one live voice session: implements the pipeline's sink. */
export class CallRecord implements VoiceSessionSink {
  readonly callId: number;
  readonly start: VoiceCallStart;
  private readonly entries: VoiceEntry[] = [];
  private writes: Promise<unknown> = Promise.resolve();
  private readonly heartbeat: NodeJS.Timeout;
  private finished = false;
  private ending = false;
  private readonly maxHoldMs: number;
  /** Called when the hold was lost (another process ended the call): the transport hangs up. */
  onLost: (() => void) | null = null;
  private readonly assistantId: number | null;
  private recording: RecordingSoFar | null = null;
  private checkpointMs = 0;

  constructor(
    private readonly deps: CallRecordDeps,
    row: CallRow,
    private readonly lease: string,
    private readonly answeredAt: number,
    direction: VoiceCallStart['direction'],
    maxDurationS: number,
    mode: string,
  ) {
    this.maxHoldMs = Math.max(1, maxDurationS) * 1000 + HOLD_BEYOND_MAX_DURATION_MS;
    this.callId = row.id;
    this.assistantId = row.assistant_id;
    this.start = {
      callId: row.id,
      userId: row.user_id,
      assistantId: row.assistant_id ?? 0,
      variables: row.variables,
      direction,
      answeredAt,
    };
    this.heartbeat = setInterval(() => void this.beat(), deps.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
    // Draining waits for it, the metrics count it, the traces follow it (ops/live-calls.ts).
    callOpened({ callId: row.id, line: row.provider ?? (row.type === 'web' ? 'web' : 'phone'), mode, direction, answeredAt });
  }

  private elapsedMs(): number {
    return Math.max(0, this.deps.now().getTime() - this.answeredAt);
  }

  /** Renews the hold and notes the talk time so far (what a recovery would bill). */
  private async beat(): Promise<void> {
    if (this.finished) return;
    if (this.elapsedMs() > this.maxHoldMs) {
      console.error(`Voice call ${this.callId}: still held past its assistant's max_duration; letting it go.`);
      this.stopHolding();
      callClosed(this.callId);
      this.onLost?.();
      return;
    }
    const now = this.deps.now();
    const leaseMs = this.deps.holdLeaseMs ?? HOLD_LEASE_MS;
    try {
      const held = await this.deps.db
        .updateTable('calls')
        .set({
          ...holdColumns(now, this.lease, leaseMs),
          talk_state: sql<string>`jsonb_set(talk_state, '{elapsed_ms}', to_jsonb(${this.elapsedMs()}::int))`,
          duration: Math.ceil(this.elapsedMs() / 1000),
        })
        .where('id', '=', this.callId)
        .where('talk_lease', '=', this.lease)
        .returning('id')
        .executeTakeFirst();
      if (!held && !this.finished) {
        console.error(`Voice call ${this.callId}: the hold was lost; hanging up.`);
        this.stopHolding();
        callClosed(this.callId);
        this.onLost?.();
      }
      if (held) this.checkpointRecording(now);
    } catch (e) {
      console.error(`Voice call ${this.callId}: heartbeat failed:`, e instanceof Error ? e.message : e);
    }
  }

  /** The session's way to read its recording so far: kept at heartbeats (see the top of this file). */
  recordingSoFar(recording: RecordingSoFar): void {
    this.recording = recording;
  }

  /** Keeps the recording so far, in order with the entries and before the final one (`end` waits for the writes). */
  private checkpointRecording(now: Date): void {
    if (!this.recording || this.finished) return;
    // The WAV is built only when it is due: a long call's would be megabytes every heartbeat.
    if (this.recording.ms() < this.checkpointMs + Math.max(RECORDING_CHECKPOINT_MS, this.checkpointMs / 4)) return;
    const so = this.recording.wav();
    this.checkpointMs = so.audioMs;
    const write = this.writes.then(() => (this.finished ? undefined : storeLiveRecording(this.deps.db, { id: this.callId, assistant_id: this.assistantId }, so.wav, so.audioMs, now)));
    this.writes = write.catch((e: unknown) => console.error(`Voice call ${this.callId}: the recording so far not kept:`, e instanceof Error ? e.message : e));
  }

  private stopHolding(): void {
    this.finished = true;
    clearInterval(this.heartbeat);
  }

  /** assistant_transfer: the call names the assistant it was handed to (written in order with the entries). */
  handedOver(to: { assistantId: number; assistantName: string }): Promise<void> {
    const write = this.writes.then(async () => {
      await this.deps.db
        .updateTable('calls')
        .set({ transferred_to_assistant_id: to.assistantId, transferred_to_assistant_name: to.assistantName })
        .where('id', '=', this.callId)
        .where('talk_lease', '=', this.lease)
        .execute();
    });
    this.writes = write.catch((e: unknown) => console.error(`Voice call ${this.callId}: the hand-over not stored:`, e instanceof Error ? e.message : e));
    return this.writes as Promise<void>;
  }

  /** Appends a finished entry to the transcript (in order: writes are chained) and publishes the call. */
  entry(entry: VoiceEntry): Promise<void> {
    this.entries.push(entry);
    callEntry(this.callId, entry);
    const all = [...this.entries];
    const write = this.writes.then(async () => {
      const row = await this.deps.db
        .updateTable('calls')
        .set({
          ...appendTurn([entry], readEntries(all), this.elapsedMs()),
          updated_at: toDbTimestamp(this.deps.now()),
        })
        .where('id', '=', this.callId)
        .where('talk_lease', '=', this.lease)
        .returningAll()
        .executeTakeFirst();
      if (row) publish(this.deps.db, callEvent(row));
    });
    this.writes = write.catch((e: unknown) => console.error(`Voice call ${this.callId}: transcript entry not stored:`, e instanceof Error ? e.message : e));
    return this.writes as Promise<void>;
  }

  /**
   * An answering machine answered (voice/voicemail/'s verdict): the call shows it at once, and ends as the engine
   * ends a voicemail (answered_by machine, the plan's outcome voicemail: a campaign's retry_on_voicemail acts on it).
   */
  answeredBy(by: 'human' | 'machine'): Promise<void> {
    if (by !== 'machine' || this.finished) return Promise.resolve();
    const write = this.writes.then(async () => {
      const held = await this.deps.db.selectFrom('calls').select(['engine_plan', 'variables']).where('id', '=', this.callId).where('talk_lease', '=', this.lease).executeTakeFirst();
      if (!held) return;
      const plan: CallPlan = { ...(readPlan(held.engine_plan) ?? livePlan(0, held.variables)), answered_by: 'machine', outcome: 'voicemail' };
      const row = await this.deps.db
        .updateTable('calls')
        .set({ answered_by: 'machine', engine_plan: JSON.stringify(plan), updated_at: toDbTimestamp(this.deps.now()) })
        .where('id', '=', this.callId)
        .where('talk_lease', '=', this.lease)
        .returningAll()
        .executeTakeFirst();
      if (row) publish(this.deps.db, callEvent(row));
    });
    this.writes = write.catch((e: unknown) => console.error(`Voice call ${this.callId}: answered_by not stored:`, e instanceof Error ? e.message : e));
    return this.writes as Promise<void>;
  }

  /**
   * The call is over: the last entries written, the real recording stored (when the assistant records), then the
   * post-call reading and the hand-back to the engine, which gives the call its outcome on its next tick.
   */
  async ended(result: { reason: VoiceEndReason; wav: Uint8Array; audioMs: number; entries: VoiceEntry[] }): Promise<void> {
    if (this.ending) return;
    this.ending = true;
    try {
      await this.end(result);
    } finally {
      callClosed(this.callId);
    }
  }

  private async end(result: { reason: VoiceEndReason; wav: Uint8Array; audioMs: number; entries: VoiceEntry[] }): Promise<void> {
    this.stopHolding();
    // Entries the session did not hand over one by one (it owns the list): written now, in order.
    for (const e of result.entries.slice(this.entries.length)) void this.entry(e);
    callEnded(this.callId, result.reason);
    await this.writes;
    const { db } = this.deps;
    const now = this.deps.now();
    const elapsedMs = Math.max(result.audioMs, this.elapsedMs());
    const ending = ENDINGS[result.reason];
    const held = await db.selectFrom('calls').selectAll().where('id', '=', this.callId).where('talk_lease', '=', this.lease).executeTakeFirst();
    if (!held) return; // another process ended it (the hold ran out)
    const state: TalkState = { ...(readTalkState(held.talk_state) ?? heldState()), phase: 'post_call', elapsed_ms: elapsedMs, end: ending };
    const row = await db
      .updateTable('calls')
      .set({
        status: 'ended',
        finished_at: toDbTimestamp(new Date(this.answeredAt + elapsedMs)),
        duration: Math.max(1, Math.ceil(elapsedMs / 1000)),
        talk_state: JSON.stringify(state),
        // Held on through the post-call reading (a model's answer may take a while), as the talk worker holds its claims.
        ...holdColumns(now, this.lease, TALK_LEASE_MS),
        updated_at: toDbTimestamp(now),
      })
      .where('id', '=', this.callId)
      .where('talk_lease', '=', this.lease)
      .returningAll()
      .executeTakeFirst();
    if (!row) return;
    publish(db, callEvent(row));
    await storeLiveRecording(db, row, result.wav, result.audioMs, now);
    const plan = readPlan(row.engine_plan) ?? livePlan(0, row.variables);
    const model = this.deps.model;
    const loaded = model ? await loadCallTalk(db, { call: row, plan, model, allowPrivateUrls: this.deps.allowPrivateUrls, persona: null }) : null;
    if (model && loaded) {
      await readAfterCall(db, row, plan, state, readEntries(row.transcript), loaded.talk, this.lease, model, now);
    } else {
      await handBack(db, row, plan, { ...state, extracted: state.extracted ?? {}, evaluation: state.evaluation ?? {} }, this.lease);
    }
  }
}

/** The real audio as the call's recording, done at once (the render worker leaves it: migration 0020), if its assistant records. */
async function storeLiveRecording(db: Db, call: Pick<CallRow, 'id' | 'assistant_id'>, wav: Uint8Array, audioMs: number, now: Date): Promise<void> {
  if (wav.byteLength <= 44 || call.assistant_id === null) return;
  const assistant = await db.selectFrom('assistants').select('record').where('id', '=', call.assistant_id).executeTakeFirst();
  if (!assistant?.record) return;
  const ts = toDbTimestamp(now);
  const audio = Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength).toString('base64');
  await sql`
    INSERT INTO call_recordings (call_id, status, generation, rendered_generation, audio, byte_length, engine, attempts, audio_ms, render_ms, rendered_at, created_at, updated_at)
    VALUES (${call.id}, 'done', 1, 1, decode(${audio}, 'base64'), ${wav.byteLength}, ${LIVE_RECORDING_ENGINE}, 0, ${Math.round(audioMs)}, 0, ${ts}, ${ts}, ${ts})
    ON CONFLICT (call_id) DO UPDATE SET
      status = 'done', generation = call_recordings.generation + 1, rendered_generation = call_recordings.generation + 1,
      audio = EXCLUDED.audio, byte_length = EXCLUDED.byte_length, engine = EXCLUDED.engine, audio_ms = EXCLUDED.audio_ms,
      locked_until = NULL, last_error = NULL, rendered_at = EXCLUDED.rendered_at, updated_at = EXCLUDED.updated_at`.execute(db);
}
