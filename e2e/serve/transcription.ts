import { startStandInStt } from '../../src/server/test/stand-ins/transcription';
import { CALLER_TEXT, callerAudio } from '../support/caller-wav';

/*
 * `npx tsx e2e/serve/transcription.ts`: the transcription stand-in on STT_STAND_IN_PORT for the browser tests
 * (playwright.config.ts starts it and points the service's STT_BASE_URL at its /v1). It is the service's own
 * test stand-in (src/server/test/stand-ins/transcription.ts: OpenAI's `POST /v1/audio/transcriptions`, multipart,
 * `{text}` for audio that matches a registered phrase, nothing for silence), taught the caller's words of
 * e2e/web-call.spec.ts ("Where is my order A-1234?", eSpeak NG), answering after 150 ms as a fast local
 * server would.
 */

const port = Number(process.env.STT_STAND_IN_PORT ?? 8093);
const stt = await startStandInStt({ port, delayMs: 150 });
const caller = callerAudio();
stt.register(CALLER_TEXT, caller.speech, caller.rate);
console.log(`Transcription stand-in on ${stt.baseUrl}`);

const stop = () => {
  void stt.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
