import type { RealtimeConfig } from '../../config';
import type { Db } from '../../db/connect';
import { loadAssistantTalk } from '../../engine/talk/setting';
import { ModelCallError, type ChatModel } from '../../model/chat-model';
import type { SpeechSource } from '../../speech/speech';
import { realClock, type SessionClock } from '../clock';
import type { VoiceCallStart, VoiceSessionInput, VoiceSessionSink, VoiceTransport } from '../session-types';
import { Speaker, speechVoice } from '../speaker';
import { connectRealtime, RealtimeUnavailableError } from './client';
import { realtimeVoice } from './protocol';
import { RealtimeSession, type RealtimeSetting } from './session';

/*
 * The speech-to-speech door of voice/start-session.ts: an assistant whose mode is `multimodal` or `dualplex`
 * talks through the realtime endpoint (REALTIME_BASE_URL) instead of the pipeline. Its setting is read as the
 * pipeline reads it (engine/talk/setting.ts loadAssistantTalk: the prompt with the call's variables, tools,
 * knowledge, end_call, the initial message), plus its realtime model (REALTIME_MODEL, else the assistant's
 * multimodal model) and its voice. Without an endpoint the call cannot start: RealtimeUnavailableError, and the
 * call ends as `realtime_unavailable`.
 */

export const REALTIME_MODES = ['multimodal', 'dualplex'] as const;
export type RealtimeMode = (typeof REALTIME_MODES)[number];
/** The endpoint's transcription of the caller (audio.input.transcription.model). */
export const REALTIME_TRANSCRIPTION_MODEL = 'whisper-1';

export function isRealtimeMode(mode: string | null | undefined): mode is RealtimeMode {
  return (REALTIME_MODES as readonly string[]).includes(mode ?? '');
}

/** The assistant's realtime mode and model, or null when it is a pipeline assistant (or gone). */
export async function realtimeAssistant(db: Db, assistantId: number): Promise<{ mode: RealtimeMode; modelName: string | null } | null> {
  const row = await db
    .selectFrom('assistants as a')
    .leftJoin('llm_models as m', 'm.id', 'a.llm_model_id')
    .select(['a.mode', 'm.name as model_name'])
    .where('a.id', '=', assistantId)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  return row && isRealtimeMode(row.mode) ? { mode: row.mode, modelName: row.model_name } : null;
}

/**
 * The chat model as the setting's reader sees it, with the realtime model's name as the one every assistant uses.
 * A realtime-only service (REALTIME_BASE_URL without LLM_BASE_URL) has none: the call never asks one (the endpoint
 * answers), so any ask is refused saying why.
 */
function namedModel(model: ChatModel | null, name: string): ChatModel {
  if (!model) {
    const refuse = () => Promise.reject(new ModelCallError('No chat model: LLM_BASE_URL is not set (a speech-to-speech call is answered by its realtime endpoint)', undefined));
    return { info: { baseUrl: '', model: name }, reply: refuse, stream: refuse, object: refuse, listModels: () => Promise.resolve([]) };
  }
  return {
    info: { ...model.info, model: name },
    reply: (r) => model.reply(r),
    stream: (r, h) => model.stream(r, h),
    object: (r) => model.object(r),
    listModels: () => model.listModels(),
  };
}

export interface RealtimeDeps {
  db: Db;
  /** LLM_BASE_URL's model; null on a realtime-only service. */
  model: ChatModel | null;
  speech: SpeechSource;
  allowPrivateUrls: boolean;
  realtime: RealtimeConfig | null;
  clock?: SessionClock;
  now?: () => number;
  log?: (message: string) => void;
}

export async function startRealtimeSession(
  deps: RealtimeDeps,
  call: VoiceCallStart,
  transport: VoiceTransport,
  sink: VoiceSessionSink,
  assistant: { mode: RealtimeMode; modelName: string | null },
  /** `calleeSpoke` (voicemail/gate.ts): a wait_for_customer assistant does not wait for words it was already given. */
  options?: { calleeSpoke: boolean },
): Promise<VoiceSessionInput & { reconfigure: RealtimeSession['reconfigure'] }> {
  const config = deps.realtime;
  if (!config) throw new RealtimeUnavailableError(`the assistant's mode is ${assistant.mode}, which needs a realtime endpoint: set REALTIME_BASE_URL`);
  const model = config.model ?? assistant.modelName;
  if (!model) throw new RealtimeUnavailableError('the assistant has no multimodal model, and REALTIME_MODEL is not set');
  const first = await readRealtimeSetting(deps, call, call.assistantId, assistant.mode, model, options);
  if (!first) throw new RealtimeUnavailableError(`Assistant ${call.assistantId} is gone`);
  const { setting, speaker } = first;
  let session: RealtimeSession | null = null;
  const connection = await connectRealtime(config, model, {
    event: (e) => session?.onEvent(e),
    closed: (code) => session?.onClosed(code),
  });
  session = new RealtimeSession(
    setting,
    {
      connection,
      clock: deps.clock ?? realClock(deps.now),
      speaker,
      // assistant_transfer: the other assistant, read for this call, on this session's endpoint model and mode.
      nextAssistant: (assistantId) => readRealtimeSetting(deps, call, assistantId, assistant.mode, model),
      ...(deps.log ? { log: deps.log } : {}),
    },
    transport,
    sink,
  );
  try {
    await session.start();
  } catch (e) {
    connection.close();
    throw e;
  }
  return session;
}

/**
 * An assistant's setting on a realtime session of `mode` and `model`: the call's own assistant, or the one a call
 * is handed to (assistant_transfer; a pipeline assistant's prompt, tools and voice then go on the same endpoint).
 * Null when the assistant is gone.
 */
async function readRealtimeSetting(
  deps: RealtimeDeps,
  call: VoiceCallStart,
  assistantId: number,
  mode: RealtimeMode,
  model: string,
  options?: { calleeSpoke: boolean },
): Promise<{ setting: RealtimeSetting; speaker: Speaker | null } | null> {
  const loaded = await loadAssistantTalk(deps.db, {
    assistantId,
    callId: call.callId,
    variables: call.variables,
    answeredAt: call.answeredAt,
    // The setting names the realtime model (never the chat model's LLM_MODEL): the chat model is not asked in the call.
    model: namedModel(deps.model, model),
    allowPrivateUrls: deps.allowPrivateUrls,
  });
  if (!loaded) return null;
  const a = loaded.assistant;
  const iso = a.iso_2?.trim().toLowerCase() || null;
  const setting: RealtimeSetting = {
    mode,
    model,
    talk: loaded.setting,
    language: iso,
    waitForCustomer: a.wait_for_customer && !options?.calleeSpoke,
    allowInterruptions: a.allow_interruptions,
    endpointType: a.endpoint_type,
    endpointSensitivity: Number(a.endpoint_sensitivity),
    voice: realtimeVoice(a.voice_name),
    speed: Number(a.speech_speed),
    transcriptionModel: REALTIME_TRANSCRIPTION_MODEL,
    maxSilenceMs: Math.max(1, a.max_silence_duration) * 1000,
    reengageMs: Math.max(1, a.reengagement_interval) * 1000,
    reengagementPrompt: a.reengagement_prompt,
  };
  const speaker =
    mode === 'dualplex'
      ? new Speaker(deps.speech, speechVoice(deps.speech.engine, { name: a.voice_name, gender: a.voice_gender, accent: a.voice_accent, language: iso, speed: Number(a.speech_speed) }))
      : null;
  return { setting, speaker };
}
