import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { CallRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { languageOf } from '../engine/content';

/*
 * The rendering queue (call_recordings, migration 0014): queueing, claiming with a lease, and recording the
 * outcome. Claims are FOR UPDATE SKIP LOCKED with the lease on the database's clock (as the webhook outbox):
 * several processes on one PostgreSQL never render the same call at once, and a render whose process died
 * is claimed again once its lease ran out. Due-ness of a retry is on the service's clock.
 */

/** Tries before a rendering is given up (the murmur stays); a changed transcript starts over. */
export const MAX_RENDER_ATTEMPTS = 4;
/** Waits before the 2nd, 3rd and 4th try: a TTS endpoint that is down gets time to come back. */
const RETRY_AFTER_S = [30, 300, 1800] as const;

/** Queues (again) a rendering of the call: a new generation, due at once. */
export async function queueRecording(db: Db, callId: number): Promise<void> {
  await sql`
    INSERT INTO call_recordings (call_id) VALUES (${callId})
    ON CONFLICT (call_id) DO UPDATE SET
      status = 'pending', generation = call_recordings.generation + 1, attempts = 0, next_attempt_at = NULL,
      locked_until = NULL, last_error = NULL, updated_at = (now() AT TIME ZONE 'utc')`.execute(db);
}

/** Queues the call's first rendering unless one is queued or done (a recording asked for before any was queued). */
export async function queueRecordingIfNone(db: Db, callId: number): Promise<void> {
  await sql`INSERT INTO call_recordings (call_id) VALUES (${callId}) ON CONFLICT (call_id) DO NOTHING`.execute(db);
}

export interface RecordingClaim {
  call_id: number;
  generation: number;
  attempts: number;
}

/** Claims one due rendering for this process (`leaseMs` on the database's clock); undefined when none is due. */
export async function claimRecording(db: Db, now: Date, leaseMs: number): Promise<RecordingClaim | undefined> {
  const result = await sql<RecordingClaim>`
    UPDATE call_recordings SET locked_until = now() + make_interval(secs => ${leaseMs / 1000}), attempts = attempts + 1
    WHERE call_id = (
      SELECT call_id FROM call_recordings
      WHERE status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= ${toDbTimestamp(now)})
        AND (locked_until IS NULL OR locked_until < now())
      ORDER BY next_attempt_at NULLS FIRST, call_id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING call_id, generation, attempts`.execute(db);
  return result.rows[0];
}

export interface CallToRender {
  call: Pick<CallRow, 'id' | 'transcript' | 'duration' | 'answered_at' | 'status'>;
  /** The language tag to speak (the assistant's language; English when it has none). */
  language: string;
}

/**
 * The assistant's language as a tag: its language's ISO code, else its language field when that is a tag
 * (`pt-BR`), else what the scripted engine makes of the name (engine/content.ts: German or English).
 */
export function languageTag(name: string | null, iso2: string | null): string {
  const iso = iso2?.trim().toLowerCase();
  if (iso) return iso;
  const field = name?.trim() ?? '';
  if (/^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/i.test(field)) return field.toLowerCase().replace(/_/g, '-');
  return languageOf(field || null, null);
}

export async function callToRender(db: Db, callId: number): Promise<CallToRender | undefined> {
  const row = await db
    .selectFrom('calls')
    .leftJoin('assistants', 'assistants.id', 'calls.assistant_id')
    .leftJoin('languages', 'languages.id', 'assistants.language_id')
    .select(['calls.id', 'calls.transcript', 'calls.duration', 'calls.answered_at', 'calls.status', 'assistants.language', 'languages.iso_2'])
    .where('calls.id', '=', callId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { language, iso_2, ...call } = row;
  return { call, language: languageTag(language, iso_2) };
}

export interface RenderOutcome {
  wav: Uint8Array;
  engine: string;
  renderMs: number;
  audioMs: number;
}

/**
 * Stores a rendering, only if the call still wants this generation (a changed transcript meanwhile raised it:
 * then the row stays pending for the next claim). True when stored.
 */
export async function storeRecording(db: Db, claim: RecordingClaim, outcome: RenderOutcome, now: Date): Promise<boolean> {
  const ts = toDbTimestamp(now);
  const result = await db
    .updateTable('call_recordings')
    .set({
      status: 'done',
      // As base64 text, decoded by the database: PGlite turns a bytea parameter into hex in JavaScript, which
      // took ~300 ms of CPU per minute of audio (on the event loop); base64 takes ~50 ms.
      audio: sql<Uint8Array>`decode(${Buffer.from(outcome.wav.buffer, outcome.wav.byteOffset, outcome.wav.byteLength).toString('base64')}, 'base64')`,
      byte_length: outcome.wav.byteLength,
      rendered_generation: claim.generation,
      engine: outcome.engine,
      render_ms: Math.round(outcome.renderMs),
      audio_ms: Math.round(outcome.audioMs),
      locked_until: null,
      last_error: null,
      rendered_at: ts,
      updated_at: ts,
    })
    .where('call_id', '=', claim.call_id)
    .where('generation', '=', claim.generation)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Leaves nothing to render (the call has no spoken turns, or is gone): done, without audio; the murmur stays. */
export async function markNothingToRender(db: Db, claim: RecordingClaim, now: Date): Promise<void> {
  await db
    .updateTable('call_recordings')
    .set({ status: 'done', locked_until: null, updated_at: toDbTimestamp(now) })
    .where('call_id', '=', claim.call_id)
    .where('generation', '=', claim.generation)
    .execute();
}

/** A failed try: again later, or given up after MAX_RENDER_ATTEMPTS. */
export async function recordFailure(db: Db, claim: RecordingClaim, error: string, now: Date): Promise<void> {
  const wait = RETRY_AFTER_S[claim.attempts - 1];
  const failed = claim.attempts >= MAX_RENDER_ATTEMPTS || wait === undefined;
  await db
    .updateTable('call_recordings')
    .set({
      status: failed ? 'failed' : 'pending',
      last_error: error.slice(0, 1000),
      next_attempt_at: failed ? null : toDbTimestamp(new Date(now.getTime() + (wait ?? 0) * 1000)),
      locked_until: null,
      updated_at: toDbTimestamp(now),
    })
    .where('call_id', '=', claim.call_id)
    .where('generation', '=', claim.generation)
    .execute();
}
