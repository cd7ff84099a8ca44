import { encodeWav16, resample, toInt16 } from '../audio/pcm';
import { WAV_SAMPLE_RATE } from '../audio/wav';
import { PIPELINE_RATE, type RecordingSoFar } from './session-types';

/*
 * The call's real recording: the caller as heard (each chunk where it arrived, consecutive chunks back to
 * back so network jitter does not smear it) and the assistant as sent (each 20 ms frame at the time it plays;
 * a barge-in cuts what was queued and not yet played), mixed at the pipeline's 16 kHz and kept at the
 * recordings' 8 kHz as the call goes: once a second of the mix is past any change (SETTLE_MS behind the
 * latest time seen, later than any cut can reach), it is resampled and kept as the WAV's 16-bit samples, so a
 * long call holds about 1 MB a minute (2 MB as floats; bench:capacity's memory per call), not the whole call at
 * 16 kHz twice. The WAV is written at the end.
 */

const RATE_PER_MS = PIPELINE_RATE / 1000;
/** A caller chunk this much later than the end of the one before starts where it arrived (the transport paused). */
const CALLER_GAP_MS = 500;
/** Samples each side of a block the resampler's filter reaches into. */
const MARGIN = 64;
/** Audio this far behind the latest time seen no longer changes (assistant frames are sent ≤ 100 ms ahead). */
const SETTLE_MS = 1_000;
const BLOCK = PIPELINE_RATE;
const RATIO = WAV_SAMPLE_RATE / PIPELINE_RATE;

interface Piece {
  /** Sample index at PIPELINE_RATE from the call's start. */
  at: number;
  samples: Float32Array;
}

export class CallRecorder {
  private callerEnd = -1;
  /** Assistant frames not mixed yet: a barge-in may still cut them. */
  private assistantPieces: Piece[] = [];
  /** The mix from `mixStart` on (16 kHz); what is before it is in `kept`. */
  private mix = new Float32Array(4 * BLOCK);
  private mixStart = 0;
  /** 16 kHz samples [0, done) are resampled into `kept`. */
  private done = 0;
  private kept: Int16Array[] = [];
  private latest = 0;

  /** `startMs`: the session clock's time at the call's start (the recording's zero). */
  constructor(private readonly startMs: number) {}

  private index(atMs: number): number {
    return Math.max(0, Math.round((atMs - this.startMs) * RATE_PER_MS));
  }

  /** Caller audio as it arrived at `atMs`. */
  caller(samples: Float32Array, atMs: number): void {
    const arrived = this.index(atMs) - samples.length;
    const at = this.callerEnd < 0 || arrived - this.callerEnd > CALLER_GAP_MS * RATE_PER_MS ? Math.max(0, arrived) : this.callerEnd;
    this.add(at, samples);
    this.callerEnd = at + samples.length;
    this.settle(this.index(atMs));
  }

  /** Assistant audio that plays from `atMs`. */
  assistant(samples: Float32Array, atMs: number): void {
    this.assistantPieces.push({ at: this.index(atMs), samples });
    this.settle(this.index(atMs));
  }

  /** A barge-in at `atMs`: the assistant's audio from there on was never heard. */
  cutAssistant(atMs: number): void {
    const cut = this.index(atMs);
    this.assistantPieces = this.assistantPieces.flatMap((p) => (p.at >= cut ? [] : p.at + p.samples.length > cut ? [{ at: p.at, samples: p.samples.subarray(0, cut - p.at) }] : [p]));
  }

  /** How much of the recording is settled (ms): what `settled()` would hold, without building it. */
  settledMs(): number {
    return Math.round((this.kept.reduce((n, k) => n + k.length, 0) / WAV_SAMPLE_RATE) * 1000);
  }

  /**
   * The recording so far as a WAV: the settled part only (SETTLE_MS behind the latest audio), nothing changed, so
   * the call goes on recording. The call's record stores it now and then (voice/call-record.ts), so a process that
   * dies mid-call leaves its calls' real audio up to then.
   */
  settled(): { wav: Uint8Array; audioMs: number } {
    return this.keptWav();
  }

  /** The settled recording as the call's record reads it (VoiceSessionSink.recordingSoFar). */
  soFar(): RecordingSoFar {
    return { ms: () => this.settledMs(), wav: () => this.settled() };
  }

  /** The recording as a WAV at the recordings' rate, up to `endMs`. */
  async wav(endMs: number): Promise<{ wav: Uint8Array; audioMs: number }> {
    for (const p of this.assistantPieces) this.add(p.at, p.samples);
    this.assistantPieces = [];
    const end = Math.max(this.index(endMs), this.mixStart + this.mixLength());
    this.ensure(end);
    while (this.done < end) {
      this.resampleBlock(end);
      // One block per turn of the event loop: ending a long call never stalls the other calls' audio.
      await new Promise((r) => setImmediate(r));
    }
    return this.keptWav();
  }

  private keptWav(): { wav: Uint8Array; audioMs: number } {
    const length = this.kept.reduce((n, k) => n + k.length, 0);
    const out = new Int16Array(length);
    let at = 0;
    for (const k of this.kept) {
      out.set(k, at);
      at += k.length;
    }
    return { wav: encodeWav16(out), audioMs: Math.round((out.length / WAV_SAMPLE_RATE) * 1000) };
  }

  /** How far the mix has audio (the last non-empty sample written + 1, relative to mixStart). */
  private written = 0;
  private mixLength(): number {
    return this.written;
  }

  private ensure(endIndex: number): void {
    const need = endIndex - this.mixStart;
    if (need <= this.mix.length) return;
    const grown = new Float32Array(Math.max(need, this.mix.length * 2));
    grown.set(this.mix);
    this.mix = grown;
  }

  private add(at: number, samples: Float32Array): void {
    // Audio before what is already kept (a very late chunk) starts where the mix still changes.
    const from = Math.max(at, this.done);
    const skip = from - at;
    if (skip >= samples.length) return;
    this.ensure(at + samples.length);
    const offset = from - this.mixStart;
    for (let i = skip; i < samples.length; i++) this.mix[offset + i - skip]! += samples[i]!;
    this.written = Math.max(this.written, at + samples.length - this.mixStart);
  }

  /** Mixes the assistant frames that can no longer be cut and keeps the seconds that no longer change. */
  private settle(nowIndex: number): void {
    this.latest = Math.max(this.latest, nowIndex);
    const settled = this.latest - SETTLE_MS * RATE_PER_MS;
    if (settled <= this.done + BLOCK + MARGIN) return;
    const later: Piece[] = [];
    for (const p of this.assistantPieces) {
      if (p.at + p.samples.length <= settled) this.add(p.at, p.samples);
      else later.push(p);
    }
    this.assistantPieces = later;
    this.ensure(settled + MARGIN);
    while (this.done + BLOCK + MARGIN <= settled) this.resampleBlock(settled);
  }

  /** Resamples the next block (up to `end`) into `kept` and drops what no later block reaches. */
  private resampleBlock(end: number): void {
    const start = this.done;
    const stop = Math.min(end, start + BLOCK);
    const from = Math.max(this.mixStart, start - MARGIN);
    const to = Math.min(this.mixStart + this.mix.length, stop + MARGIN);
    const block = resample({ sampleRate: PIPELINE_RATE, samples: this.mix.subarray(from - this.mixStart, to - this.mixStart) }, WAV_SAMPLE_RATE).samples;
    const skip = Math.round((start - from) * RATIO);
    const take = Math.round(stop * RATIO) - Math.round(start * RATIO);
    this.kept.push(toInt16(block.subarray(skip, skip + take)));
    this.done = stop;
    // Keep MARGIN samples before `done` for the next block's filter.
    const drop = this.done - MARGIN - this.mixStart;
    if (drop > BLOCK) {
      this.mix = this.mix.slice(drop);
      const grown = new Float32Array(Math.max(this.mix.length, 4 * BLOCK));
      grown.set(this.mix);
      this.mix = grown;
      this.mixStart += drop;
      this.written = Math.max(0, this.written - drop);
    }
  }
}
