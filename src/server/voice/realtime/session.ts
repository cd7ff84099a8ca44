import { withBuiltinFunctions, type Handover } from '../../builtin/functions';
import { runFunctionCall, type StepTool } from '../../conversations/assistant-steps';
import { handoverEntry } from '../../engine/talk/entries';
import type { TurnKnowledge } from '../../conversations/knowledge';
import { withKnowledgeFunctions } from '../../conversations/knowledge';
import type { TalkSetting } from '../../engine/talk/turn';
import type { SessionClock } from '../clock';
import { CallRecorder } from '../recorder';
import { SentenceSplitter, splitSentences } from '../sentences';
import type { VoiceEndReason, VoiceEntry, VoiceSessionInput, VoiceSessionSink, VoiceState, VoiceTransport } from '../session-types';
import type { Speaker } from '../speaker';
import { MulawToRecording, PcmDown, PcmUp, mulawToFloats } from './audio';
import type { RealtimeConnection } from './client';
import { Framer, FRAME_MS, ItemAudio, MULAW_FRAME, PCM_FRAME, RealtimePlayout, type OutFrame } from './output';
import { turnDetection, type RealtimeAudioFormat, type RealtimeServerEvent, type RealtimeSessionConfig } from './protocol';
import { StreamResampler } from '../../audio/stream-resampler';
import { PIPELINE_RATE } from '../session-types';
import { MAX_REENGAGEMENTS } from '../session';

/*
 * A call you can hear whose assistant is a realtime model (mode `multimodal`: it hears and speaks; `dualplex`: it
 * hears and answers in text, each sentence spoken by the assistant's pipeline voice, voice/speaker.ts). The
 * endpoint does the turn-taking (server_vad or semantic_vad, from endpoint_type / endpoint_sensitivity), the
 * transcription of the caller and the answer; this session carries the audio both ways, runs the model's
 * function calls with the chat's own code (conversations/assistant-steps.ts runFunctionCall: the assistant's
 * tools through the outgoing-URL guard, the knowledge base's search, end_call), paces the answer out in real
 * time (output.ts) and keeps the call as the pipeline does: entries to the sink as they happen, the two-sided
 * recording (recorder.ts), the ending.
 *
 * Audio: a transport with sendMulaw (a phone line) gets the endpoint's G.711 μ-law as it comes and gives it the
 * caller's (audio/pcmu both ways); the web call's 16 kHz PCM is resampled to and from the endpoint's 24 kHz.
 *
 * Barge-in (allow_interruptions): on input_audio_buffer.speech_started while the assistant is heard, the
 * transport's audio is cleared at once, the item is truncated to what was played (conversation.item.truncate,
 * audio_end_ms), the response is cancelled, and the entry keeps the words heard (interrupted: true). Without
 * allow_interruptions the endpoint is asked not to interrupt (interrupt_response: false) and the assistant
 * finishes.
 *
 * Latency per assistant turn: from the end of the caller's speech (the endpoint's audio_end_ms, mapped to when
 * that audio arrived here) to the first frame of the answer sent to the transport.
 */

/** What the session needs of its assistant (start.ts reads it). */
export interface RealtimeSetting {
  mode: 'multimodal' | 'dualplex';
  model: string;
  talk: Omit<TalkSetting, 'customer'>;
  /** ISO-639-1 for the endpoint's transcription; null lets it detect. */
  language: string | null;
  waitForCustomer: boolean;
  allowInterruptions: boolean;
  endpointType: string;
  endpointSensitivity: number;
  /** The endpoint's voice (multimodal) and speech_speed. */
  voice: string;
  speed: number;
  transcriptionModel: string;
  /** max_silence_duration and reengagement_interval (ms), reengagement_prompt: as the pipeline's. */
  maxSilenceMs: number;
  reengageMs: number;
  reengagementPrompt: string | null;
}

export interface RealtimeParts {
  connection: RealtimeConnection;
  clock: SessionClock;
  /** dualplex: the assistant's pipeline voice (another's after a hand-over). */
  speaker: Speaker | null;
  /** assistant_transfer: another assistant's setting for this session (start.ts); null when it cannot take the call. */
  nextAssistant?: (assistantId: number) => Promise<{ setting: RealtimeSetting; speaker: Speaker | null } | null>;
  log?: (message: string) => void;
}

/** Caller audio kept to map the endpoint's audio_end_ms to when it arrived. */
const INPUT_LOG_MS = 120_000;
/** The endpoint's transcription of what the caller said last may come after the end: waited for this long. */
const LAST_WORDS_MS = 2_000;

interface Metrics {
  speechEndPerf: number;
  endpointingMs: number;
}

interface Item extends ItemAudio {
  transcript: string;
  /** The response has finished the item (its audio or text is all there). */
  complete: boolean;
  metrics: Metrics | null;
  /** dualplex: its text's sentence splitter, and the chain of sentences being spoken. */
  splitter: SentenceSplitter | null;
  /** The item's audio came from the endpoint (truncate applies). */
  endpointAudio: boolean;
  /** dualplex: sentences being synthesized (not yet in the playout). */
  synthesizing: number;
}

export class RealtimeSession implements VoiceSessionInput {
  state: VoiceState = 'listening';
  readonly entries: VoiceEntry[] = [];
  /** conversation.item.truncate sent (the tests read it). */
  readonly truncates: { itemId: string; audioEndMs: number }[] = [];
  /** Barge-ins' reaction times (speech_started → clearAudio), for the benchmark. */
  readonly bargeInMs: number[] = [];
  private readonly recorder: CallRecorder;
  private readonly playout: RealtimePlayout;
  private readonly mulawOut: boolean;
  private readonly format: RealtimeAudioFormat;
  private readonly pcmUp = new PcmUp();
  private pcmDown = new PcmDown();
  private readonly callerMulaw = new MulawToRecording();
  private readonly assistantMulaw = new StreamResampler(8_000, PIPELINE_RATE);
  private readonly items = new Map<string, Item>();
  /** Items not yet final, in the order they were said. */
  private speaking: Item[] = [];
  private responseActive = false;
  private readonly pendingCalls: Promise<void>[] = [];
  private endAfterSpeech = false;
  private ended = false;
  private timers: (() => void)[] = [];
  private inputMs = 0;
  private inputLog: { endMs: number; perf: number }[] = [];
  private speechStartAt = new Map<string, number>();
  private lastMetrics: Metrics | null = null;
  private speechStartedPerf = 0;
  private entryChain: Promise<void> = Promise.resolve();
  private knowledge: TurnKnowledge | null = null;
  private toolByName = new Map<string, StepTool>();
  private generation = 0;
  private speechChain: Promise<void> = Promise.resolve();
  private pendingTranscripts = 0;
  private readonly startedAt: number;
  private silenceTimer: (() => void) | null = null;
  private reengagements = 0;
  private lastWasReengagement = false;
  /** The caller is speaking (between speech_started and speech_stopped). */
  private callerSpeaking = false;
  /** assistant_transfer asked for in the response being answered: carried out once its function calls are in. */
  private pendingHandover: Handover | null = null;
  /** Resolved by tick once nothing is said or being made (a hand-over's message has played). */
  private quietWaiters: (() => void)[] = [];

  constructor(
    private setting: RealtimeSetting,
    private readonly parts: RealtimeParts,
    private readonly transport: VoiceTransport,
    private readonly sink: VoiceSessionSink,
  ) {
    this.startedAt = parts.clock.now();
    this.recorder = new CallRecorder(this.startedAt);
    this.sink.recordingSoFar?.(this.recorder.soFar());
    this.mulawOut = typeof transport.sendMulaw === 'function';
    this.format = this.mulawOut ? { type: 'audio/pcmu' } : { type: 'audio/pcm', rate: 24000 };
    this.playout = new RealtimePlayout(() => parts.clock.now(), {
      send: (frame, playAt) => {
        if (frame.mulaw && this.transport.sendMulaw) this.transport.sendMulaw(frame.mulaw);
        else if (frame.pcm) this.transport.sendAudio(frame.pcm);
        this.recorder.assistant(frame.record, playAt);
      },
      started: (item) => {
        this.setState('speaking');
        const it = this.items.get(item.id);
        if (it) this.transport.line?.({ id: it.id, sender: 'bot', text: it.transcript, final: false });
      },
    });
    // Only in this (the pipeline's) μ-law path is `pushMulaw` offered: a PCM transport never calls it.
    if (!this.mulawOut) this.pushMulaw = undefined;
  }

  /** Sends the session's configuration and, unless the assistant waits for the caller, its greeting. */
  async start(): Promise<void> {
    const a = this.setting.talk.assistant;
    this.knowledge = await this.functionKnowledge();
    this.configure();
    this.timers.push(this.parts.clock.every(FRAME_MS, () => this.tick()));
    this.timers.push(this.parts.clock.after(this.setting.talk.maxDurationMs, () => void this.finish('max_duration', true)));
    if (this.setting.waitForCustomer) {
      this.armSilence(this.setting.maxSilenceMs);
      return;
    }
    const greeting = a.initialMessage;
    if (greeting && this.setting.mode === 'dualplex') {
      // The pipeline voice says it as written; the model is told it was said.
      this.send({ type: 'conversation.item.create', item: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: greeting }] } });
      const item = this.newItem(`greeting_${this.setting.talk.callId}`, false);
      item.complete = true;
      for (const s of splitSentences(greeting)) this.speakSentence(item, s);
      return;
    }
    // A response's instructions replace the session's for that response: the prompt is kept, the task added.
    this.responseActive = true;
    this.send({ type: 'response.create', response: greeting ? { instructions: `${a.system}\n\nSay exactly this greeting, word for word, and nothing else: "${greeting}"` } : {} });
  }

  /**
   * (Re)sends the session's configuration: instructions, voice, tools, turn detection and formats. The seam for a
   * hand-over to another assistant (assistant_transfer): call it with that assistant's setting; the call, its
   * recording and its transcript go on.
   */
  async reconfigure(setting: RealtimeSetting, speaker?: Speaker | null): Promise<void> {
    const voice = this.setting.voice;
    // A new voice goes in an update of its own: OpenAI refuses a voice change once the session has spoken, and
    // that refusal must not take the other assistant's instructions and tools with it.
    this.setting = { ...setting, voice };
    if (speaker !== undefined) this.parts.speaker = speaker;
    this.knowledge = await this.functionKnowledge();
    this.configure();
    if (setting.voice !== voice) {
      this.setting = setting;
      this.send({ type: 'session.update', session: { type: 'realtime', audio: { output: { voice: setting.voice } } } });
    }
  }

  /**
   * assistant_transfer on this call: message_before_transfer in this assistant's voice, then the other
   * assistant's instructions, tools, knowledge and voice (reconfigure), the transcript's `handover` mark once the
   * message has played, the call's record told (sink.handedOver), and the other's greeting when
   * speak_transfer_greeting. The endpoint model and mode stay the session's (one socket per call): an assistant
   * of the pipeline mode handed a speech-to-speech call talks on this endpoint with its own instructions and
   * voice. Resolves false when the other assistant cannot take the call: the first one goes on.
   */
  async handOver(request: Handover): Promise<boolean> {
    if (this.ended) return false;
    const next = await (this.parts.nextAssistant?.(request.assistantId) ?? Promise.resolve(null)).catch((e: unknown) => {
      this.log(`the assistant to hand over to could not be read: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    });
    if (this.ended) return false;
    if (!next) {
      this.log(`the call could not be handed over to assistant ${request.assistantId}: it cannot talk`);
      this.responseActive = true;
      this.send({ type: 'response.create' });
      return false;
    }
    if (request.messageBeforeTransfer !== '') {
      this.sayExactly(request.messageBeforeTransfer);
      await this.quiet();
      if (this.ended) return false;
    }
    await this.reconfigure(next.setting, next.speaker);
    this.emit(handoverEntry(request, this.stamp(this.parts.clock.now())));
    await Promise.resolve(this.sink.handedOver?.({ assistantId: request.assistantId, assistantName: request.assistantName })).catch((e: unknown) => this.log(`the hand-over could not be recorded: ${String(e)}`));
    const greeting = next.setting.talk.assistant.initialMessage;
    if (request.speakGreeting && greeting !== '') this.sayExactly(greeting);
    return true;
  }

  /** Fixed words in the current voice: the pipeline voice (dualplex) or the model told to say them verbatim. */
  private sayExactly(text: string): void {
    if (this.setting.mode === 'dualplex') {
      this.send({ type: 'conversation.item.create', item: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] } });
      const item = this.newItem(`said_${this.setting.talk.callId}_${this.items.size}`, false);
      item.complete = true;
      for (const s of splitSentences(text)) this.speakSentence(item, s);
      return;
    }
    this.responseActive = true;
    this.send({ type: 'response.create', response: { instructions: `${this.setting.talk.assistant.system}\n\nSay exactly this, word for word, and nothing else: "${text}"` } });
  }

  /** Resolves once nothing is being said or made (tick checks every frame). */
  private quiet(): Promise<void> {
    return new Promise((resolve) => this.quietWaiters.push(resolve));
  }

  /** The knowledge base in function-call mode: its search is one of the model's functions (answered for real). */
  private async functionKnowledge(): Promise<TurnKnowledge | null> {
    const read = this.setting.talk.assistant.knowledge;
    const knowledge = read ? await read('').catch(() => null) : null;
    return knowledge && knowledge.functions.length > 0 ? knowledge : null;
  }

  private configure(): void {
    const s = this.setting;
    const a = s.talk.assistant;
    this.toolByName = new Map(a.tools.map((t) => [t.name, t]));
    // The built-in tools (assistant_transfer, calendar_integration) answered as the pipeline's are.
    const offered = withBuiltinFunctions(withKnowledgeFunctions(a.offered, this.knowledge), a.builtins ?? null);
    const session: RealtimeSessionConfig = {
      type: 'realtime',
      model: s.model,
      instructions: a.system,
      output_modalities: s.mode === 'dualplex' ? ['text'] : ['audio'],
      audio: {
        input: {
          format: this.format,
          transcription: { model: s.transcriptionModel, ...(s.language ? { language: s.language } : {}) },
          turn_detection: turnDetection(s.endpointType, s.endpointSensitivity, s.allowInterruptions),
        },
        output: { format: this.format, voice: s.voice, speed: Math.min(1.5, Math.max(0.25, Number.isFinite(s.speed) ? s.speed : 1)) },
      },
      tools: offered.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.parameters })),
      tool_choice: 'auto',
    };
    this.send({ type: 'session.update', session });
  }

  private send(event: Record<string, unknown> & { type: string }): void {
    if (this.ended) return;
    this.parts.connection.send(event);
  }

  private log(message: string): void {
    (this.parts.log ?? ((m: string) => console.warn(`Voice call ${this.setting.talk.callId}: ${m}`)))(message);
  }

  /** The clock is epoch ms (as the pipeline's): entries are stamped with when they happened. */
  private stamp(clockMs: number): string {
    return new Date(clockMs).toISOString();
  }

  private setState(state: VoiceState): void {
    if (this.state === state || this.ended) return;
    this.state = state;
    this.transport.state?.(state);
  }

  private emit(entry: VoiceEntry): void {
    this.entries.push(entry);
    this.entryChain = this.entryChain.then(() => this.sink.entry(entry)).catch((e: unknown) => this.log(`an entry was not kept: ${e instanceof Error ? e.message : String(e)}`));
  }

  // ——— the caller ———

  pushAudio(samples: Float32Array): void {
    if (this.ended || samples.length === 0) return;
    this.recorder.caller(samples, this.parts.clock.now());
    this.noteInput((samples.length / PIPELINE_RATE) * 1000);
    const audio = this.pcmUp.push(samples);
    if (audio !== '') this.send({ type: 'input_audio_buffer.append', audio });
  }

  pushMulaw?: (bytes: Uint8Array) => void = (bytes) => {
    if (this.ended || bytes.length === 0) return;
    this.recorder.caller(this.callerMulaw.push(bytes), this.parts.clock.now());
    this.noteInput(bytes.length / 8);
    this.send({ type: 'input_audio_buffer.append', audio: Buffer.from(bytes).toString('base64') });
  };

  private noteInput(ms: number): void {
    this.inputMs += ms;
    const perf = performance.now();
    this.inputLog.push({ endMs: this.inputMs, perf });
    while (this.inputLog.length > 2 && this.inputLog[0]!.endMs < this.inputMs - INPUT_LOG_MS) this.inputLog.shift();
  }

  /** performance.now() at which the caller's audio at `ms` (from the first sample) arrived. */
  private arrivalOf(ms: number): number {
    const hit = this.inputLog.find((e) => e.endMs >= ms);
    if (!hit) return performance.now();
    return hit.perf - (hit.endMs - ms);
  }

  async end(reason: VoiceEndReason): Promise<void> {
    await this.finish(reason, false);
  }

  // ——— the endpoint ———

  /** A server event (start.ts hands them on). */
  onEvent(event: RealtimeServerEvent): void {
    if (this.ended) return;
    switch (event.type) {
      case 'input_audio_buffer.speech_started':
        this.speechStarted(event);
        return;
      case 'input_audio_buffer.speech_stopped': {
        const end = typeof event.audio_end_ms === 'number' ? this.arrivalOf(event.audio_end_ms) : performance.now();
        this.lastMetrics = { speechEndPerf: end, endpointingMs: Math.max(0, Math.round(performance.now() - end)) };
        this.pendingTranscripts += 1;
        this.callerSpeaking = false;
        this.setState('thinking');
        return;
      }
      case 'conversation.item.input_audio_transcription.completed':
        this.pendingTranscripts = Math.max(0, this.pendingTranscripts - 1);
        this.heard(event.item_id ?? '', (event.transcript ?? '').trim());
        return;
      case 'conversation.item.input_audio_transcription.failed':
        this.pendingTranscripts = Math.max(0, this.pendingTranscripts - 1);
        this.log('the endpoint could not transcribe the caller');
        return;
      case 'response.created':
        this.responseActive = true;
        this.disarmSilence();
        return;
      case 'response.output_item.added':
        if (event.item?.type === 'message' && event.item.id) this.newItem(event.item.id, this.setting.mode === 'multimodal');
        return;
      case 'response.output_audio.delta':
        this.audioDelta(event);
        return;
      case 'response.output_audio_transcript.delta': {
        const item = this.itemOf(event.item_id, true);
        if (item) {
          item.transcript += event.delta ?? '';
          item.segment(0).text = item.transcript;
        }
        return;
      }
      case 'response.output_audio_transcript.done': {
        const item = this.itemOf(event.item_id, true);
        if (item && typeof event.transcript === 'string') item.transcript = item.segment(0).text = event.transcript;
        return;
      }
      case 'response.output_text.delta':
        this.textDelta(event.item_id, event.delta ?? '');
        return;
      case 'response.output_text.done':
        this.textDone(event.item_id);
        return;
      case 'response.output_audio.done': {
        const item = this.itemOf(event.item_id, true);
        if (item) this.flushAudio(item);
        return;
      }
      case 'response.function_call_arguments.done':
        this.functionCall(event.call_id ?? `call_${Date.now()}`, event.name ?? '', event.arguments ?? '{}');
        return;
      case 'response.done':
        void this.responseDone(event);
        return;
      case 'error':
        // Cancelling a response that already ended, truncating audio already gone: the race is harmless.
        if (!/cancel|truncat/i.test(`${event.error?.code ?? ''} ${event.error?.message ?? ''}`)) this.log(`the realtime endpoint: ${event.error?.message ?? 'error'}`);
        return;
      default:
        return;
    }
  }

  /** The endpoint's socket closed during the call. */
  onClosed(code: number): void {
    if (this.ended) return;
    this.log(`the realtime endpoint closed the call's socket (${code})`);
    void this.finish('error', true);
  }

  private newItem(id: string, endpointAudio: boolean): Item {
    const existing = this.items.get(id);
    if (existing) return existing;
    const item = Object.assign(new ItemAudio(id), {
      transcript: '',
      complete: false,
      metrics: this.lastMetrics,
      splitter: this.setting.mode === 'dualplex' ? new SentenceSplitter() : null,
      endpointAudio,
      synthesizing: 0,
    }) as Item;
    // Only the answer's first item carries the turn's latency.
    this.lastMetrics = null;
    this.items.set(id, item);
    this.speaking.push(item);
    return item;
  }

  private itemOf(id: string | undefined, create: boolean): Item | null {
    if (!id) return null;
    return this.items.get(id) ?? (create ? this.newItem(id, this.setting.mode === 'multimodal') : null);
  }

  private framers = new Map<string, Framer<Float32Array> | Framer<Uint8Array>>();

  private audioDelta(event: RealtimeServerEvent): void {
    const item = this.itemOf(event.item_id, true);
    if (!item || !event.delta || item.complete) return;
    if (this.mulawOut) {
      const bytes = new Uint8Array(Buffer.from(event.delta, 'base64'));
      let framer = this.framers.get(item.id) as Framer<Uint8Array> | undefined;
      if (!framer) this.framers.set(item.id, (framer = new Framer(MULAW_FRAME, (n) => new Uint8Array(n))));
      this.playout.enqueue(item, 0, framer.push(bytes).map((b) => this.mulawFrame(b)));
    } else {
      let framer = this.framers.get(item.id) as Framer<Float32Array> | undefined;
      if (!framer) this.framers.set(item.id, (framer = new Framer(PCM_FRAME, (n) => new Float32Array(n))));
      this.playout.enqueue(item, 0, framer.push(this.pcmDown.push(event.delta)).map((pcm) => ({ pcm, record: pcm })));
    }
  }

  private mulawFrame(bytes: Uint8Array): OutFrame {
    // The recording hears the line's own bytes, decoded (the line itself gets them as they are).
    const record = this.assistantMulaw.push(mulawToFloats(bytes));
    return { mulaw: bytes, record };
  }

  private flushAudio(item: Item): void {
    const framer = this.framers.get(item.id);
    this.framers.delete(item.id);
    if (!framer) return;
    if (framer instanceof Framer && this.mulawOut) {
      const last = (framer as Framer<Uint8Array>).flush(0xff);
      if (last) this.playout.enqueue(item, 0, [this.mulawFrame(last)]);
    } else {
      const last = (framer as Framer<Float32Array>).flush(0);
      if (last) this.playout.enqueue(item, 0, [{ pcm: last, record: last }]);
    }
  }

  // ——— dualplex: text spoken by the pipeline voice ———

  private textDelta(id: string | undefined, delta: string): void {
    const item = this.itemOf(id, true);
    if (!item?.splitter) return;
    item.transcript += delta;
    for (const sentence of item.splitter.push(delta)) this.speakSentence(item, sentence);
  }

  private textDone(id: string | undefined): void {
    const item = this.itemOf(id, false);
    if (!item?.splitter) return;
    const rest = item.splitter.flush();
    if (rest) this.speakSentence(item, rest);
  }

  /** A sentence of the answer: synthesis starts now, the playout takes the sentences in order. */
  private speakSentence(item: Item, text: string): void {
    const speaker = this.parts.speaker;
    if (!speaker) return;
    const index = item.segments.length;
    item.segment(index).text = text;
    const generation = this.generation;
    item.synthesizing += 1;
    const audio = speaker.speak(text).catch((e: unknown) => {
      this.log(`a sentence could not be spoken: ${e instanceof Error ? e.message : String(e)}`);
      return new Float32Array(0);
    });
    this.speechChain = this.speechChain.then(async () => {
      const samples = await audio;
      item.synthesizing -= 1;
      if (generation !== this.generation || this.ended) return;
      const frames: OutFrame[] = [];
      for (let at = 0; at < samples.length; at += PCM_FRAME) {
        const pcm = new Float32Array(PCM_FRAME);
        pcm.set(samples.subarray(at, at + PCM_FRAME));
        frames.push({ pcm, record: pcm });
      }
      this.playout.enqueue(item, index, frames);
    });
  }

  // ——— turns ———

  private speechStarted(event: RealtimeServerEvent): void {
    this.speechStartedPerf = performance.now();
    this.callerSpeaking = true;
    this.disarmSilence();
    const startAt = this.parts.clock.now();
    if (event.item_id) this.speechStartAt.set(event.item_id, startAt);
    if (this.assistantActive && this.setting.allowInterruptions) this.interrupt();
  }

  /** The assistant is heard, or about to be (an answer being made). */
  private get assistantActive(): boolean {
    return this.responseActive || this.playout.queued || this.speaking.length > 0;
  }

  private interrupt(): void {
    this.transport.clearAudio();
    this.bargeInMs.push(Math.round(performance.now() - this.speechStartedPerf));
    const now = this.parts.clock.now();
    this.generation += 1;
    this.playout.clear();
    this.recorder.cutAssistant(now);
    // Audio made for the web call before the cut must not run into the next answer's resampler state.
    this.pcmDown = new PcmDown();
    this.framers.clear();
    for (const item of this.speaking) {
      if (item.endpointAudio && item.firstSentPerf !== null) {
        const audioEndMs = item.playedMs(now);
        this.truncates.push({ itemId: item.id, audioEndMs });
        this.send({ type: 'conversation.item.truncate', item_id: item.id, content_index: 0, audio_end_ms: audioEndMs });
      }
    }
    if (this.responseActive) this.send({ type: 'response.cancel' });
    const cut = this.speaking;
    this.speaking = [];
    for (const item of cut) {
      // What the cancelled response still sends for it (deltas in flight) is not played.
      item.complete = true;
      item.splitter = null;
      this.finalize(item, now, true);
    }
    this.endAfterSpeech = false;
    this.setState('listening');
  }

  private heard(itemId: string, text: string): void {
    if (text === '') return;
    const at = this.speechStartAt.get(itemId) ?? this.parts.clock.now();
    this.speechStartAt.delete(itemId);
    this.reengagements = 0;
    this.emit({ sender: 'human', type: 'message', text, timestamp: this.stamp(at) });
    this.transport.line?.({ id: `human-${itemId}`, sender: 'human', text, final: true });
  }

  private functionCall(callId: string, name: string, args: string): void {
    let parsed: Record<string, unknown> = {};
    let invalid: string | undefined;
    try {
      const value: unknown = JSON.parse(args || '{}');
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) parsed = value as Record<string, unknown>;
      else invalid = 'the arguments are not an object';
    } catch {
      invalid = 'the arguments are not JSON';
    }
    const startedAt = this.parts.clock.now();
    const a = this.setting.talk.assistant;
    const work = runFunctionCall(
      { tools: a.tools, endCall: a.endCall, knowledge: this.knowledge, builtins: a.builtins ?? null, allowPrivateUrls: this.setting.talk.allowPrivateUrls },
      this.toolByName,
      { id: callId, name, arguments: parsed, ...(invalid ? { invalid } : {}) },
      1,
    ).then(({ stored, ending, handover }) => {
      if (ending) this.endAfterSpeech = true;
      if (handover && !this.pendingHandover) this.pendingHandover = handover;
      this.emit({ sender: 'tool', type: 'function_call', text: '', timestamp: this.stamp(startedAt), name: stored.name, arguments: stored.arguments, result: stored.result ?? null, error: stored.error, duration_ms: stored.duration_ms });
      this.transport.tool?.({ name: stored.name, arguments: stored.arguments, result: stored.result, error: stored.error });
      this.send({ type: 'conversation.item.create', item: { type: 'function_call_output', call_id: callId, output: JSON.stringify(stored.error !== null ? { error: stored.error } : (stored.result ?? null)) } });
    });
    this.pendingCalls.push(work);
  }

  private async responseDone(event: RealtimeServerEvent): Promise<void> {
    this.responseActive = false;
    const status = event.response?.status ?? 'completed';
    for (const out of event.response?.output ?? []) {
      const item = out.id ? this.items.get(out.id) : undefined;
      if (!item) continue;
      if (item.splitter) this.textDone(item.id);
      else this.flushAudio(item);
      item.complete = true;
    }
    if (status === 'failed') this.log(`the realtime response failed: ${JSON.stringify(event.response?.status_details ?? {})}`);
    const calls = this.pendingCalls.splice(0);
    if (calls.length === 0) return;
    await Promise.allSettled(calls);
    if (this.ended) return;
    const handover = this.pendingHandover;
    this.pendingHandover = null;
    if (handover) {
      // The hand-over says what is said next (the message, the other assistant's greeting), not the model.
      void this.handOver(handover).catch((e: unknown) => this.log(`the hand-over failed: ${e instanceof Error ? e.message : String(e)}`));
      return;
    }
    // The functions' answers are in: the model goes on (a goodbye after end_call, the answer after a tool).
    if (this.endAfterSpeech && this.speaking.some((i) => i.transcript.trim() !== '')) return;
    this.responseActive = true;
    this.send({ type: 'response.create' });
  }

  private tick(): void {
    if (this.ended) return;
    this.playout.tick();
    const now = this.parts.clock.now();
    while (this.speaking.length > 0) {
      const item = this.speaking[0]!;
      if (!item.complete || item.queuedFrames > 0 || item.playedBy > now || item.synthesizing > 0) break;
      this.speaking.shift();
      this.finalize(item, now, false);
    }
    if (this.endAfterSpeech && !this.assistantActive && this.pendingCalls.length === 0) {
      void this.finish('end_call', true);
      return;
    }
    if (!this.assistantActive && this.quietWaiters.length > 0) for (const resolve of this.quietWaiters.splice(0)) resolve();
    if (!this.assistantActive && this.state === 'speaking') {
      this.setState('listening');
      this.armSilence(this.lastWasReengagement ? this.setting.reengageMs : this.setting.maxSilenceMs);
    }
  }

  // ——— silence: as the pipeline, re-engaged after max_silence_duration, then every reengagement_interval ———

  private armSilence(ms: number): void {
    this.disarmSilence();
    if (this.ended) return;
    this.silenceTimer = this.parts.clock.after(ms, () => {
      this.silenceTimer = null;
      if (this.ended || this.assistantActive || this.callerSpeaking || this.pendingTranscripts > 0) return;
      if (this.reengagements >= MAX_REENGAGEMENTS) {
        void this.finish('silence', true);
        return;
      }
      this.reengagements += 1;
      this.lastWasReengagement = true;
      const prompt = this.setting.reengagementPrompt?.trim();
      const note = `(The caller has said nothing for ${Math.round(ms / 1000)} seconds.${prompt ? ` ${prompt}` : ' Re-engage them briefly, as your instructions say, in one short sentence.'})`;
      this.responseActive = true;
      this.send({ type: 'response.create', response: { instructions: `${this.setting.talk.assistant.system}\n\n${note}` } });
    });
  }

  private disarmSilence(): void {
    this.silenceTimer?.();
    this.silenceTimer = null;
    if (this.callerSpeaking) this.lastWasReengagement = false;
  }

  private finalize(item: Item, at: number, cut: boolean): void {
    const heard = item.firstSentPerf === null ? { text: '', cut: true } : item.heardText(at);
    if (heard.text === '') return;
    const entry: VoiceEntry = { sender: 'bot', type: 'message', text: heard.text, timestamp: this.stamp(item.startAt ?? at) };
    if (item.metrics && item.firstSentPerf !== null) {
      entry.latency_ms = Math.max(0, Math.round(item.firstSentPerf - item.metrics.speechEndPerf));
      entry.endpointing_ms = item.metrics.endpointingMs;
    }
    if (cut || heard.cut) entry.interrupted = true;
    this.emit(entry);
    this.transport.line?.({ id: item.id, sender: 'bot', text: heard.text, final: true, ...(entry.interrupted ? { interrupted: true } : {}), ...(entry.latency_ms !== undefined ? { latency_ms: entry.latency_ms } : {}) });
  }

  private async finish(reason: VoiceEndReason, hangUp: boolean): Promise<void> {
    if (this.ended) return;
    const now = this.parts.clock.now();
    // What the caller said last is kept when its transcription comes in time.
    if (this.pendingTranscripts > 0 && !hangUp) {
      const deadline = performance.now() + LAST_WORDS_MS;
      while (this.pendingTranscripts > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    }
    if (this.ended) return;
    this.ended = true;
    for (const resolve of this.quietWaiters.splice(0)) resolve();
    for (const stop of this.timers) stop();
    this.disarmSilence();
    for (const item of this.speaking) this.finalize(item, now, item.playedBy > now || item.queuedFrames > 0 || !item.complete);
    this.speaking = [];
    this.recorder.cutAssistant(now);
    this.parts.connection.close();
    this.state = 'ended';
    this.transport.state?.('ended');
    if (hangUp) this.transport.hangUp(reason);
    await this.entryChain;
    const { wav, audioMs } = await this.recorder.wav(now);
    await this.sink.ended({ reason, wav, audioMs, entries: [...this.entries] });
  }
}

