import { sql } from 'kysely';
import type { Db } from '../db/connect';

/*
 * Recordings by their key (whoever owns the call: the unguessable key stands in for a token), and the bytes
 * of a stored rendering (call_recordings, migration 0014) read by range straight from the database.
 */

export interface RecordingOfKey {
  callId: number;
  duration: number;
  /** The call has ended and has a transcript of turns: there is something to speak. */
  speakable: boolean;
  /** The call's place in the rendering queue: pending, done, failed (given up); null when never queued. */
  status: string | null;
  /** The stored rendering, when there is one. */
  rendered: { generation: number; byteLength: number } | null;
}

export async function recordingOfKey(db: Db, key: string): Promise<RecordingOfKey | undefined> {
  const row = await db
    .selectFrom('calls')
    .leftJoin('call_recordings as r', 'r.call_id', 'calls.id')
    .select([
      'calls.id',
      'calls.duration',
      sql<boolean>`calls.status NOT IN ('initiated', 'ringing', 'in-progress') AND calls.engine_next_at IS NULL AND jsonb_typeof(calls.transcript) = 'array'`.as('speakable'),
      'r.status',
      'r.rendered_generation',
      'r.byte_length',
    ])
    .where('calls.recording_key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    callId: row.id,
    duration: row.duration,
    speakable: row.speakable,
    status: row.status,
    rendered: row.rendered_generation !== null && row.byte_length !== null ? { generation: row.rendered_generation, byteLength: row.byte_length } : null,
  };
}

/**
 * Bytes [start, end) of the stored rendering of that generation; null when it was replaced (or removed)
 * meanwhile. substring() on the out-of-line, uncompressed column reads only the chunks the range covers. The
 * bytes come as base64 text: PGlite hands bytea results over in hex, parsed in JavaScript, seven times the
 * CPU of base64 (which Node decodes natively; the line breaks PostgreSQL puts in it are skipped).
 */
export async function readRenderedBytes(db: Db, callId: number, generation: number, start: number, end: number): Promise<Uint8Array | null> {
  const result = await sql<{ part: string | null }>`
    SELECT encode(substring(audio FROM ${start + 1}::int FOR ${end - start}::int), 'base64') AS part FROM call_recordings
    WHERE call_id = ${callId} AND rendered_generation = ${generation}`.execute(db);
  const part = result.rows[0]?.part;
  return part === null || part === undefined ? null : Buffer.from(part, 'base64');
}
