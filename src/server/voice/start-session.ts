import type { Db } from '../db/connect';
import { loadAssistantTalk } from '../engine/talk/setting';
import type { ChatModel } from '../model/chat-model';
import type { SpeechSource } from '../speech/speech';
import { ambientSound } from './ambient';
import { realClock, type SessionClock } from './clock';
import { PhoneTools } from './phone-tools/functions';
import { loadPhoneTools } from './phone-tools/load';
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
  // The telephone built-ins (keys, transfers) act on calls you can hear; the call answers them itself.
  const phoneItems = await loadPhoneTools(deps.db, call.userId, call.assistantId);
  const phoneTools = phoneItems.length > 0 ? new PhoneTools(phoneItems) : null;
  if (phoneTools) loaded.setting.assistant.offered = [...loaded.setting.assistant.offered.filter((f) => !phoneTools.answers(f.name)), ...phoneTools.offered];
  const iso = a.iso_2?.trim().toLowerCase() || null;
  const setting: VoiceSetting = {
    talk: loaded.setting,
    language: iso,
    waitForCustomer: a.wait_for_customer,
    allowInterruptions: a.allow_interruptions,
    minInterruptWords: Math.max(0, a.min_interrupt_words),
    timings: turnTimings({ endpointSensitivity: Number(a.endpoint_sensitivity), endpointType: a.endpoint_type, interruptSensitivity: Number(a.interrupt_sensitivity) }),
    maxSilenceMs: Math.max(1, a.max_silence_duration) * 1000,
    reengageMs: Math.max(1, a.reengagement_interval) * 1000,
    reengagementPrompt: a.reengagement_prompt,
    ambient: ambientSound(a.ambient_sound, Number(a.ambient_sound_volume), PIPELINE_RATE, call.callId),
    phoneTools,
  };
  const voice = speechVoice(deps.speech.engine, { name: a.voice_name, gender: a.voice_gender, accent: a.voice_accent, language: iso, speed: Number(a.speech_speed) });
  const session = new VoiceSession(
    setting,
    {
      transcriber: deps.transcriber,
      speaker: new Speaker(deps.speech, voice),
      vad: deps.vad.create(),
      clock: deps.clock ?? realClock(deps.now),
      ...(deps.log ? { log: deps.log } : {}),
    },
    transport,
    sink,
  );
  session.start();
  return session;
}
