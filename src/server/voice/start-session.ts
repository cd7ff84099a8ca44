import type { Db } from '../db/connect';
import { loadAssistantTalk } from '../engine/talk/setting';
import type { ChatModel } from '../model/chat-model';
import type { SpeechSource } from '../speech/speech';
import { ambientSound } from './ambient';
import { realClock, type SessionClock } from './clock';
import { multilingualSystem, secondaryLanguages } from './languages';
import { loadRnnoise, NoiseSuppressor } from './noise/suppressor';
import { VoiceSession, type VoiceSetting } from './session';
import { PIPELINE_RATE, type VoiceCallStart, type VoiceSessionInput, type VoiceSessionSink, type VoiceTransport } from './session-types';
import { Speaker, speechVoice } from './speaker';
import type { Transcriber } from './transcriber';
import { turnTimings } from './turn-detector';
import type { VadFactory } from './vad';

/*
 * The one door of the voice pipeline: a transport (the browser's web call, Twilio's media stream) that has a
 * call calls startVoiceSession, feeds it the caller's audio through the returned input, and plays what it is
 * sent. The assistant is read the way the model calls read it (engine/talk/setting.ts's loadAssistantTalk:
 * prompt with the call's variables, tools, knowledge, end_call, initial message, fillers), plus its voice
 * fields, and the session starts at once: the greeting is spoken unless the assistant waits for the caller.
 */

export interface VoiceDeps {
  db: Db;
  model: ChatModel;
  transcriber: Transcriber;
  speech: SpeechSource;
  vad: VadFactory;
  allowPrivateUrls: boolean;
  /** Epoch ms (entries' stamps, the playout); Date.now unless a test drives it. */
  now?: () => number;
  /** The whole clock, timers included (tests); built from `now` when absent. */
  clock?: SessionClock;
  /** Where a call's non-fatal failures are told; console.warn unless set. */
  log?: (message: string) => void;
}

/** The assistant is gone (deleted, or its model is not one the endpoint serves): no call can start. */
export class VoiceSessionError extends Error {
  override name = 'VoiceSessionError';
}

export async function startVoiceSession(deps: VoiceDeps, call: VoiceCallStart, transport: VoiceTransport, sink: VoiceSessionSink): Promise<VoiceSessionInput> {
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
  };
  const voiceOf = (language: string | null) =>
    speechVoice(deps.speech.engine, { name: a.voice_name, gender: a.voice_gender, accent: a.voice_accent, language, speed: Number(a.speech_speed) });
  const voice = voiceOf(iso);
  // Loaded on the first call that suppresses noise; a call's denoiser state is its own.
  const suppressor = extra.enable_noise_cancellation ? new NoiseSuppressor(await loadRnnoise(), PIPELINE_RATE) : null;
  const session = new VoiceSession(
    setting,
    {
      transcriber: deps.transcriber,
      speaker: new Speaker(deps.speech, voice),
      ...(languages ? { speakers: new Map(secondary.map((l) => [l.iso, new Speaker(deps.speech, voiceOf(l.iso))])) } : {}),
      vad: deps.vad.create(),
      clock: deps.clock ?? realClock(deps.now),
      ...(deps.log ? { log: deps.log } : {}),
    },
    transport,
    // The session's own end (end_call, silence, ...) frees the call's RNNoise state too, whatever the transport does.
    suppressor ? { entry: (e) => sink.entry(e), ended: (r) => (suppressor.destroy(), sink.ended(r)) } : sink,
  );
  session.start();
  if (!suppressor) return session;
  return {
    pushAudio: (samples) => session.pushAudio(suppressor.push(samples)),
    end: (reason) => session.end(reason),
  };
}
