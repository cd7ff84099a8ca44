import { afterAll, beforeAll } from 'vitest';
import type { StartVoiceSession } from '../live-calls/services';
import { createChatModel } from '../model/openai-compatible';
import type { SpeechSource } from '../speech/speech';
import { voicePipeline } from '../voice/pipeline';
import type { RealtimeConfig } from '../config';
import { sileroVad } from '../voice/vad';
import type { StandInModel } from './stand-ins/model';
import type { StandInStt } from './stand-ins/transcription';
import type { StandInTwilio } from './stand-ins/twilio';
import { useService, type ServiceWithUsers } from './use-service';

/*
 * The frame of the live-voice test files: a test service whose calls run the REAL pipeline (Silero, the
 * transcription and model adapters, the file's speech) against the file's stand-ins, with two users handed to
 * `ready`; Silero loaded before the first test (the pipeline loads it on its first call otherwise); the
 * stand-ins given here closed after the last.
 */

export interface PipelineStandIns {
  model: StandInModel;
  stt: StandInStt;
  /** The live calls' speech (speech/select.ts LIVE_SPEECH_CONCURRENCY). */
  speech: SpeechSource;
  /** Twilio's stand-in: the service's Twilio REST calls go there. */
  twilio?: StandInTwilio;
  /** A realtime endpoint: multimodal and dualplex assistants talk through it. */
  realtime?: RealtimeConfig;
}

export function usePipelineService(ready: (started: ServiceWithUsers) => unknown, parts: PipelineStandIns): void {
  let pipeline: StartVoiceSession | null = null;
  useService(
    async (s) => {
      const voice = s.svc.server.voice!;
      if (parts.twilio) voice.twilioApiBaseUrl = parts.twilio.baseUrl;
      if (parts.realtime) {
        voice.realtime = true;
        voice.realtimeConfig = parts.realtime;
      }
      pipeline = voicePipeline({
        db: s.svc.handle.db,
        model: createChatModel({ baseUrl: parts.model.baseUrl, apiKey: undefined, model: undefined, timeoutMs: 10_000, maxRetries: 0, retryDelayMs: 10 }),
        stt: { baseUrl: parts.stt.baseUrl, apiKey: undefined, model: 'whisper-1', timeoutMs: 5_000 },
        speech: parts.speech,
        allowPrivateUrls: true,
        ...(parts.realtime ? { realtime: parts.realtime } : {}),
      });
      await ready(s);
    },
    { llm: { baseUrl: parts.model.baseUrl }, voice: { startSession: (call, transport, sink) => pipeline!(call, transport, sink) } },
  );
  beforeAll(() => sileroVad().then(() => undefined), 30_000);
  afterAll(async () => {
    await parts.twilio?.close();
    await parts.stt.close();
    await parts.model.close();
  });
}
