import type { RealtimeConfig } from '../config';
import type { Db } from '../db/connect';
import { loadAssistantTalk } from '../engine/talk/setting';
import type { ChatModel } from '../model/chat-model';
import type { SpeechSource } from '../speech/speech';
import { ambientSound } from './ambient';
import { realClock, type SessionClock } from './clock';
import { multilingualSystem, secondaryLanguages } from './languages';
import { loadRnnoise, NoiseSuppressor } from './noise/suppressor';
import { realtimeAssistant, startRealtimeSession } from './realtime/start';
import { VoiceSession, type NextAssistant, type VoiceSetting } from './session';
import { PhoneTools } from './phone-tools/functions';
import { loadPhoneTools } from './phone-tools/load';
import { PIPELINE_RATE, type VoiceCallStart, type VoiceSessionInput, type VoiceSessionSink, type VoiceTransport } from './session-types';
import { Speaker, speechVoice } from './speaker';
import type { Transcriber } from './transcriber';
import { turnTimings } from './turn-detector';
import type { VadFactory } from './vad';
import { voicemailGateFor, voicemailPolicyFor } from './voicemail/start';

/*
 * The one door of the voice pipeline: a transport (the browser's web call, Twilio's media stream) that has a
 * call calls startVoiceSession, feeds it the caller's audio through the returned input, and plays what it is
 * sent. The assistant is read the way the model calls read it (engine/talk/setting.ts's loadAssistantTalk:
 * prompt with the call's variables, tools, knowledge, end_call, initial message, fillers), plus its voice
 * fields, and the session starts at once: the greeting is spoken unless the assistant waits for the caller.
 */

export interface VoiceDeps {
  db: Db;
  /** LLM_BASE_URL's model and STT_BASE_URL's transcription: null on a realtime-only service (pipeline assistants cannot talk). */
  model: ChatModel | null;
  transcriber: Transcriber | null;
  speech: SpeechSource;
  vad: VadFactory;
  allowPrivateUrls: boolean;
  /** Epoch ms (entries' stamps, the playout); Date.now unless a test drives it. */
  now?: () => number;
  /** The whole clock, timers included (tests); built from `now` when absent. */
  clock?: SessionClock;
  /** Where a call's non-fatal failures are told; console.warn unless set. */
  log?: (message: string) => void;
  /** REALTIME_BASE_URL's endpoint: multimodal and dualplex assistants talk through it (voice/realtime/); null: they cannot. */
  realtime?: RealtimeConfig | null;
}

/** The assistant is gone (deleted, or its model is not one the endpoint serves): no call can start. */
export class VoiceSessionError extends Error {
  override name = 'VoiceSessionError';
}

/** A pipeline assistant on a service that has no transcription or no model (a realtime-only one): says which. */
export class PipelineUnavailableError extends VoiceSessionError {
  override name = 'PipelineUnavailableError';
}

export async function startVoiceSession(deps: VoiceDeps, call: VoiceCallStart, transport: VoiceTransport, sink: VoiceSessionSink): Promise<VoiceSessionInput> {
  // Speech-to-speech assistants (mode multimodal, dualplex) talk through the realtime endpoint instead.
  const realtime = await realtimeAssistant(deps.db, call.assistantId);
  if (realtime) return gatedRealtimeSession(deps, call, transport, sink, realtime);
  const { model, transcriber } = deps;
  if (!model || !transcriber) {
    const missing = [...(transcriber ? [] : ['STT_BASE_URL']), ...(model ? [] : ['LLM_BASE_URL'])];
    throw new PipelineUnavailableError(`Assistant ${call.assistantId} talks through the voice pipeline, which needs ${missing.join(' and ')}`);
  }
  return startPipelineSession({ ...deps, model, transcriber }, call, transport, sink);
}

/** A pipeline assistant's call (transcription → model → speech), on a service that has both. */
async function startPipelineSession(
  deps: VoiceDeps & { model: ChatModel; transcriber: Transcriber },
  call: VoiceCallStart,
  transport: VoiceTransport,
  sink: VoiceSessionSink,
): Promise<VoiceSessionInput> {
  const voicemail = voicemailPolicyFor(deps.db, call);
  // Awaited below; marked handled here so a call that fails first leaves no unhandled rejection behind.
  voicemail.catch(() => undefined);
  const loaded = await loadAssistantTalk(deps.db, {
    assistantId: call.assistantId,
    callId: call.callId,
    variables: call.variables,
    answeredAt: call.answeredAt,
    model: deps.model,
    allowPrivateUrls: deps.allowPrivateUrls,
  });
  if (!loaded) throw new VoiceSessionError(`Assistant ${call.assistantId} cannot talk: it is gone, or its model is not served`);
  const a = loaded.assistant;
  // The telephone built-ins (keys, transfers) act on calls you can hear; the call answers them itself.
  const phoneItems = await loadPhoneTools(deps.db, call.userId, call.assistantId);
  const phoneTools = phoneItems.length > 0 ? new PhoneTools(phoneItems) : null;
  if (phoneTools) loaded.setting.assistant.offered = [...loaded.setting.assistant.offered.filter((f) => !phoneTools.answers(f.name)), ...phoneTools.offered];
  const iso = a.iso_2?.trim().toLowerCase() || null;
  // The speech settings loadAssistantTalk does not read (noise, secondary languages, the first silence).
  const extra = await deps.db
    .selectFrom('assistants')
    .select(['enable_noise_cancellation', 'secondary_language_ids', 'max_initial_silence_duration'])
    .where('id', '=', call.assistantId)
    .executeTakeFirstOrThrow();
  const primary = { iso: iso ?? 'en', name: loaded.language ?? 'English' };
  const secondary = await secondaryLanguages(deps.db, extra.secondary_language_ids, primary.iso);
  const languages = secondary.length > 0 ? { primary, secondary } : undefined;
  const talk = languages ? { ...loaded.setting, assistant: { ...loaded.setting.assistant, system: multilingualSystem(loaded.setting.assistant.system, primary, secondary) } } : loaded.setting;
  const setting: VoiceSetting = {
    talk,
    language: iso,
    waitForCustomer: a.wait_for_customer,
    allowInterruptions: a.allow_interruptions,
    minInterruptWords: Math.max(0, a.min_interrupt_words),
    timings: turnTimings({ endpointSensitivity: Number(a.endpoint_sensitivity), endpointType: a.endpoint_type, interruptSensitivity: Number(a.interrupt_sensitivity) }),
    maxSilenceMs: Math.max(1, a.max_silence_duration) * 1000,
    reengageMs: Math.max(1, a.reengagement_interval) * 1000,
    reengagementPrompt: a.reengagement_prompt,
    ambient: ambientSound(a.ambient_sound, Number(a.ambient_sound_volume), PIPELINE_RATE, call.callId),
    ...(languages ? { languages } : {}),
    initialSilenceMs: extra.max_initial_silence_duration ? extra.max_initial_silence_duration * 1000 : null,
    phoneTools,
  };
  const voiceOf = (language: string | null) =>
    speechVoice(deps.speech.engine, { name: a.voice_name, gender: a.voice_gender, accent: a.voice_accent, language, speed: Number(a.speech_speed) });
  const voice = voiceOf(iso);
  // Loaded on the first call that suppresses noise; a call's denoiser state is its own.
  const suppressor = extra.enable_noise_cancellation ? new NoiseSuppressor(await loadRnnoise(), PIPELINE_RATE) : null;
  // assistant_transfer: the other assistant read for this call as this one was, with its own voice.
  const nextAssistant = async (assistantId: number): Promise<NextAssistant | null> => {
    const other = await loadAssistantTalk(deps.db, { assistantId, callId: call.callId, variables: call.variables, answeredAt: call.answeredAt, model: deps.model, allowPrivateUrls: deps.allowPrivateUrls });
    if (!other) return null;
    const b = other.assistant;
    const lang = b.iso_2?.trim().toLowerCase() || null;
    const otherVoice = speechVoice(deps.speech.engine, { name: b.voice_name, gender: b.voice_gender, accent: b.voice_accent, language: lang, speed: Number(b.speech_speed) });
    return { talk: other.setting, speaker: new Speaker(deps.speech, otherVoice), language: lang };
  };
  const speaker = new Speaker(deps.speech, voice);
  const clock = deps.clock ?? realClock(deps.now);
  // `calleeSpoke` (voicemail/gate.ts): a wait_for_customer assistant does not wait for words it was already given.
  const open = (options?: { calleeSpoke: boolean }): VoiceSessionInput => {
    const session = new VoiceSession(
      options?.calleeSpoke ? { ...setting, waitForCustomer: false } : setting,
      {
        transcriber: deps.transcriber,
        speaker,
        ...(languages ? { speakers: new Map(secondary.map((l) => [l.iso, new Speaker(deps.speech, voiceOf(l.iso))])) } : {}),
        vad: deps.vad.create(),
        nextAssistant,
        clock,
        ...(deps.log ? { log: deps.log } : {}),
      },
      transport,
      // The session's own end (end_call, silence, ...) frees the call's RNNoise state too, whatever the transport does.
      suppressor ? afterEnded(sink, () => suppressor.destroy()) : sink,
    );
    session.start();
    if (!suppressor) return session;
    return {
      pushAudio: (samples) => session.pushAudio(suppressor.push(samples)),
      pushDigit: (digit) => session.pushDigit(digit),
      end: (reason) => session.end(reason),
    };
  };
  // Outbound calls: nothing is said until a person is known to have answered (voicemail/start.ts says which calls).
  const gated = voicemailGateFor({ model: deps.model, modelName: loaded.setting.modelName, transcriber: deps.transcriber, clock, ...(deps.log ? { log: deps.log } : {}) }, await voicemail, call, speaker, transport, sink, open);
  return gated ?? open();
}

/**
 * A speech-to-speech call, behind the voicemail gate on outbound calls as a pipeline call is: the gate decides
 * (our detector, or the line's AMD), speaks voice_mail_message to a machine in the assistant's pipeline voice (the
 * realtime endpoint is not even connected for a machine), and opens the realtime session only for a person. On a
 * μ-law line the gate takes the line's bytes and hands them on to the session as they are. Without an endpoint
 * the call is refused at once (realtime_unavailable), gate or not.
 */
async function gatedRealtimeSession(
  deps: VoiceDeps,
  call: VoiceCallStart,
  transport: VoiceTransport,
  sink: VoiceSessionSink,
  realtime: NonNullable<Awaited<ReturnType<typeof realtimeAssistant>>>,
): Promise<VoiceSessionInput> {
  const realtimeDeps = { ...deps, realtime: deps.realtime ?? null };
  const open = (options?: { calleeSpoke: boolean }) => startRealtimeSession(realtimeDeps, call, transport, sink, realtime, options);
  if (!realtimeDeps.realtime) return open();
  const policy = await voicemailPolicyFor(deps.db, call);
  if (!policy) return open();
  const a = await deps.db
    .selectFrom('assistants')
    .leftJoin('languages', 'languages.id', 'assistants.language_id')
    .leftJoin('voices', 'voices.id', 'assistants.voice_id')
    .select(['voices.name as voice_name', 'voices.gender as voice_gender', 'voices.accent as voice_accent', 'languages.iso_2', 'assistants.speech_speed'])
    .where('assistants.id', '=', call.assistantId)
    .executeTakeFirstOrThrow();
  const speaker = new Speaker(
    deps.speech,
    speechVoice(deps.speech.engine, { name: a.voice_name, gender: a.voice_gender, accent: a.voice_accent, language: a.iso_2?.trim().toLowerCase() || null, speed: Number(a.speech_speed) }),
  );
  const clock = deps.clock ?? realClock(deps.now);
  const gated = voicemailGateFor(
    // The greeting's classifier asks the chat model (LLM_MODEL): the assistant's own model is the realtime one.
    { model: deps.model, modelName: deps.model?.info.model ?? '', transcriber: deps.transcriber, clock, mulaw: typeof transport.sendMulaw === 'function', ...(deps.log ? { log: deps.log } : {}) },
    policy,
    call,
    speaker,
    transport,
    sink,
    open,
  );
  return gated ?? open();
}

/**
 * The sink as it is (its optional parts, a hand-over's record, the answering machine's verdict, kept whatever
 * they become), with `then` run when the call has ended.
 */
function afterEnded(sink: VoiceSessionSink, then: () => void): VoiceSessionSink {
  return new Proxy(sink, {
    get(target, prop) {
      if (prop === 'ended') {
        return (result: Parameters<VoiceSessionSink['ended']>[0]) => {
          then();
          return target.ended(result);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
