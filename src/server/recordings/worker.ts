import type { Db } from '../db/connect';
import type { Clock } from '../engine/clock';
import type { SpeechSource } from '../speech/speech';
import { callToRender, claimRecording, markNothingToRender, recordFailure, storeRecording, type RecordingClaim } from './queue';
import { renderRecording } from './render';
import { dbTimeMs, spokenTurns } from './turns';

/*
 * The render worker: claims one queued recording at a time, speaks it (recordings/render.ts), stores the
 * WAV. Rendering happens here only, never inside an API request; until it is stored, the recording is served
 * as the murmur (routes/recordings.ts). One at a time per process: speech takes a core, and a process that
 * also serves the API keeps the other.
 */

/** A claimed rendering stays this process's this long (a long call through a slow TTS endpoint included). */
export const RENDER_LEASE_MS = 10 * 60_000;
const LIVE = new Set(['initiated', 'ringing', 'in-progress']);

export interface RenderOptions {
  speech: SpeechSource;
  /** RENDER_LEASE_MS unless given (tests shorten it to see a killed render resume). */
  leaseMs?: number;
  /** Stop claiming after this long in one run (the next tick goes on); default 10 s. */
  budgetMs?: number;
}

async function renderOne(db: Db, speech: SpeechSource, claim: RecordingClaim, now: Date): Promise<boolean> {
  const target = await callToRender(db, claim.call_id);
  // Nothing to say (a call without turns, or still live: its end queues it again), or gone.
  const turns = target && !LIVE.has(target.call.status) ? spokenTurns(target.call.transcript, dbTimeMs(target.call.answered_at)) : [];
  if (!target || turns.length === 0) {
    await markNothingToRender(db, claim, now);
    return false;
  }
  const t0 = performance.now();
  let rendered;
  try {
    rendered = await renderRecording(speech, { turns, language: target.language, durationSeconds: target.call.duration });
  } catch (e) {
    await recordFailure(db, claim, e instanceof Error ? e.message : String(e), now);
    console.error(`Recording of call ${claim.call_id}: ${e instanceof Error ? e.message : String(e)} (try ${claim.attempts})`);
    return false;
  }
  return storeRecording(db, claim, { wav: rendered.wav, engine: speech.engine, renderMs: performance.now() - t0, audioMs: rendered.audioMs }, now);
}

/** Renders due recordings one after another until none is due or the budget is spent; returns how many were stored. */
export async function renderDueRecordings(db: Db, now: Date, options: RenderOptions): Promise<number> {
  const started = Date.now();
  const budget = options.budgetMs ?? 10_000;
  let stored = 0;
  while (Date.now() - started < budget) {
    const claim = await claimRecording(db, now, options.leaseMs ?? RENDER_LEASE_MS);
    if (!claim) break;
    if (await renderOne(db, options.speech, claim, now)) stored += 1;
  }
  return stored;
}

export interface RecordingWork {
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export interface RecordingWorkOptions extends RenderOptions {
  clock: Clock;
  /** Milliseconds between looks at the queue; 0 starts no timer (tests call runOnce). */
  tickMs: number;
}

/** The background loop beside the engine's (engine/runner.ts), started only when there is speech. */
export function startRecordingWork(db: Db, options: RecordingWorkOptions): RecordingWork {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    if (running || stopped) return;
    running = renderDueRecordings(db, options.clock.now(), options)
      .catch((e: unknown) => {
        if (!stopped) console.error('Recording renderer:', e instanceof Error ? e.message : e);
      })
      .finally(() => {
        running = null;
      });
  };
  if (options.tickMs > 0) {
    timer = setInterval(tick, options.tickMs);
    timer.unref();
    tick();
  }
  return {
    runOnce: () => renderDueRecordings(db, options.clock.now(), options),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
