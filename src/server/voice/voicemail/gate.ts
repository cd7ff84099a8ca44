import type { SessionClock } from '../clock';
import { Playout, SentenceAudio } from '../playout';
import { CallRecorder } from '../recorder';
import { PIPELINE_RATE, type VoiceCallStart, type VoiceEndReason, type VoiceEntry, type VoiceSessionInput, type VoiceSessionSink, type VoiceTransport } from '../session-types';
import type { Speaker } from '../speaker';
import type { Transcriber } from '../transcriber';
import { encodeWav } from '../../audio/pcm';
import { StreamResampler } from '../../audio/stream-resampler';
import { MULAW_RATE, mulawToFloats } from '../realtime/audio';
import { VoicemailDetector, type AnsweredBy, type MessageCue, type Verdict } from './detector';
import { BeepDetector, FRAME_SAMPLES } from './tone';
import type { VoicemailPolicy } from './policy';
import { listenForLineVerdict, type LineAnsweredBy } from './verdicts';

/*
 * The seam between answering-machine detection and a call's session, for outbound calls: a VoiceSessionInput that
 * stands in front of the session (the pipeline's or any other kind: it only knows VoiceSessionInput and
 * VoiceTransport). While it decides, the callee's audio goes to the detector and the recording, and nothing is
 * said (the session, which greets on its start, is not started yet). Then:
 * - a person (or nobody: unknown): the session starts and has the call from there; the words that decided it are
 *   not replayed to it (they are the callee's "Hello?", which its greeting answers);
 * - a machine, with a message: the gate speaks it in the assistant's voice after the beep (or the end of the
 *   greeting) and hangs up: reason `voicemail`; with end_call_on_voicemail and no message: it hangs up at once,
 *   `voicemail_hang_up`; with neither, the session starts as for a person (as before), and the call still ends
 *   as a voicemail's (answered_by machine).
 * The verdict is our own detector's (detector.ts) or, on a line that has its own (Twilio's AMD), the line's
 * (verdicts.ts), with a time limit after which the call goes on as a person's.
 */

/** Twilio's MachineDetectionTimeout default (30 s) and a margin: no line verdict by then is "unknown". */
export const LINE_VERDICT_TIMEOUT_MS = 35_000;

export interface GateParts {
  clock: SessionClock;
  speaker: Speaker;
  /** The machine's greeting in the transcript; none: the detector's last transcript. */
  transcriber: Transcriber | null;
  /** Our detector (own detection); null: the line's verdict is awaited. */
  detector: VoicemailDetector | null;
  log?: (message: string) => void;
  lineTimeoutMs?: number;
  /**
   * The session behind the gate hears the line's μ-law itself (a realtime session on a phone line,
   * VoiceSessionInput.pushMulaw): the gate then takes μ-law too, decodes it for its own detector and recording
   * while it decides, and hands the bytes on as they are once the session is open.
   */
  mulaw?: boolean;
}

/**
 * Starts the session the gate hands a call to (it greets on its start). `calleeSpoke`: the callee has said their
 * "Hello?" already, so an assistant that waits for the customer (wait_for_customer) greets at once instead.
 */
export type OpenSession = (options: { calleeSpoke: boolean }) => VoiceSessionInput | Promise<VoiceSessionInput>;

export interface GateReport {
  verdict: { answeredBy: AnsweredBy | LineAnsweredBy; atMs: number } | null;
  cue: MessageCue | null;
  /** Clock ms (from the answer) the message's first frame and last sample play at. */
  messageStartMs: number | null;
  messageEndMs: number | null;
}

export class VoicemailGate implements VoiceSessionInput {
  private session: VoiceSessionInput | null = null;
  private opening: Promise<void> | null = null;
  private ended = false;
  private readonly startedAt: number;
  private readonly recorder: CallRecorder;
  private readonly heard: Float32Array[] = [];
  private heardSamples = 0;
  private machine = false;
  private speaking: { playout: Playout; sentence: SentenceAudio; stop: () => void } | null = null;
  private readonly stops: (() => void)[] = [];
  private greetingText = '';
  /** Until the line's verdict or our cue: the detector of a line that said machine_start (its beep still to come). */
  private cueDetector: VoicemailDetector | null = null;
  readonly report: GateReport = { verdict: null, cue: null, messageStartMs: null, messageEndMs: null };

  constructor(
    private readonly call: VoiceCallStart,
    private readonly policy: VoicemailPolicy,
    private readonly parts: GateParts,
    private readonly transport: VoiceTransport,
    private readonly sink: VoiceSessionSink,
    private readonly open: OpenSession,
  ) {
    this.startedAt = parts.clock.now();
    this.recorder = new CallRecorder(this.startedAt);
    const detector = parts.detector;
    if (detector) {
      detector.listen({ onVerdict: (v: Verdict) => this.onVerdict(v.answeredBy, v.atMs, v.transcript), onCue: (c) => this.onCue(c) });
    } else {
      this.stops.push(listenForLineVerdict(call.callId, (answer) => this.onLineVerdict(answer)));
      this.stops.push(parts.clock.after(parts.lineTimeoutMs ?? LINE_VERDICT_TIMEOUT_MS, () => this.onLineVerdict('unknown')));
    }
    transport.state?.('listening');
    if (!parts.mulaw) this.pushMulaw = undefined;
  }

  private readonly fromMulaw = new StreamResampler(MULAW_RATE, PIPELINE_RATE);

  /** Offered only to a μ-law session's line (GateParts.mulaw): the transport checks for it on every frame. */
  pushMulaw?: (bytes: Uint8Array) => void = (bytes) => {
    if (this.ended || bytes.length === 0) return;
    if (this.session) {
      if (this.session.pushMulaw) this.session.pushMulaw(bytes);
      else this.session.pushAudio(this.fromMulaw.push(mulawToFloats(bytes)));
      return;
    }
    this.pushAudio(this.fromMulaw.push(mulawToFloats(bytes)));
  };

  private log(message: string): void {
    (this.parts.log ?? ((m: string) => console.warn(`[voice call ${this.call.callId}] ${m}`)))(message);
  }

  private get elapsedMs(): number {
    return this.parts.clock.now() - this.startedAt;
  }

  pushAudio(samples: Float32Array): void {
    if (this.ended || samples.length === 0) return;
    if (this.session) return this.session.pushAudio(samples);
    if (this.opening) return; // the session is starting: what the callee says meanwhile is not kept
    this.recorder.caller(samples, this.parts.clock.now());
    if (!this.report.cue) {
      this.heard.push(samples);
      this.heardSamples += samples.length;
    }
    this.parts.detector?.push(samples);
    this.cueDetector?.push(samples);
  }

  /** Keys reach the session once a person is known to have answered; a machine's (or a key before the verdict) are not a turn. */
  pushDigit(digit: string): void {
    this.session?.pushDigit?.(digit);
  }

  async end(reason: VoiceEndReason): Promise<void> {
    if (this.opening) await this.opening;
    if (this.session) return this.session.end(reason);
    await this.finish(this.machine ? 'voicemail' : reason, false);
  }

  /** Our detector's verdict, or the line's in our words. */
  private onVerdict(answeredBy: AnsweredBy, atMs: number, transcript: string): void {
    if (this.ended || this.report.verdict) return;
    this.report.verdict = { answeredBy, atMs };
    this.greetingText = transcript;
    if (answeredBy !== 'machine') return this.openSession();
    this.machine = true;
    void this.sink.answeredBy?.('machine');
    if (this.policy.message === null) {
      if (this.policy.hangUp) void this.finish('voicemail_hang_up', true);
      else this.openSession();
    }
    // With a message: the cue (the beep, the greeting's end) says when.
  }

  private onLineVerdict(answer: LineAnsweredBy): void {
    if (this.ended || this.report.cue) return;
    const atMs = this.elapsedMs;
    if (this.report.verdict && answer.startsWith('machine_end') && this.cueDetector) {
      // machine_start came first (MachineDetection=Enable): the end of the message is the line's word now.
      return this.onCue({ atMs, by: answer === 'machine_end_beep' ? 'beep' : 'silence' });
    }
    if (this.report.verdict) return;
    if (answer === 'human' || answer === 'unknown') return this.onVerdict(answer, atMs, '');
    if (answer === 'fax') {
      // Nothing to say to a fax: it is a machine, and the call ends at once.
      this.report.verdict = { answeredBy: answer, atMs };
      this.machine = true;
      void this.sink.answeredBy?.('machine');
      void this.finish('voicemail_hang_up', true);
      return;
    }
    this.onVerdict('machine', atMs, '');
    if (this.ended || this.session) return;
    if (answer === 'machine_start') {
      // The line answered before the greeting's end: our detector finds the beep or the pause.
      this.cueDetector = new VoicemailDetector({ classifier: null, onCue: (c) => this.onCue({ ...c, atMs: this.elapsedMs }) });
      this.cueDetector.assume('machine');
    } else {
      this.onCue({ atMs, by: answer === 'machine_end_beep' ? 'beep' : 'silence' });
    }
    if (this.report.verdict) this.report.verdict = { answeredBy: answer, atMs };
  }

  private onCue(cue: MessageCue): void {
    if (this.ended || this.report.cue || !this.machine) return;
    this.report.cue = cue;
    if (this.policy.message !== null) void this.speak(this.policy.message);
  }

  private openSession(): void {
    if (this.session || this.opening || this.ended) return;
    // The session has the call from here: no more verdicts are listened for.
    for (const stop of this.stops.splice(0)) stop();
    this.parts.detector?.stop();
    this.opening = (async () => {
      try {
        this.session = await this.open({ calleeSpoke: this.report.verdict?.answeredBy === 'human' || this.machine });
      } catch (e) {
        this.log(`the session did not start: ${e instanceof Error ? e.message : String(e)}`);
        await this.finish('error', true);
      } finally {
        this.opening = null;
      }
    })();
  }

  /** The message in the assistant's voice, paced in real time, then the hang-up. */
  private async speak(message: string): Promise<void> {
    let samples: Float32Array;
    try {
      samples = await this.parts.speaker.speak(message);
    } catch (e) {
      this.log(`the voicemail message was not spoken: ${e instanceof Error ? e.message : String(e)}`);
      await this.finish('voicemail', true);
      return;
    }
    if (this.ended) return;
    const { clock } = this.parts;
    const sentence = new SentenceAudio(message, samples);
    const playout = new Playout(
      () => clock.now(),
      {
        frame: (frame, playAt) => {
          this.transport.sendAudio(frame);
          this.recorder.assistant(frame, playAt);
        },
        started: (s) => {
          this.report.messageStartMs = (s.startAt ?? clock.now()) - this.startedAt;
          this.transport.state?.('speaking');
        },
      },
      null,
    );
    const stop = clock.every(20, () => {
      playout.tick();
      if (sentence.endAt !== null && clock.now() >= sentence.endAt) {
        this.report.messageEndMs = sentence.endAt - this.startedAt;
        void this.finish('voicemail', true);
      }
    });
    this.speaking = { playout, sentence, stop };
    playout.enqueue(sentence);
  }

  private async finish(reason: VoiceEndReason, hangUp: boolean): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    for (const stop of this.stops.splice(0)) stop();
    this.speaking?.stop();
    this.parts.detector?.stop();
    this.cueDetector?.stop();
    const endMs = Math.max(this.parts.clock.now(), this.speaking?.sentence.endAt ?? 0);
    if (hangUp) this.transport.hangUp(reason);
    this.transport.state?.('ended');
    const entries = await this.entries();
    const { wav, audioMs } = await this.recorder.wav(endMs);
    await this.sink.ended({ reason, wav, audioMs, entries });
  }

  /** The machine's greeting (what it said before the cue) and the message, as the simulated engine writes a voicemail. */
  private async entries(): Promise<VoiceEntry[]> {
    const entries: VoiceEntry[] = [];
    if (!this.machine) return entries;
    let greeting = this.greetingText;
    if (this.parts.transcriber && this.heardSamples > 0) {
      const audio = withoutBeeps(this.heard, this.heardSamples);
      try {
        greeting = (await this.parts.transcriber.transcribe(encodeWav(audio, PIPELINE_RATE), null)).text.trim() || greeting;
      } catch (e) {
        this.log(`the machine's greeting was not transcribed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const iso = (ms: number) => new Date(this.call.answeredAt + Math.max(0, ms)).toISOString();
    if (greeting !== '') entries.push({ sender: 'human', type: 'message', text: greeting, timestamp: iso(0) });
    const said = this.speaking?.sentence;
    if (said && said.startAt !== null) {
      const heardAll = said.endAt !== null && this.parts.clock.now() >= said.endAt - 20;
      const text = heardAll ? said.text : playedWords(said, this.parts.clock.now());
      if (text !== '') entries.push({ sender: 'bot', type: 'message', text, timestamp: iso(said.startAt - this.startedAt), ...(heardAll ? {} : { interrupted: true }) });
    }
    return entries;
  }
}

/** The words of a message cut short (the machine hung up): its played share of them. */
function playedWords(sentence: SentenceAudio, now: number): string {
  const words = sentence.text.split(/\s+/).filter(Boolean);
  return words.slice(0, Math.round(words.length * sentence.playedShare(now))).join(' ');
}

/** The heard audio in one piece, its beeps silenced (a beep is no word, and would only confuse a transcription). */
function withoutBeeps(chunks: Float32Array[], total: number): Float32Array {
  const all = new Float32Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  const beeps = new BeepDetector();
  const samplesPerMs = PIPELINE_RATE / 1000;
  for (let i = 0; i + FRAME_SAMPLES <= all.length; i += FRAME_SAMPLES) {
    const beep = beeps.push(all.subarray(i, i + FRAME_SAMPLES), ((i + FRAME_SAMPLES) / PIPELINE_RATE) * 1000);
    // A frame either side too: the beep's edges share a frame with the silence around it.
    if (beep) all.fill(0, Math.max(0, Math.round(beep.startMs * samplesPerMs) - FRAME_SAMPLES), Math.round(beep.endMs * samplesPerMs) + FRAME_SAMPLES);
  }
  return all;
}
