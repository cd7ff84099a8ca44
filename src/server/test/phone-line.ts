import { createServer, type AddressInfo } from 'node:net';
import type { Db } from '../db/connect';
import { issueToken } from '../auth/tokens';
import { insertAssistant } from './fixtures';
import { request } from './harness';
import { startStandInModel, type StandInModel } from './stand-ins/model';
import { startStandInStt, type StandInStt } from './stand-ins/transcription';
import { startStandInTwilio, type StandInCall, type StandInTwilio } from './stand-ins/twilio';
import { until } from './until';
import { espeakSpeech } from './voice-call';

/*
 * A phone line for the tests that run the service as its own process (src/server/ops/): the stand-ins a
 * call needs (transcription, the model, Twilio with a number), the service's environment pointing at them,
 * the number imported through the API and an inbound assistant on it; and the caller's side (dial and hear the
 * greeting, say a phrase and hear the answer begin).
 */

export const GREETING = 'Hello, this is Acme support.';
export const ASK = 'Hi, I would like to check on my order.';
export const ANSWER = 'Sure, I can help with that. What is the order number?';

export interface PhoneStandIns {
  stt: StandInStt;
  model: StandInModel;
  twilio: StandInTwilio;
  account: { sid: string; token: string };
  phone: string;
  /** The caller's ASK (eSpeak NG), registered with the transcription stand-in. */
  speech: Float32Array;
  close(): Promise<void>;
}

export async function startPhoneStandIns(): Promise<PhoneStandIns> {
  const speech = espeakSpeech(ASK);
  const stt = await startStandInStt({ delayMs: 100 });
  stt.register(ASK, speech);
  const model = await startStandInModel({ anyModel: true, fallback: { text: ANSWER } });
  const twilio = await startStandInTwilio();
  const account = twilio.addAccount();
  const phone = '+14155550142';
  twilio.addNumber(account.sid, phone);
  return {
    stt,
    model,
    twilio,
    account,
    phone,
    speech,
    close: async () => {
      await twilio.close();
      await stt.close();
      await model.close();
    },
  };
}

/** The service's variables for live phone calls against the stand-ins; PUBLIC_URL is where Twilio reaches it. */
export function phoneServiceEnv(s: PhoneStandIns, databaseUrl: string, publicUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '5',
    ENGINE_TICK_MS: '100',
    LLM_BASE_URL: s.model.baseUrl,
    STT_BASE_URL: s.stt.baseUrl,
    TWILIO_API_BASE_URL: s.twilio.baseUrl,
    SECRET_KEY: 'phone-line-test-secret-key-0123456789',
    PUBLIC_URL: publicUrl,
    ALLOW_PRIVATE_URLS: '1',
    TRUST_PROXY: '1',
    RATE_LIMIT_PER_MINUTE: '100000',
  };
}

/** Imports the number through `api` (the service or its load balancer) and puts an inbound assistant on it. */
export async function setUpInboundLine(db: Db, api: string, s: Pick<PhoneStandIns, 'phone' | 'account'>): Promise<{ assistantId: number; token: string }> {
  const { token, userId } = await issueToken(db, `phone-line-${Date.now()}@example.com`);
  const imported = await request(api, 'POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: s.phone, account_sid: s.account.sid, auth_token: s.account.token }, { Authorization: `Bearer ${token}` });
  if (imported.status !== 201) throw new Error(`import failed: ${imported.status} ${imported.text}`);
  const assistant = await insertAssistant(db, userId, { type: 'inbound', phone_number_id: imported.body.data.id as number, record: true });
  const gpt = await db.selectFrom('llm_models').select('id').where('name', '=', 'gpt-4o').executeTakeFirstOrThrow();
  const en = await db.selectFrom('languages').select('id').where('iso_2', '=', 'en').executeTakeFirst();
  // No re-engagement prompt while a test's callers wait their turn: it would talk over what they say. The
  // default end-of-turn pause (650 ms), not bench:voice's 300 ms: a loaded machine's gaps in the audio do not
  // cut a phrase in two.
  await db
    .updateTable('assistants')
    .set({ llm_model_id: gpt.id, language_id: en?.id ?? null, initial_message: GREETING, ambient_sound: 'none', endpoint_type: 'vad', endpoint_sensitivity: '2.5', allow_interruptions: false, max_silence_duration: 600, reengagement_interval: 600 })
    .where('id', '=', assistant.id)
    .execute();
  return { assistantId: assistant.id, token };
}

/** The assistant has been quiet for 600 ms (what it said has played out). */
export function quiet(call: StandInCall): Promise<boolean> {
  return until(
    'the assistant to be quiet',
    () => {
      const last = [...call.received].reverse().find((f) => f.level > 0.01)?.atMs ?? 0;
      return call.now() - last > 600;
    },
    20_000,
    50,
  );
}

/** A call to the line that has heard the greeting to its end. */
export async function dialAndGreet(s: PhoneStandIns, i: number, context: () => string = () => ''): Promise<StandInCall> {
  const call = await s.twilio.dial(`+1202555${String(1000 + i).slice(-4)}`, s.phone);
  if (call.webhookStatus !== 200) throw new Error(`the voice webhook answered ${call.webhookStatus}: ${call.twiml}`);
  await call.started;
  await until('the greeting', () => call.soundAfter(0) !== null, 20_000).catch((e: unknown) => {
    throw new Error(`${String(e)} (stream closed ${call.closeCode}, ${call.received.length} frames)\n${context()}`);
  });
  await quiet(call);
  return call;
}

/**
 * The caller says ASK once the assistant is quiet; true when an answer starts within 15 s. Not heard (on a loaded
 * machine the phrase may reach the transcription cut), they say it once more, as a caller would.
 */
export async function askAndHear(s: PhoneStandIns, call: StandInCall, attempts = 2): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    await quiet(call);
    const said = call.say(s.speech);
    await said.done;
    const from = said.voicedEndMs ?? call.now();
    const heard = await until('an answer', () => call.soundAfter(from) !== null, 15_000).then(
      () => true,
      () => false,
    );
    if (heard) return true;
  }
  return false;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => done(port));
    });
  });
}
