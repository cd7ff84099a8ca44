import { sql } from 'kysely';
import { latencyOf, type TalkEntry } from './entries';

/*
 * A call's transcript grows by a turn in one place for both writers, the talk worker (model calls) and the live
 * voice record (voice/call-record.ts): the new entries appended in the database (never the whole transcript
 * rewritten, so a long call's write stays small), and the columns that follow from the whole transcript (the
 * latency percentiles the call log filters and sorts by, the duration) set in the same UPDATE.
 */
export function appendTurn(added: readonly unknown[], all: readonly TalkEntry[], elapsedMs: number) {
  const latency = latencyOf(all);
  return {
    transcript: sql<string>`coalesce(transcript, '[]'::jsonb) || ${JSON.stringify(added)}::jsonb`,
    duration: Math.ceil(elapsedMs / 1000),
    latency_p50_ms: latency?.p50_ms ?? null,
    latency_p95_ms: latency?.p95_ms ?? null,
    latency_turns: latency?.turns ?? null,
  };
}
