import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { CALLER_TEXT, callerAudio } from '../support/caller-wav';

/*
 * `npx tsx e2e/stt/serve.ts`: the transcription stand-in on STT_STAND_IN_PORT for the browser tests
 * (playwright.config.ts starts it and points the service's STT_BASE_URL at http://127.0.0.1:<port>).
 * It is the service's own test stand-in (src/server/test/stand-in-stt.ts: OpenAI's
 * `POST /audio/transcriptions`, multipart, `{text}` for audio that matches a registered phrase, nothing for
 * silence), taught the caller's words of e2e/web-call.spec.ts ("Where is my order A-1234?", eSpeak NG).
 *
 * Until that module is on this branch, a placeholder answers every transcription with no text, so the other
 * browser tests run; the web-call test needs the real one.
 */

interface StandInStt {
  url: string;
  register: (text: string, samples: Float32Array, rate: number) => void;
  close: () => Promise<void> | void;
}
type StartStandInStt = (options: { port: number; delayMs?: number }) => Promise<StandInStt> | StandInStt;

const port = Number(process.env.STT_STAND_IN_PORT ?? 8093);
const expectedUrl = `http://127.0.0.1:${port}`;

async function startReal(): Promise<StandInStt | null> {
  let mod: { startStandInStt?: StartStandInStt };
  try {
    // A variable path: this file compiles (and the other tests run) before the module exists.
    const path = '../../src/server/test/stand-in-stt';
    mod = (await import(path)) as { startStandInStt?: StartStandInStt };
  } catch (e) {
    console.warn(`Transcription stand-in: src/server/test/stand-in-stt.ts not found (${(e as Error).message}); a placeholder answers with no text.`);
    return null;
  }
  if (typeof mod.startStandInStt !== 'function') {
    console.warn('Transcription stand-in: src/server/test/stand-in-stt.ts has no startStandInStt; a placeholder answers with no text.');
    return null;
  }
  return mod.startStandInStt({ port, delayMs: 150 });
}

function startPlaceholder() {
  const app = new Hono();
  const nothing = () => Response.json({ text: '' });
  app.post('/audio/transcriptions', nothing);
  app.post('/v1/audio/transcriptions', nothing);
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  return { url: expectedUrl, register: () => undefined, close: () => void server.close() };
}

const stt = (await startReal()) ?? startPlaceholder();
if (stt.url.replace(/\/+$/, '') !== expectedUrl) {
  console.warn(`Transcription stand-in at ${stt.url}, but playwright.config.ts gives the service STT_BASE_URL=${expectedUrl}: align them.`);
}
try {
  const caller = callerAudio();
  stt.register(CALLER_TEXT, caller.speech, caller.rate);
} catch (e) {
  console.warn(`Transcription stand-in: the caller's words were not registered (${(e as Error).message}); is espeak-ng installed?`);
}
console.log(`Transcription stand-in on ${stt.url}`);

const stop = () => {
  void Promise.resolve(stt.close()).finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
