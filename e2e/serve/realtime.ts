import { startStandInRealtime } from '../../src/server/test/stand-ins/realtime';
import { CALLER_TEXT, callerAudio } from '../support/caller-wav';

/*
 * `npx tsx e2e/serve/realtime.ts`: the realtime stand-in on REALTIME_STAND_IN_PORT for the browser tests
 * (playwright.config.ts starts it and points the service's REALTIME_BASE_URL at its ws://…/v1). It is the
 * service's own test stand-in (src/server/test/stand-ins/realtime.ts: OpenAI's Realtime protocol, GA events,
 * answers spoken by eSpeak NG, the order tool called when the caller names an order), taught the caller's words
 * of e2e/web-call.spec.ts ("Where is my order A-1234?", eSpeak NG).
 */

const port = Number(process.env.REALTIME_STAND_IN_PORT ?? 8094);
const realtime = await startStandInRealtime({ port });
const caller = callerAudio();
realtime.register(CALLER_TEXT, caller.speech, caller.rate);
console.log(`Realtime stand-in on ${realtime.baseUrl}`);

const stop = () => {
  void realtime.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
