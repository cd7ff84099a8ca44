import { PIPELINE_RATE } from '../session-types';
import type { GreetingClassifier, GreetingKind } from './classifier';
import { AMD_DEFAULTS, GreetingTiming, rmsOf, VOICE_LEVEL, type AmdTimings, type TimingEvent } from './timing';
import { BeepDetector, FRAME_MS, FRAME_SAMPLES } from './tone';

/*
 * Our own answering-machine detection, for lines without the carrier's (the web call, SIP): fed the callee's
 * audio from the answer on (PIPELINE_RATE floats, any chunking), it gives a verdict, human or machine (or unknown
 * when nobody speaks), and after a machine, the moment to speak: the end of the beep, else the end of the
 * greeting (a pause of MESSAGE_SILENCE_MS), else a time limit. No transport, no session: any line can use it.
 *
 * The verdict: the timing rules (timing.ts, app_amd's) say a short greeting and a pause is a person. A longer
 * greeting is judged by the model on its transcript (classifier.ts), from FIRST_CLASSIFY_MS of it on and every
 * CLASSIFY_EVERY_MS of more speech, so a machine is known as soon as its words say so, and a person who answers
 * with a sentence is not taken for one. When the greeting ends (or the analysis time runs out) the whole of it is
 * judged once more; if the model still cannot tell, a greeting that paused for an answer is a person's (taking a
 * person for a machine costs the call, the other way round only a greeting spoken to a tape) and one that talked
 * through the analysis time a machine's, as app_amd has it. Without a model, app_amd's rule alone: a long
 * greeting is a machine. A beep before the verdict is a machine's.
 *
 * That last question is asked ahead: once the greeting has paused for AHEAD_OF_PAUSE_MS, the model is asked about
 * all of it, so its answer is in when app_amd's 800 ms pause says the greeting is over (a person who answered
 * with a sentence is known then, not a transcription and a model's answer later). Should the greeting go on, the
 * answer counts as any other mid-greeting one: only a machine decides.
 */

export type AnsweredBy = 'human' | 'machine' | 'unknown';

export interface Verdict {
  answeredBy: AnsweredBy;
  /** Ms of the callee's audio (from the answer) heard when it was given. */
  atMs: number;
  cause: 'short_greeting' | 'model' | 'long_greeting' | 'beep' | 'initial_silence' | 'line';
  /** What the model was given of the greeting ('' when it was not asked). */
  transcript: string;
}

export interface MessageCue {
  atMs: number;
  by: 'beep' | 'silence' | 'timeout';
  beepHz?: number;
}

/** After a machine's verdict, this much silence after its last sound ends its greeting (no beep came). */
export const MESSAGE_SILENCE_MS = 1_200;
/** After a machine's verdict, speak after this long whatever was heard. */
export const MESSAGE_CUE_TIMEOUT_MS = 20_000;
/** The model is first asked after this much of the greeting's voice (before app_amd's greeting limit: its words may tell sooner). */
const FIRST_CLASSIFY_MS = 600;
/** While the greeting goes on, the model is asked again after this much more of it. */
const CLASSIFY_EVERY_MS = 300;
/** A pause this long in the greeting asks the model about all of it, ahead of the greeting's end. */
const AHEAD_OF_PAUSE_MS = 200;

export interface DetectorOptions {
  classifier: GreetingClassifier | null;
  timings?: AmdTimings;
  onVerdict?: ((verdict: Verdict) => void) | undefined;
  onCue?: ((cue: MessageCue) => void) | undefined;
}

export class VoicemailDetector {
  verdict: Verdict | null = null;
  cue: MessageCue | null = null;
  private readonly timing: GreetingTiming;
  private readonly beeps = new BeepDetector();
  private frame = new Float32Array(FRAME_SAMPLES);
  private fill = 0;
  private frames = 0;
  private heard: Float32Array[] = [];
  private classifying: Promise<void> = Promise.resolve();
  private nextClassifyAtVoicedMs: number;
  private lastText = '';
  private asking = false;
  /** Ms of audio the question under way was given. */
  private askedMs = 0;
  /** The model's last answer, and the ms of audio it was given. */
  private answered: { kind: GreetingKind; coversMs: number } | null = null;
  private askAgain = false;
  private finalAsk: false | 'paused' | 'talking' = false;
  /** A final answer must have heard this much (the greeting's last voice when it paused, all of it when it talked on). */
  private finalCoversMs = 0;
  private silenceRun = 0;
  private stopped = false;

  private readonly options: DetectorOptions;

  constructor(options: DetectorOptions) {
    this.options = { ...options };
    this.timing = new GreetingTiming(options.timings ?? AMD_DEFAULTS);
    this.nextClassifyAtVoicedMs = Math.min(FIRST_CLASSIFY_MS, this.timing.timings.greetingMs);
  }

  /** Ms of audio heard since the answer. */
  get heardMs(): number {
    return this.frames * FRAME_MS + (this.fill / PIPELINE_RATE) * 1000;
  }

  /** Everything heard so far, in one piece. */
  audio(): Float32Array {
    const all = new Float32Array(this.heard.reduce((n, c) => n + c.length, 0) + this.fill);
    let at = 0;
    for (const c of this.heard) {
      all.set(c, at);
      at += c.length;
    }
    all.set(this.frame.subarray(0, this.fill), at);
    return all;
  }

  /** Resolves when the model has answered every question asked so far (tests drive the clock by it). */
  async settled(): Promise<void> {
    for (;;) {
      const asked = this.classifying;
      await asked;
      if (asked === this.classifying) return;
    }
  }

  /** Where the verdict and the cue go (the gate sets them on the detector it was given). */
  listen(handlers: Pick<DetectorOptions, 'onVerdict' | 'onCue'>): void {
    this.options.onVerdict = handlers.onVerdict;
    this.options.onCue = handlers.onCue;
  }

  /** The verdict is known from elsewhere (the line said machine_start): only the moment to speak is looked for. */
  assume(answeredBy: AnsweredBy): void {
    this.decide(answeredBy, 'line');
  }

  /**
   * Stops listening (the verdict is in, the call ended): a question under way is left to finish and its answer
   * ignored. Not aborted: aborting a fetch while undici streams its body can throw outside any promise
   * ("ReadableStream is already closed") and take the process down; the adapters' own time-outs bound it.
   */
  stop(): void {
    this.stopped = true;
  }

  push(samples: Float32Array): void {
    let at = 0;
    while (at < samples.length) {
      const n = Math.min(FRAME_SAMPLES - this.fill, samples.length - at);
      this.frame.set(samples.subarray(at, at + n), this.fill);
      this.fill += n;
      at += n;
      if (this.fill === FRAME_SAMPLES) {
        const frame = this.frame;
        this.frame = new Float32Array(FRAME_SAMPLES);
        this.fill = 0;
        this.frames += 1;
        this.heard.push(frame);
        this.onFrame(frame, this.frames * FRAME_MS);
      }
    }
  }

  private onFrame(frame: Float32Array, endMs: number): void {
    if (this.cue || this.stopped) return;
    const beep = this.beeps.push(frame, endMs);
    if (this.verdict === null) {
      if (beep) {
        this.decide('machine', 'beep');
        this.setCue({ atMs: endMs, by: 'beep', beepHz: beep.hz });
        return;
      }
      const event = this.timing.push(frame, endMs);
      if (event) this.onTiming(event);
      else if (this.timing.greetingStartMs !== null && this.timing.voicedMs >= this.nextClassifyAtVoicedMs) this.ask(false);
      else if (this.timing.pauseMs >= AHEAD_OF_PAUSE_MS && this.timing.voicedMs >= FIRST_CLASSIFY_MS && !this.heardAllVoice()) this.ask(false);
      return;
    }
    if (this.verdict.answeredBy !== 'machine') return;
    if (beep) return this.setCue({ atMs: endMs, by: 'beep', beepHz: beep.hz });
    if (rmsOf(frame) >= VOICE_LEVEL) {
      this.silenceRun = 0;
    } else {
      this.silenceRun += FRAME_MS;
    }
    // Counted from the verdict on (decide() starts it over): a beep may still follow a pause in the greeting.
    if (this.silenceRun >= MESSAGE_SILENCE_MS) return this.setCue({ atMs: endMs, by: 'silence' });
    if (endMs - this.verdict.atMs >= MESSAGE_CUE_TIMEOUT_MS) this.setCue({ atMs: endMs, by: 'timeout' });
  }

  private onTiming(event: TimingEvent): void {
    switch (event.kind) {
      case 'initial_silence':
        return this.decide('unknown', 'initial_silence');
      case 'long_greeting':
        return this.ask(false);
      case 'greeting_end':
        if (event.voicedMs < this.timing.timings.greetingMs) return this.decide('human', 'short_greeting');
        return this.ask('paused');
      case 'too_long':
        return this.ask('talking');
    }
  }

  /**
   * Asks the model about everything heard so far. `final`: its answer decides; when it is not clear, a greeting
   * that paused for an answer is a person's, one that talked through the analysis time a machine's. One question
   * at a time: one asked while another is under way waits for it, and is then asked with what was heard by then.
   */
  private ask(final: false | 'paused' | 'talking'): void {
    this.nextClassifyAtVoicedMs = this.timing.voicedMs + CLASSIFY_EVERY_MS;
    if (!this.options.classifier) {
      // app_amd without the words: the greeting was long.
      if (final) this.decide('machine', 'long_greeting');
      return;
    }
    if (final) {
      this.finalAsk = final;
      this.finalCoversMs = final === 'paused' ? (this.timing.voiceEndMs ?? this.heardMs) : this.heardMs;
      // Asked ahead of the pause's end, and answered already.
      if (!this.asking && this.answered && this.answered.coversMs >= this.finalCoversMs) return this.decideFinal(this.answered.kind);
    }
    if (this.asking) {
      // The question under way heard enough to be the last one: its answer decides.
      if (!(final && this.askedMs >= this.finalCoversMs)) this.askAgain = true;
      return;
    }
    this.question(this.options.classifier);
  }

  /** Whether the model has heard (or is hearing) the greeting up to its last voice. */
  private heardAllVoice(): boolean {
    const heard = this.asking ? this.askedMs : (this.answered?.coversMs ?? -1);
    return heard >= (this.timing.voiceEndMs ?? Infinity);
  }

  private question(classifier: GreetingClassifier): void {
    this.asking = true;
    this.askAgain = false;
    const coversMs = this.heardMs;
    this.askedMs = coversMs;
    const audio = this.audio();
    this.classifying = (async () => {
      const { kind, text } = await classifier.classify(audio);
      this.asking = false;
      if (this.verdict || this.stopped) return;
      this.lastText = text;
      this.answered = { kind, coversMs };
      if (kind === 'machine') return this.decide('machine', 'model');
      if (this.finalAsk && coversMs >= this.finalCoversMs) return this.decideFinal(kind);
      if (this.askAgain || this.finalAsk) this.question(classifier);
    })();
  }

  /** The model's answer about the whole greeting: when it cannot tell, app_amd's rule for how the greeting ended. */
  private decideFinal(kind: GreetingKind): void {
    if (kind === 'machine') return this.decide('machine', 'model');
    if (kind === 'human') return this.decide('human', 'model');
    return this.decide(this.finalAsk === 'talking' ? 'machine' : 'human', 'long_greeting');
  }

  private decide(answeredBy: AnsweredBy, cause: Verdict['cause']): void {
    if (this.verdict) return;
    // After the model's "machine", a silence already running ends the greeting only once it is long enough.
    this.silenceRun = 0;
    this.verdict = { answeredBy, atMs: this.heardMs, cause, transcript: this.lastText };
    this.options.onVerdict?.(this.verdict);
  }

  private setCue(cue: MessageCue): void {
    if (this.cue) return;
    this.cue = cue;
    this.options.onCue?.(cue);
  }
}
