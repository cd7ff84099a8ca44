import { encodeWav } from '../audio/pcm';
import { runAssistantSteps } from '../conversations/assistant-steps';
import { assistantHistory, transcriptLines, type TalkEntry } from '../engine/talk/entries';
import { FILLER_AFTER_MS, fillerKind, fillerPhrase } from '../engine/talk/fillers';
import { assistantStepsInput, promptSearchEntry, type TalkSetting } from '../engine/talk/turn';
import type { AmbientSource } from './ambient';
import { currentLanguageLine, matchLanguage, type CallLanguage } from './languages';
import type { SessionClock } from './clock';
import { PhoneTools, type PhoneToolHost } from './phone-tools/functions';
import { Keypad } from './phone-tools/keypad';
import { Playout, SentenceAudio } from './playout';
import { CallRecorder } from './recorder';
import { SentenceSplitter, splitSentences } from './sentences';
import { handoverEntry } from '../engine/talk/entries';
import {
  PIPELINE_RATE,
  type HandoverRequest,
  type HandsOverCalls,
  type VoiceEndReason,
  type VoiceEntry,
  type VoiceSessionInput,
  type VoiceSessionSink,
  type VoiceState,
  type VoiceTransport,
} from './session-types';
import type { Speaker } from './speaker';
import { Tape } from './tape';
import type { Transcriber } from './transcriber';
import { END_PROB, TurnDetector, type TurnEvent, type TurnTimings } from './turn-detector';
import { Utterance, type ReplyMetrics } from './utterance';
import type { VoiceActivityDetector } from './vad';

/*
 * One call you can hear, from the caller's first sample to the recording: caller audio → detector (vad.ts,
 * 32 ms frames, one inference at a time per call) → turns (turn-detector.ts) → transcription of the
 * utterance → the assistant's steps streamed (the same steps as the chat and the model calls) → sentences
 * (sentences.ts) → speech (speaker.ts), each sentence as soon as it is complete → the playout (playout.ts),
 * paced in 20 ms frames → the transport. States: listening → thinking → speaking → listening, ended.
 *
 * Barge-in (allow_interruptions): caller speech over the assistant, sure and long enough by
 * interrupt_sensitivity (or, with min_interrupt_words, once the overlapping speech transcribes to that many
 * words) clears the transport's audio at once, aborts the model and the pending speech, and the assistant's
 * entry keeps the words of the share of its audio that was played (`interrupted: true`). Speech over the
 * assistant that does not interrupt is a backchannel ("mm-hm") and is dropped; without allow_interruptions
 * the assistant finishes and what the caller said meanwhile is their next turn.
 *
 * Silence: max_silence_duration after the last words of either side the assistant re-engages (the model is
 * asked with a note that the caller is silent, and the assistant's reengagement prompt), then every
 * re_engagement_interval; a fourth silence after three re-engagements ends the call (`silence`).
 *
 * Hand-over (assistant_transfer): when the model hands the call to another assistant, message_before_transfer is
 * said in the first assistant's voice, the session swaps its talk setting (prompt, tools, knowledge, greeting)
 * and its Speaker for the other assistant's (read by `parts.nextAssistant`), the transcript gets a `handover`
 * entry once what was said before it has played, and the other assistant's greeting follows when
 * speak_transfer_greeting. The call, its recording, its clock and its limits stay the same.
 *
 * Latency per assistant reply, measured where it happens (performance.now()): the caller's last voiced frame
 * arrives → the turn is ended by the pause (endpointing_ms) → transcript (stt_ms) → the model's first token
 * after the request (llm_ms) → the first sentence's audio after the sentence was complete (tts_ms) → the
 * first frame sent to the transport (latency_ms, voice to voice).
 */

export interface VoiceSetting {
  talk: Omit<TalkSetting, 'customer'>;
  /** ISO-639-1 for the transcription; null lets the endpoint detect it. */
  language: string | null;
  waitForCustomer: boolean;
  allowInterruptions: boolean;
  /** min_interrupt_words; 0 when use_min_interrupt_words is off. */
  minInterruptWords: number;
  timings: TurnTimings;
  maxSilenceMs: number;
  reengageMs: number;
  reengagementPrompt: string | null;
  ambient: AmbientSource | null;
  /** secondary_language_ids (voice/languages.ts): the language is detected per utterance; absent: one language. */
  languages?: { primary: CallLanguage; secondary: CallLanguage[] };
  /** max_initial_silence_duration: the call ends (`initial_silence`) when the caller has not spoken by then. */
  initialSilenceMs?: number | null;
  /** The assistant's telephone tools (voice/phone-tools/), offered in talk.assistant.offered; none: null. */
  phoneTools?: PhoneTools | null;
}

/** The assistant a call is handed to, as the session takes it over (start-session.ts reads it). */
export interface NextAssistant {
  talk: VoiceSetting['talk'];
  speaker: Speaker;
  /** ISO-639-1 for the transcription from now on; null lets the endpoint detect it. */
  language: string | null;
}

export interface SessionParts {
  transcriber: Transcriber;
  speaker: Speaker;
  /** With secondary languages: a speaker per language (ISO-639-1); `speaker` for the others. */
  speakers?: ReadonlyMap<string, Speaker>;
  /** Reads the assistant a call is handed to (assistant_transfer); none: hand-overs are refused. */
  nextAssistant?: (assistantId: number) => Promise<NextAssistant | null>;
  vad: VoiceActivityDetector;
  clock: SessionClock;
  /** Where failures that do not end the call are told (a transcription that failed, a sentence not spoken). */
  log?: (message: string) => void;
}

/** Re-engagements without an answer before the call ends for silence. */
export const MAX_REENGAGEMENTS = 3;
/** Caller audio kept before a speech start and after its end in what is transcribed. */
const PRE_ROLL_MS = 200;
const POST_ROLL_MS = 150;
/** Speech shorter than this (voiced) is a click or a breath, not an utterance. */
const MIN_UTTERANCE_MS = 150;
/** With min_interrupt_words: how often the overlapping speech is transcribed while it goes on. */
const WORD_CHECK_MS = 300;
const FRAME = 512;
const MS_PER_SAMPLE = 1000 / PIPELINE_RATE;

/** endpoint_type ai: a turn ending like this is not finished (a conjunction, an article, a preposition, a hesitation). */
const UNFINISHED = /(\b(and|or|but|so|because|um+|uh+|er|the|a|an|to|with|for|of|in|on|at|my|your|und|oder|aber|weil|also|äh+m?|ähm|der|die|das|ein|eine|zu|mit|für|von|auf|mein|meine)[,.]?|,|-)$/iu;

/** endpoint_type ai: a held turn is let go by the clock this long after its hold, should the caller's audio stop coming. */
const HELD_AUDIO_GRACE_MS = 1_000;

interface Heard {
  text: string;
  /** Clock ms the caller began to speak. */
  startedAt: number;
  metrics: Omit<ReplyMetrics, 'llmMs' | 'ttsMs'>;
}

export class VoiceSession implements VoiceSessionInput, HandsOverCalls {
  state: VoiceState = 'listening';
  readonly entries: VoiceEntry[] = [];
  private readonly detector: TurnDetector;
  private readonly playout: Playout;
  private readonly recorder: CallRecorder;
  private readonly tape = new Tape();
  private frame = new Float32Array(FRAME);
  private frameFill = 0;
  private vadChain: Promise<void> = Promise.resolve();
  /** Clock ms of the caller's audio sample 0. */
  private audioZero: number | null = null;
  private lastVoicedPerf = 0;
  private ended = false;
  private stopTimers: (() => void)[] = [];
  private silenceTimer: (() => void) | null = null;
  private reengagements = 0;
  /** The reply in progress (model and speech), aborted by a barge-in or the end. */
  private reply: AbortController | null = null;
  private speaking: Utterance[] = [];
  /** Bumped by a barge-in: speech synthesized for an older generation is not played. */
  private generation = 0;
  private feed: Promise<void> = Promise.resolve();
  private utterances = 0;
  /** Heard while the assistant spoke without allow_interruptions: the next turn once it is done. */
  private heardMeanwhile: Heard | null = null;
  /** endpoint_type ai: a turn that did not sound finished, held for more. */
  /**
   * endpoint_type ai: a turn held for more. It is let go once the detector has heard `untilMs` of the caller's audio
   * without speech (audio time: a busy process that hears the audio late still hears all of it before deciding),
   * or by the `stop`-able timer, a second later, should the audio stop coming.
   */
  private held: { heard: Heard; stop: () => void; untilMs: number } | null = null;
  /** How far the detector has heard the caller's audio (ms from the call's start). */
  private heardToMs = 0;
  private wordCheck: { stop: () => void; onsetSample: number; busy: boolean } | null = null;
  private inflight = new Set<Promise<unknown>>();
  private entryChain: Promise<void> = Promise.resolve();
  private readonly startedAt: number;
  /** With secondary languages: the language the caller spoke last (the primary one until they speak). */
  private callLanguage: CallLanguage | null = null;
  private callerSpoke = false;
  /** Barge-ins' reaction times (speech onset → clearAudio), for the benchmark. */
  readonly bargeInMs: number[] = [];
  /** Entries to write once an utterance is final (the hand-over's, after the words said before it). */
  private readonly afterSaid = new Map<Utterance, () => void>();
  /** The caller's keys (voice/phone-tools/keypad.ts). */
  private readonly keypad: Keypad;
  /** Keys typed while the assistant spoke: the next turn once it is done. */
  private keysMeanwhile = '';
  /** Waits for audio to be heard (the phone tools' say/play), checked as the playout goes. */
  private playWaiters: { done: () => boolean; resolve: () => void }[] = [];
  /** A transfer under way or done: the call's end, however it comes, is this. */
  private endingAs: VoiceEndReason | null = null;
  private readonly phoneHost: PhoneToolHost;

  constructor(
    // Both change when the call is handed to another assistant (handOver).
    private setting: VoiceSetting,
    private parts: SessionParts,
    private readonly transport: VoiceTransport,
    private readonly sink: VoiceSessionSink,
  ) {
    const { clock } = parts;
    this.startedAt = clock.now();
    this.detector = new TurnDetector(setting.timings);
    this.recorder = new CallRecorder(this.startedAt);
    this.sink.recordingSoFar?.(this.recorder.soFar());
    this.playout = new Playout(
      () => clock.now(),
      {
        frame: (samples, playAt) => {
          this.transport.sendAudio(samples);
          this.recorder.assistant(samples, playAt);
        },
        started: (sentence) => this.sentenceStarted(sentence),
      },
      setting.ambient,
    );
    this.keypad = new Keypad(clock, (keys) => this.keysTurn(keys));
    this.phoneHost = this.makePhoneHost();
  }

  /** Starts pacing, the call's limit, and the greeting (or the wait for the caller). */
  start(): void {
    const { clock } = this.parts;
    this.stopTimers.push(clock.every(20, () => this.tickPlayout()));
    const left = this.setting.talk.answeredAt + this.setting.talk.maxDurationMs - clock.now();
    this.stopTimers.push(clock.after(Math.max(0, left), () => void this.finish('max_duration', true)));
    this.callLanguage = this.setting.languages?.primary ?? null;
    const initial = this.setting.initialSilenceMs;
    if (initial) {
      // Counted from the answer: a line with nobody on it ends, whatever the greeting and re-engagements do.
      this.stopTimers.push(
        clock.after(initial, () => {
          if (!this.callerSpoke && !this.detector.speaking && this.inflight.size === 0) void this.finish('initial_silence', true);
        }),
      );
    }
    const greeting = this.setting.talk.assistant.initialMessage;
    this.transport.state?.('listening');
    if (greeting !== '' && !this.setting.waitForCustomer) this.speakFixed(greeting, 'message');
    else this.armSilence(this.setting.maxSilenceMs);
  }

  pushAudio(samples: Float32Array): void {
    if (this.ended || samples.length === 0) return;
    const now = this.parts.clock.now();
    this.audioZero ??= now - samples.length * MS_PER_SAMPLE;
    const arrived = performance.now();
    this.recorder.caller(samples, now);
    this.tape.append(samples);
    let at = 0;
    while (at < samples.length) {
      const n = Math.min(FRAME - this.frameFill, samples.length - at);
      this.frame.set(samples.subarray(at, at + n), this.frameFill);
      this.frameFill += n;
      at += n;
      if (this.frameFill === FRAME) {
        const frame = this.frame;
        const endSample = this.tape.length - (samples.length - at);
        this.frame = new Float32Array(FRAME);
        this.frameFill = 0;
        // One inference at a time, in order: the detector's state is the call's.
        this.vadChain = this.vadChain.then(() => this.detect(frame, endSample, arrived)).catch((e: unknown) => this.log(`voice activity detection failed: ${String(e)}`));
      }
    }
  }

  async end(reason: VoiceEndReason): Promise<void> {
    await this.finish(this.endingAs ?? reason, false);
  }

  pushDigit(digit: string): void {
    if (this.ended) return;
    this.disarmSilence();
    this.keypad.press(digit);
  }

  // ——— keys and the telephone tools ———

  /** A keypress turn: the keys are the caller's words to the model (after the assistant has finished). */
  private keysTurn(keys: string): void {
    if (this.ended) return;
    if (this.assistantActive) {
      this.keysMeanwhile += keys;
      return;
    }
    this.reengagements = 0;
    this.emit({ sender: 'human', type: 'keypress', text: keys, timestamp: this.stamp(this.parts.clock.now()) });
    void this.respond({ lastWords: this.lastCallerWords() });
  }

  private waitPlayed(done: () => boolean): Promise<void> {
    if (this.ended || done()) return Promise.resolve();
    return new Promise((resolve) => this.playWaiters.push({ done, resolve }));
  }

  private checkPlayWaiters(all: boolean): void {
    const waiting = this.playWaiters;
    this.playWaiters = [];
    for (const w of waiting) {
      if (all || w.done()) w.resolve();
      else this.playWaiters.push(w);
    }
  }

  private makePhoneHost(): PhoneToolHost {
    const { clock } = this.parts;
    const talk = this.setting.talk;
    return {
      transport: this.transport,
      rate: PIPELINE_RATE,
      say: (text) => {
        const u = this.speakFixed(text, 'message');
        return this.waitPlayed(() => u.playedBy(clock.now()));
      },
      play: (samples) => {
        const sound = new SentenceAudio('', samples);
        const generation = this.generation;
        this.feed = this.feed.then(() => {
          if (generation === this.generation && !this.ended) this.playout.enqueue(sound);
        });
        return this.waitPlayed(() => generation !== this.generation || (sound.endAt !== null && sound.endAt <= clock.now()));
      },
      drained: async () => {
        await this.feed;
        await this.waitPlayed(() => !this.playout.queued && this.playout.playedBy <= clock.now());
      },
      collectKeys: (options) => this.keypad.collect(options),
      summarize: async (instructions) => {
        const reply = await talk.model.reply({
          model: talk.modelName,
          system: instructions,
          messages: [{ role: 'user', content: transcriptLines(talkEntries(this.entries)) || '(Nothing has been said yet.)' }],
          tools: [],
        });
        return reply.text.trim();
      },
      handOver: () => {
        this.endingAs = 'transferred';
      },
      handOverFailed: () => {
        this.endingAs = null;
      },
    };
  }

  private log(message: string): void {
    (this.parts.log ?? ((m: string) => console.warn(`[voice call ${this.setting.talk.callId}] ${m}`)))(message);
  }

  private setState(state: VoiceState): void {
    if (this.state === state || this.state === 'ended') return;
    this.state = state;
    this.transport.state?.(state);
  }

  /** The assistant is thinking or speaking: caller speech now overlaps it. */
  private get assistantActive(): boolean {
    return this.reply !== null || this.speaking.length > 0;
  }

  private stamp(clockMs: number): string {
    return new Date(clockMs).toISOString();
  }

  private audioClock(sampleMs: number): number {
    return (this.audioZero ?? this.startedAt) + sampleMs;
  }

  private emit(entry: VoiceEntry): void {
    this.entries.push(entry);
    this.entryChain = this.entryChain.then(async () => {
      try {
        await this.sink.entry(entry);
      } catch (e) {
        this.log(`the transcript entry could not be kept: ${String(e)}`);
      }
    });
  }

  // ——— hearing ———

  private async detect(frame: Float32Array, endSample: number, arrivedPerf: number): Promise<void> {
    if (this.ended) return;
    const p = await this.parts.vad.probability(frame);
    if (this.ended) return;
    if (p >= END_PROB) this.lastVoicedPerf = arrivedPerf;
    this.detector.assistantActive = this.assistantActive;
    this.heardToMs = endSample * MS_PER_SAMPLE;
    for (const event of this.detector.update(p, this.heardToMs)) this.onTurnEvent(event, arrivedPerf);
    const held = this.held;
    if (held && this.heardToMs >= held.untilMs && !this.detector.hearing && !this.inflight.size) this.commit(held.heard);
  }

  private onTurnEvent(event: TurnEvent, arrivedPerf: number): void {
    if (event.type === 'speech_start') {
      this.callerSpoke = true;
      this.disarmSilence();
      // A held turn waits for what the caller adds now.
      this.held?.stop();
      if (this.assistantActive && this.setting.allowInterruptions && this.setting.minInterruptWords > 0) this.startWordCheck(event.atMs);
      return;
    }
    if (event.type === 'barge_in') {
      // The onset's audio arrived this long before the frame that decided (audio comes in real time).
      if (this.setting.allowInterruptions && this.setting.minInterruptWords === 0 && this.assistantActive) this.interrupt(arrivedPerf - (event.atMs - event.onsetMs));
      return;
    }
    this.stopWordCheck();
    const endpointingMs = Math.round(performance.now() - this.lastVoicedPerf);
    if (event.voicedMs < MIN_UTTERANCE_MS) {
      if (this.held) this.commit(this.held.heard);
      else if (!this.assistantActive) this.armSilence(this.setting.maxSilenceMs);
      return;
    }
    const overlapped = this.assistantActive;
    const work = this.heard(event, { speechEndPerf: this.lastVoicedPerf, endpointingMs }, overlapped);
    this.inflight.add(work);
    void work.finally(() => this.inflight.delete(work));
  }

  private utteranceWav(fromMs: number, toMs: number): Uint8Array {
    const samples = this.tape.slice((fromMs - PRE_ROLL_MS) / MS_PER_SAMPLE, (toMs + POST_ROLL_MS) / MS_PER_SAMPLE);
    return encodeWav(samples, PIPELINE_RATE);
  }

  private async transcribe(wav: Uint8Array): Promise<{ text: string; ms: number } | null> {
    try {
      const languages = this.setting.languages;
      if (!languages) return await this.parts.transcriber.transcribe(wav, this.setting.language);
      const result = await this.parts.transcriber.transcribe(wav, null, undefined, { detectLanguage: true });
      // One of the assistant's languages becomes the call's; another (or none said) keeps the one before.
      if (result.text.trim() !== '') this.callLanguage = matchLanguage(result.language, [languages.primary, ...languages.secondary]) ?? this.callLanguage;
      return result;
    } catch (e) {
      this.log(`transcription failed: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  }

  /** A finished utterance: transcribed, then the caller's turn (or a backchannel, or heard for later). */
  private async heard(event: Extract<TurnEvent, { type: 'speech_end' }>, timing: { speechEndPerf: number; endpointingMs: number }, overlapped: boolean): Promise<void> {
    const result = await this.transcribe(this.utteranceWav(event.startMs, event.endMs));
    const text = result?.text.trim() ?? '';
    const heard: Heard = { text, startedAt: this.audioClock(event.startMs), metrics: { ...timing, sttMs: result?.ms ?? 0 } };
    if (this.ended) {
      // The call ended while this was being transcribed: what the caller said is kept.
      if (text !== '') this.emit({ sender: 'human', type: 'message', text: this.held ? `${this.held.heard.text} ${text}` : text, timestamp: this.stamp(this.held?.heard.startedAt ?? heard.startedAt) });
      return;
    }
    const stillOverlapping = overlapped && this.assistantActive;
    if (stillOverlapping && this.setting.allowInterruptions) {
      // Enough words over the assistant interrupt it even when the check during the speech was late.
      if (this.setting.minInterruptWords > 0 && wordCount(text) >= this.setting.minInterruptWords) this.interrupt(null);
      else return; // a backchannel: not a turn
    }
    if (text === '') {
      if (this.held) this.commit(this.held.heard);
      else if (!this.assistantActive) this.armSilence(this.setting.maxSilenceMs);
      return;
    }
    if (this.assistantActive) {
      // Without allow_interruptions: the assistant finishes; this is the caller's next turn.
      this.heardMeanwhile = this.heardMeanwhile ? { ...heard, text: `${this.heardMeanwhile.text} ${text}`, startedAt: this.heardMeanwhile.startedAt } : heard;
      return;
    }
    let turn = heard;
    if (this.held) {
      turn = { ...heard, text: `${this.held.heard.text} ${text}`, startedAt: this.held.heard.startedAt };
      this.held.stop();
      this.held = null;
    }
    // endpoint_type ai: a turn that does not read as finished waits the hold for more.
    const words = turn.text.trim();
    if (this.detector.timings.holdMs > 0 && UNFINISHED.test(words) && !/[.!?…]$/.test(words)) {
      const stop = this.parts.clock.after(this.detector.timings.holdMs + HELD_AUDIO_GRACE_MS, () => {
        if (this.held?.heard === turn && !this.detector.speaking) this.commit(turn);
      });
      this.held = { heard: turn, stop, untilMs: this.heardToMs + this.detector.timings.holdMs };
      return;
    }
    this.commit(turn);
  }

  /** The caller's turn is final: their entry, then the assistant's reply. */
  private commit(heard: Heard): void {
    this.held?.stop();
    this.held = null;
    if (this.ended) return;
    this.reengagements = 0;
    this.emit({ sender: 'human', type: 'message', text: heard.text, timestamp: this.stamp(heard.startedAt) });
    this.transport.line?.({ id: `human-${this.entries.length}`, sender: 'human', text: heard.text, final: true });
    void this.respond({ metrics: heard.metrics, lastWords: heard.text });
  }

  private startWordCheck(onsetMs: number): void {
    this.stopWordCheck();
    const check: { onsetSample: number; busy: boolean; stop: () => void } = { onsetSample: onsetMs / MS_PER_SAMPLE, busy: false, stop: () => undefined };
    check.stop = this.parts.clock.every(WORD_CHECK_MS, () => {
      if (check.busy || !this.assistantActive) return;
      check.busy = true;
      const wav = encodeWav(this.tape.slice(check.onsetSample - PRE_ROLL_MS / MS_PER_SAMPLE, this.tape.length), PIPELINE_RATE);
      void this.transcribe(wav).then((r) => {
        check.busy = false;
        if (this.wordCheck === check && r && wordCount(r.text) >= this.setting.minInterruptWords && this.assistantActive) {
          this.stopWordCheck();
          this.interrupt(null);
        }
      });
    });
    this.wordCheck = check;
  }

  private stopWordCheck(): void {
    this.wordCheck?.stop();
    this.wordCheck = null;
  }

  // ——— the assistant ———

  private lastCallerWords(): string {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const e = this.entries[i]!;
      if (e.type === 'message' && e.sender === 'human') return e.text;
    }
    return '';
  }

  /** One reply of the assistant: its steps streamed, each sentence spoken as it completes. */
  private async respond(options: { metrics?: Omit<ReplyMetrics, 'llmMs' | 'ttsMs'>; note?: string; lastWords: string }): Promise<void> {
    if (this.ended || this.reply) return;
    const controller = new AbortController();
    this.reply = controller;
    this.disarmSilence();
    this.setState('thinking');
    const a = this.setting.talk.assistant;
    const talk = this.callLanguage ? { ...this.setting.talk, assistant: { ...a, system: `${a.system}\n\n${currentLanguageLine(this.callLanguage)}` } } : this.setting.talk;
    const context = assistantHistory(talkEntries(this.entries));
    if (options.note) context.push({ role: 'user', content: options.note });
    if (context.length === 0) context.push({ role: 'user', content: '(The call is connected. Greet the other side and start.)' });
    let utterance: Utterance | null = null;
    const metrics: ReplyMetrics | null = options.metrics ? { ...options.metrics, llmMs: null, ttsMs: null } : null;
    let measured = false;
    const current = () => {
      if (!utterance) {
        utterance = this.newUtterance('message');
        // The reply's first words carry its latency; words after a filler do not.
        if (!measured) utterance.metrics = metrics;
        measured = true;
      }
      return utterance;
    };
    const splitter = new SentenceSplitter();
    const generation = this.generation;
    let fillerTimer: (() => void) | null = null;
    let fillers = 0;
    let ending = false;
    let handover: HandoverRequest | null = null;
    const toolsRunning = new Map<string, () => void>();
    try {
      const knowledge = a.knowledge ? await a.knowledge(options.lastWords) : null;
      const search = promptSearchEntry(knowledge, this.stamp(this.parts.clock.now()));
      if (search) this.emit(search);
      const requested = performance.now();
      const steps = await runAssistantSteps(
        { ...assistantStepsInput(talk, knowledge, context), stream: true, signal: controller.signal, callFunctions: this.callFunctions() },
        {
          onText: (delta) => {
            if (controller.signal.aborted) return;
            if (metrics && metrics.llmMs === null && delta.trim() !== '') metrics.llmMs = Math.round(performance.now() - requested);
            for (const sentence of splitter.push(delta)) this.say(current(), sentence, generation);
          },
          onModelStep: () => {
            if (controller.signal.aborted) return;
            const rest = splitter.flush();
            if (rest) this.say(current(), rest, generation);
          },
          onFunctionCall: (call) => {
            // A tool under way when the call ends (a transfer's own) is waited for: its entry is kept.
            const running = new Promise<void>((resolve) => toolsRunning.set(call.id, resolve));
            this.inflight.add(running);
            void running.then(() => this.inflight.delete(running));
            fillerTimer?.();
            // The telephone tools fill their own waits (keys typed, hold music): no filler over them.
            if (!a.fillers || this.setting.phoneTools?.answers(call.name)) return;
            fillerTimer = this.parts.clock.after(FILLER_AFTER_MS, () => {
              fillerTimer = null;
              if (controller.signal.aborted) return;
              const text = fillerPhrase(a.fillerConfig, fillerKind(options.lastWords), talk.callId + this.entries.length + fillers);
              if (text === null) return;
              fillers += 1;
              // The words said before the tool are one entry; the filler another; what follows a third.
              if (utterance) this.close(utterance);
              utterance = null;
              this.speakFixed(text, 'filler');
            });
          },
          onFunctionResult: (call) => {
            fillerTimer?.();
            fillerTimer = null;
            this.emit({
              sender: 'tool',
              type: 'function_call',
              text: '',
              timestamp: this.stamp(this.parts.clock.now() - call.duration_ms),
              name: call.name,
              arguments: call.arguments,
              result: call.result ?? null,
              error: call.error,
              duration_ms: call.duration_ms,
            });
            this.transport.tool?.({ name: call.name, arguments: call.arguments, result: call.result, error: call.error });
            toolsRunning.get(call.id)?.();
            toolsRunning.delete(call.id);
            // A transfer handed the caller over: the call is done here.
            if (this.endingAs !== null && call.error === null) void this.finish(this.endingAs, true);
          },
        },
      );
      ending = steps.ending;
      handover = steps.handover;
      const rest = controller.signal.aborted ? null : splitter.flush();
      if (rest) this.say(current(), rest, generation);
      if (utterance) this.close(utterance);
      // The other assistant is read while this one still has the turn (the caller hears the words before it).
      if (handover) await this.handOver(handover, controller.signal);
    } catch (e) {
      if (!controller.signal.aborted) this.log(`the assistant could not answer: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      (fillerTimer as (() => void) | null)?.();
      for (const done of toolsRunning.values()) done();
    }
    if (this.reply === controller) this.reply = null;
    if (controller.signal.aborted || this.ended) return;
    if (utterance) this.close(utterance);
    if (ending) this.endAfterSpeech = true;
    this.afterAssistant(options.note !== undefined);
  }

  /**
   * The call goes on with another assistant (assistant_transfer): its words before the hand-over in this voice,
   * then its setting and voice, the transcript's mark once those words have played, and its greeting.
   */
  async handOver(request: HandoverRequest, turn?: AbortSignal): Promise<boolean> {
    if (this.ended) return false;
    let next: NextAssistant | null = null;
    try {
      next = (await this.parts.nextAssistant?.(request.assistantId)) ?? null;
    } catch (e) {
      this.log(`the assistant to hand over to could not be read: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!next || this.ended) {
      if (!this.ended) this.log(`the call could not be handed over to assistant ${request.assistantId}: it cannot talk`);
      return false;
    }
    // A caller who cut the turn (barge-in) meanwhile is not talked over: the other assistant takes the call silently.
    const speak = !turn?.aborted;
    if (speak && request.messageBeforeTransfer !== '') this.speakFixed(request.messageBeforeTransfer, 'message');
    // The other assistant speaks its own language in its own voice: the first one's secondary languages and
    // their speakers do not carry over.
    const { languages: _dropped, ...setting } = this.setting;
    void _dropped;
    this.setting = { ...setting, talk: next.talk, language: next.language };
    const { speakers: _theirs, ...parts } = this.parts;
    void _theirs;
    this.parts = { ...parts, speaker: next.speaker };
    this.callLanguage = null;
    const mark = () => this.emit(handoverEntry(request, this.stamp(this.parts.clock.now())));
    const before = this.speaking.at(-1);
    if (before) this.afterSaid.set(before, mark);
    else mark();
    void Promise.resolve(this.sink.handedOver?.({ assistantId: request.assistantId, assistantName: request.assistantName })).catch((e: unknown) => this.log(`the hand-over could not be recorded: ${String(e)}`));
    const greeting = next.talk.assistant.initialMessage;
    if (speak && request.speakGreeting && greeting !== '') this.speakFixed(greeting, 'message');
    return true;
  }

  /** end_call: the call ends once the goodbye has played. */
  private endAfterSpeech = false;
  private lastWasReengagement = false;

  private newUtterance(kind: 'message' | 'filler'): Utterance {
    const u = new Utterance(kind, (this.utterances += 1));
    this.speaking.push(u);
    return u;
  }

  /** A sentence to speak: synthesis starts now (beside the one playing), the playout takes it in order. */
  private say(utterance: Utterance, text: string, generation: number): void {
    const completedPerf = performance.now();
    const speaker = (this.callLanguage && this.parts.speakers?.get(this.callLanguage.iso)) || this.parts.speaker;
    const audio = speaker.speak(text);
    const first = utterance.sentences.length === 0 && utterance.metrics !== null;
    // Placeholders keep the sentences' order while their audio is made.
    const index = utterance.sentences.length;
    utterance.sentences.push(new SentenceAudio(text, new Float32Array(0)));
    const pending = audio.then(
      (samples) => {
        if (first && utterance.metrics && utterance.metrics.ttsMs === null) utterance.metrics.ttsMs = Math.round(performance.now() - completedPerf);
        return { samples };
      },
      (e: unknown) => {
        this.log(`a sentence could not be spoken: ${e instanceof Error ? e.message : String(e)}`);
        return { samples: new Float32Array(0) };
      },
    );
    this.feed = this.feed.then(async () => {
      const { samples } = await pending;
      if (generation !== this.generation || this.ended) return;
      const sentence = new SentenceAudio(text, samples);
      utterance.sentences[index] = sentence;
      this.playout.enqueue(sentence);
    });
  }

  /** No more sentences: the utterance is done once those it has (some still being made) have played. */
  private close(utterance: Utterance): void {
    utterance.closed = true;
  }

  /** Words that need no model (the greeting, a filler, a phone tool's message). */
  private speakFixed(text: string, kind: 'message' | 'filler'): Utterance {
    const u = this.newUtterance(kind);
    for (const s of splitSentences(text)) this.say(u, s, this.generation);
    this.close(u);
    return u;
  }

  private callFunctions(): { answers(name: string): boolean; call(name: string, args: Record<string, unknown>): ReturnType<PhoneTools['call']> } | null {
    const tools = this.setting.phoneTools;
    if (!tools) return null;
    return { answers: (name) => tools.answers(name), call: (name, args) => tools.call(name, args, this.phoneHost) };
  }

  private sentenceStarted(sentence: SentenceAudio): void {
    const u = this.speaking.find((x) => x.sentences.includes(sentence));
    if (!u) return;
    if (u.firstAudioPerf === null) {
      u.firstAudioPerf = performance.now();
      u.startedAt = sentence.startAt;
    }
    this.setState('speaking');
    this.transport.line?.({ id: u.id, sender: 'bot', text: u.sentences.filter((s) => s.startAt !== null).map((s) => s.text).join(' '), final: false });
  }

  private tickPlayout(): void {
    if (this.ended) return;
    this.playout.tick();
    const now = this.parts.clock.now();
    if (this.playWaiters.length > 0) this.checkPlayWaiters(false);
    // Utterances fully heard, in order: their entries are final.
    while (this.speaking.length > 0) {
      const u = this.speaking[0]!;
      // Sentences still being made are placeholders that never play: not done until they are replaced and played.
      if (!u.playedBy(now)) break;
      this.speaking.shift();
      this.finalize(u, now, false);
    }
    if (!this.assistantActive && this.state !== 'listening' && this.state !== 'ended') this.onAssistantDone();
  }

  private finalize(u: Utterance, at: number, cut: boolean): void {
    this.finalizeEntry(u, at, cut);
    const then = this.afterSaid.get(u);
    if (then) {
      this.afterSaid.delete(u);
      then();
    }
  }

  private finalizeEntry(u: Utterance, at: number, cut: boolean): void {
    const heard = u.heardText(at);
    if (heard.text === '') return;
    const entry: VoiceEntry = { sender: 'bot', type: u.kind, text: heard.text, timestamp: this.stamp(u.startedAt ?? at) };
    if (u.kind === 'message' && u.metrics && u.firstAudioPerf !== null) {
      entry.latency_ms = Math.round(u.firstAudioPerf - u.metrics.speechEndPerf);
      entry.endpointing_ms = u.metrics.endpointingMs;
      entry.stt_ms = u.metrics.sttMs;
      entry.llm_ms = u.metrics.llmMs ?? 0;
      entry.tts_ms = u.metrics.ttsMs ?? 0;
    }
    if (cut || heard.cut) entry.interrupted = true;
    this.emit(entry);
    this.transport.line?.({ id: u.id, sender: 'bot', text: heard.text, final: true, ...(entry.interrupted ? { interrupted: true } : {}), ...(entry.latency_ms !== undefined ? { latency_ms: entry.latency_ms } : {}) });
  }

  /** The assistant has finished speaking (and thinking). */
  private onAssistantDone(): void {
    this.setState('listening');
    this.detector.assistantActive = false;
    if (this.endAfterSpeech) {
      void this.finish('end_call', true);
      return;
    }
    if (this.keysMeanwhile !== '') {
      const keys = this.keysMeanwhile;
      this.keysMeanwhile = '';
      this.keysTurn(keys);
      return;
    }
    const meanwhile = this.heardMeanwhile;
    this.heardMeanwhile = null;
    if (meanwhile) {
      this.commit(meanwhile);
      return;
    }
    this.armSilence(this.lastWasReengagement ? this.setting.reengageMs : this.setting.maxSilenceMs);
  }

  private afterAssistant(wasReengagement: boolean): void {
    this.lastWasReengagement = wasReengagement;
    // A reply that said nothing (an error, tools only): done at once.
    this.tickPlayout();
  }

  /** Barge-in: the transport drops what it holds, the model and pending speech stop, the entry keeps what was heard. */
  private interrupt(onsetPerf: number | null): void {
    if (!this.assistantActive || this.ended) return;
    this.transport.clearAudio();
    this.stopWordCheck();
    if (onsetPerf !== null) this.bargeInMs.push(Math.round(performance.now() - onsetPerf));
    const now = this.parts.clock.now();
    this.generation += 1;
    this.playout.clear();
    this.recorder.cutAssistant(now);
    this.reply?.abort();
    this.reply = null;
    const cut = this.speaking;
    this.speaking = [];
    for (const u of cut) this.finalize(u, now, true);
    this.endAfterSpeech = false;
    this.lastWasReengagement = false;
    this.detector.assistantActive = false;
    this.checkPlayWaiters(true);
    this.setState('listening');
  }

  // ——— silence and the end ———

  private armSilence(ms: number): void {
    this.disarmSilence();
    if (this.ended) return;
    this.silenceTimer = this.parts.clock.after(ms, () => {
      this.silenceTimer = null;
      if (this.ended || this.assistantActive || this.detector.speaking || this.inflight.size > 0 || this.held) return;
      if (this.reengagements >= MAX_REENGAGEMENTS) {
        void this.finish('silence', true);
        return;
      }
      this.reengagements += 1;
      const seconds = Math.round(ms / 1000);
      const prompt = this.setting.reengagementPrompt?.trim();
      const note = `(The caller has said nothing for ${seconds} seconds.${prompt ? ` ${prompt}` : ' Re-engage them briefly, as your instructions say, in one short sentence.'})`;
      void this.respond({ note, lastWords: this.lastCallerWords() });
    });
  }

  private disarmSilence(): void {
    this.silenceTimer?.();
    this.silenceTimer = null;
  }

  private async finish(reason: VoiceEndReason, hangUp: boolean): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    const now = this.parts.clock.now();
    for (const stop of this.stopTimers) stop();
    this.keypad.close();
    this.checkPlayWaiters(true);
    this.disarmSilence();
    this.stopWordCheck();
    this.held?.stop();
    // A held turn with nothing more coming: the caller's words are kept (one being transcribed joins them).
    if (this.held && this.inflight.size === 0) this.emit({ sender: 'human', type: 'message', text: this.held.heard.text, timestamp: this.stamp(this.held.heard.startedAt) });
    this.reply?.abort();
    this.reply = null;
    for (const u of this.speaking) this.finalize(u, now, !u.playedBy(now));
    this.speaking = [];
    this.recorder.cutAssistant(now);
    // The caller was still speaking (a dropped socket, a hang-up mid-sentence): what they said so far is kept.
    const open = this.detector.openSpeech();
    if (open && open.voicedMs >= MIN_UTTERANCE_MS) {
      const work = this.heard({ type: 'speech_end', startMs: open.startMs, endMs: this.tape.length * MS_PER_SAMPLE, voicedMs: open.voicedMs }, { speechEndPerf: this.lastVoicedPerf, endpointingMs: 0 }, false);
      this.inflight.add(work);
    }
    this.state = 'ended';
    this.transport.state?.('ended');
    if (hangUp) this.transport.hangUp(reason);
    // What the caller said last is kept when its transcription comes back in time.
    await Promise.race([Promise.allSettled([...this.inflight]), new Promise((r) => setTimeout(r, 3_000))]);
    await this.entryChain;
    const { wav, audioMs } = await this.recorder.wav(now);
    await this.sink.ended({ reason, wav, audioMs, entries: [...this.entries] });
  }
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** The voice entries as the shared history reads them (engine/talk/entries.ts). */
function talkEntries(entries: readonly VoiceEntry[]): TalkEntry[] {
  return entries.map((e): TalkEntry => {
    if (e.type === 'function_call') {
      return { sender: 'tool', type: 'function_call', text: '', timestamp: e.timestamp, name: e.name ?? '', arguments: e.arguments ?? {}, result: e.result ?? null, error: e.error ?? null, duration_ms: e.duration_ms ?? 0 };
    }
    if (e.type === 'filler') return { sender: 'bot', type: 'filler', text: e.text, timestamp: e.timestamp };
    if (e.type === 'handover') return handoverEntry({ fromAssistantId: e.from_assistant_id ?? 0, assistantId: e.assistant_id ?? 0, assistantName: e.assistant_name ?? '' }, e.timestamp);
    // The model reads keys as the caller's words about them.
    if (e.type === 'keypress') return { sender: 'human', type: 'message', text: `(The caller pressed these keys on their phone: ${e.text})`, timestamp: e.timestamp };
    return { sender: e.sender === 'human' ? 'human' : 'bot', type: 'message', text: e.text, timestamp: e.timestamp };
  });
}
