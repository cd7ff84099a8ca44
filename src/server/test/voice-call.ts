import { spawnSync } from 'node:child_process';
import { readWav, resample } from '../audio/pcm';
import { PIPELINE_RATE, type LiveLine, type VoiceEndReason, type VoiceEntry, type VoiceSessionInput, type VoiceSessionSink, type VoiceState, type VoiceTransport } from '../voice/session-types';

/*
 * A call you can hear, without a socket: the caller's voice from eSpeak NG, fed to a session in real time
 * (20 ms chunks, silence between what the caller says, as a transport does), and a transport and a sink that
 * keep everything the session does, with the time it happened (performance.now()). The voice tests and the
 * voice benchmark drive sessions with them.
 */

/** eSpeak NG saying `text` (a male voice, unlike the assistant's), at the pipeline's 16 kHz. */
export function espeakSpeech(text: string, voice = 'en-us+m3'): Float32Array {
  const run = spawnSync('espeak-ng', ['-v', voice, '-b', '1', '--stdout'], { input: text, maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`espeak-ng failed: ${run.stderr.toString()}`);
  return resample(readWav(run.stdout), PIPELINE_RATE).samples;
}

export function rms(samples: Float32Array): number {
  let sum = 0;
  for (const v of samples) sum += v * v;
  return samples.length === 0 ? 0 : Math.sqrt(sum / samples.length);
}

const CHUNK = PIPELINE_RATE / 50;

/** Feeds a session the caller's side in real time: silence, and what `say` queues. */
export class CallerFeed {
  private queue: Float32Array[] = [];
  private offset = 0;
  private timer: NodeJS.Timeout | null = null;
  private started = 0;
  private sent = 0;
  /** performance.now() of the first chunk with sound of each `say`. */
  readonly onsets: number[] = [];
  private waiting: { onset: boolean; resolve: () => void }[] = [];

  constructor(private readonly input: () => VoiceSessionInput | null) {}

  start(): void {
    this.started = performance.now();
    // Chunks by the clock, not by the timer's count: a late timer sends what is due.
    this.timer = setInterval(() => {
      const due = Math.floor((performance.now() - this.started) / 20);
      while (this.sent < due) {
        this.sent += 1;
        this.push();
      }
    }, 10);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Queues speech; resolves once it has all been sent. */
  say(samples: Float32Array): Promise<void> {
    this.queue.push(samples);
    return new Promise((resolve) => this.waiting.push({ onset: false, resolve }));
  }

  private push(): void {
    const chunk = new Float32Array(CHUNK);
    const head = this.queue[0];
    if (head) {
      const part = head.subarray(this.offset, this.offset + CHUNK);
      chunk.set(part);
      const w = this.waiting[0]!;
      if (!w.onset && rms(part) > 0.01) {
        w.onset = true;
        this.onsets.push(performance.now());
      }
      this.offset += CHUNK;
      if (this.offset >= head.length) {
        this.queue.shift();
        this.offset = 0;
        this.waiting.shift()?.resolve();
      }
    }
    this.input()?.pushAudio(chunk);
  }
}

export interface SentFrame {
  at: number;
  samples: Float32Array;
}

/** A transport that keeps what it is sent and told, with the time (performance.now()). */
export class RecordingTransport implements VoiceTransport {
  frames: SentFrame[] = [];
  clears: number[] = [];
  lines: LiveLine[] = [];
  states: VoiceState[] = [];
  hungUp: VoiceEndReason | null = null;
  tools: { name: string }[] = [];

  sendAudio(samples: Float32Array): void {
    this.frames.push({ at: performance.now(), samples });
  }
  clearAudio(): void {
    this.clears.push(performance.now());
  }
  line(line: LiveLine): void {
    this.lines.push(line);
  }
  tool(call: { name: string }): void {
    this.tools.push(call);
  }
  state(state: VoiceState): void {
    this.states.push(state);
  }
  hangUp(reason: VoiceEndReason): void {
    this.hungUp = reason;
  }

  /** The first sent frame at or after `from` (performance.now()) louder than `level`. */
  firstSound(from = 0, level = 0.02): number | null {
    return this.frames.find((f) => f.at >= from && rms(f.samples) > level)?.at ?? null;
  }

  /** RMS of what was sent between two times. */
  rmsBetween(from: number, to: number): number {
    const parts = this.frames.filter((f) => f.at >= from && f.at < to);
    let sum = 0;
    let n = 0;
    for (const f of parts) {
      for (const v of f.samples) sum += v * v;
      n += f.samples.length;
    }
    return n === 0 ? 0 : Math.sqrt(sum / n);
  }
}

/** A sink that keeps the entries and the end. */
export class RecordingSink implements VoiceSessionSink {
  entries: VoiceEntry[] = [];
  result: { reason: VoiceEndReason; wav: Uint8Array; audioMs: number; entries: VoiceEntry[] } | null = null;
  private waiters: { test: () => boolean; resolve: () => void }[] = [];

  entry(entry: VoiceEntry): void {
    this.entries.push(entry);
    this.check();
  }
  ended(result: { reason: VoiceEndReason; wav: Uint8Array; audioMs: number; entries: VoiceEntry[] }): void {
    this.result = result;
    this.check();
  }

  /** Resolves when `test` holds (checked on every entry and the end), or rejects after `timeoutMs`. */
  until(test: () => boolean, timeoutMs: number, what = 'the condition'): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; entries: ${JSON.stringify(this.entries)}`)), timeoutMs);
      this.waiters.push({
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  private check(): void {
    this.waiters = this.waiters.filter((w) => {
      if (!w.test()) return true;
      w.resolve();
      return false;
    });
  }
}
