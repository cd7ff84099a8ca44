import type { RealtimeConfig, SttConfig } from '../config';
import type { Db } from '../db/connect';
import type { StartVoiceSession } from '../live-calls/services';
import type { ChatModel } from '../model/chat-model';
import type { SpeechSource } from '../speech/speech';
import { startVoiceSession } from './start-session';
import { openAiTranscriber, type Transcriber } from './transcriber';
import { sileroVad, type VadFactory } from './vad';

/*
 * The pipeline bound to this process's parts, as the transports call it (live-calls/services.ts's
 * StartVoiceSession): the transcription endpoint, the model, the live calls' own speech source, and the
 * detector. The detector's model (onnxruntime and Silero's weights) is loaded on the first call, not at start:
 * a service that never takes a live call never pays for it.
 */

export interface PipelineParts {
  db: Db;
  /** LLM_BASE_URL's model and STT_BASE_URL: both null on a realtime-only service (only speech-to-speech assistants talk). */
  model: ChatModel | null;
  stt: SttConfig | null;
  /** A source of the live calls' own (speech/select.ts LIVE_SPEECH_CONCURRENCY), not the renders'. */
  speech: SpeechSource;
  allowPrivateUrls: boolean;
  /** The transcription endpoint's adapter; built from `stt` unless given (cli/start.ts counts its failures). */
  transcriber?: Transcriber;
  /** The detector; Silero VAD loaded once on first use unless given (tests). */
  vad?: VadFactory;
  /** REALTIME_BASE_URL's endpoint for multimodal and dualplex assistants; none: their calls end `realtime_unavailable`. */
  realtime?: RealtimeConfig | null;
}

export function voicePipeline(parts: PipelineParts): StartVoiceSession {
  const transcriber = parts.transcriber ?? (parts.stt ? openAiTranscriber(parts.stt) : null);
  let vad: Promise<VadFactory> | null = parts.vad ? Promise.resolve(parts.vad) : null;
  return async (call, transport, sink) => {
    vad ??= sileroVad();
    const detector = await vad.catch((e: unknown) => {
      // A failed load is tried again by the next call, not remembered.
      vad = null;
      throw e;
    });
    return startVoiceSession({ db: parts.db, model: parts.model, transcriber, speech: parts.speech, vad: detector, allowPrivateUrls: parts.allowPrivateUrls, realtime: parts.realtime ?? null }, call, transport, sink);
  };
}
