import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WavSynth } from '../audio/wav';
import type { Db } from '../db/connect';
import { toDbTimestamp } from '../db/time';
import { TestClock } from '../engine/clock';
import { chooseSpeech } from '../speech/select';
import type { SpeechSource } from '../speech/speech';
import { pcmOf, pitchBetween, rmsBetween } from '../test/audio';
import { insertAssistant, insertCall } from '../test/fixtures';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { startStandInTts, type StandInTts } from '../test/stand-ins/speech';
import { claimRecording } from './queue';
import { renderDueRecordings } from './worker';

/*
 * Recordings that speak, over real HTTP on a real database: with eSpeak NG (installed here and in CI), with a
 * stand-in TTS server, and with neither (the murmur). A call's recording must be its transcript spoken: loud
 * where its turns are, silent in the gaps between their timestamps, the two sides in voices of different pitch.
 */

/** Turn times (s after the answer) far enough apart that each short sentence has ended before the next. */
const TURNS = [
  { at: 0.5, sender: 'bot', text: 'Good morning, this is Lena from Acme Dental.' },
  { at: 5, sender: 'human', text: 'Hello, yes, I wanted to move my appointment.' },
  { at: 10, sender: 'bot', text: 'Of course. Does Tuesday at three work for you?' },
] as const;
const DURATION = 14;

function transcriptAt(answered: Date, turns: readonly { at: number; sender: string; text: string }[] = TURNS) {
  return turns.map((t) => ({ sender: t.sender, text: t.text, timestamp: new Date(answered.getTime() + t.at * 1000).toISOString() }));
}

/** An ended call with a transcript, the way the engine leaves it: inserted live, then updated to its outcome (which queues it). */
async function endedCall(db: Db, userId: number, assistantId: number, turns: readonly { at: number; sender: string; text: string }[] = TURNS, duration = DURATION) {
  const answered = new Date(Date.now() - 60_000);
  const id = await insertCall(db, userId, { assistant_id: assistantId, status: 'in-progress', duration: 0, answered_at: toDbTimestamp(answered) });
  const key = randomUUID();
  await db
    .updateTable('calls')
    .set({ status: 'completed', duration, transcript: JSON.stringify(transcriptAt(answered, turns)), recording_key: key })
    .where('id', '=', id)
    .execute();
  return { id, key };
}

async function getRecording(svc: TestService, key: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${svc.api}/recordings/${key}.wav`, { headers });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

function expectTelephoneWav(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('RIFF');
  expect(view.getUint16(20, true)).toBe(1); // PCM
  expect(view.getUint16(22, true)).toBe(1); // mono
  expect(view.getUint32(24, true)).toBe(8000);
  expect(view.getUint16(34, true)).toBe(16);
  expect(view.getUint32(40, true)).toBe(bytes.byteLength - 44);
}

/** Loud in the first second of every turn, near silent in the second before each (and before the first). */
function expectSpeechAtTurns(bytes: Uint8Array) {
  const pcm = pcmOf(bytes);
  for (const [i, turn] of TURNS.entries()) {
    const speaking = rmsBetween(pcm, turn.at + 0.1, turn.at + 1.1);
    expect(speaking, `turn ${i} at ${turn.at} s`).toBeGreaterThan(1500);
    const before = rmsBetween(pcm, Math.max(0, turn.at - 1), turn.at - 0.1);
    expect(before, `the gap before turn ${i}`).toBeLessThan(100);
  }
  // The last words have ended well before the call did.
  expect(rmsBetween(pcm, DURATION - 1, DURATION)).toBeLessThan(100);
  return pcm;
}

describe('with eSpeak NG', () => {
  let svc: TestService;
  let alice: TestUser;
  let speech: SpeechSource;
  let assistant: number;

  beforeAll(async () => {
    const chosen = await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 30_000 });
    if (!chosen) throw new Error('espeak-ng is not installed (apt-get install espeak-ng); CI installs it');
    speech = chosen;
    svc = await startTestService({ speech });
    alice = await svc.user();
    assistant = (await insertAssistant(svc.handle.db, alice.id, { record: true })).id;
  }, 60_000);
  afterAll(() => svc.close());

  it('chooses eSpeak NG when there is no TTS endpoint, and says so', async () => {
    expect(speech.engine).toBe('espeak-ng');
    expect((await alice.req('GET', '/speech')).body).toEqual({ engine: 'espeak-ng' });
  });

  it("speaks the call's transcript, each turn at its time, the two sides in different voices", async () => {
    const { key } = await endedCall(svc.handle.db, alice.id, assistant);
    // Queued by the call's end, not rendered yet: the murmur stands in, and is not to be cached.
    const before = await getRecording(svc, key);
    expect(before.res.status).toBe(200);
    expect(before.res.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.compare(Buffer.from(before.bytes), Buffer.from(new WavSynth(key, DURATION).readBytes(0, 44 + DURATION * 16000)))).toBe(0);

    expect(await renderDueRecordings(svc.handle.db, new Date(), { speech })).toBe(1);
    const { res, bytes } = await getRecording(svc, key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(res.headers.get('etag')).toBe(`"${key}-r1"`);
    expectTelephoneWav(bytes);
    expect(bytes.byteLength).toBe(44 + DURATION * 16000);
    const pcm = expectSpeechAtTurns(bytes);
    // Not the murmur: that one hisses everywhere, this is silent between the turns.
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(before.bytes))).not.toBe(0);

    const assistantPitch = pitchBetween(pcm, TURNS[0].at, TURNS[0].at + 2);
    const customerPitch = pitchBetween(pcm, TURNS[1].at, TURNS[1].at + 2);
    expect(assistantPitch).toBeGreaterThan(0);
    expect(customerPitch).toBeGreaterThan(0);
    expect(assistantPitch / customerPitch).toBeGreaterThan(1.3);
  });

  it('serves byte ranges of the stored file', async () => {
    // 40 s: 640 KB, read from the database in several chunks.
    const { key } = await endedCall(svc.handle.db, alice.id, assistant, TURNS, 40);
    await renderDueRecordings(svc.handle.db, new Date(), { speech });
    const whole = (await getRecording(svc, key)).bytes;
    const total = whole.byteLength;
    expect(total).toBe(44 + 40 * 16000);
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=40-47', 40, 47],
      ['bytes=1001-600000', 1001, 600000],
      [`bytes=${total - 10}-`, total - 10, total - 1],
      ['bytes=-3', total - 3, total - 1],
    ] as const) {
      const { res, bytes } = await getRecording(svc, key, { Range: range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${total}`);
      expect(Buffer.compare(Buffer.from(bytes), Buffer.from(whole.subarray(start, end + 1))), range).toBe(0);
    }
    expect((await getRecording(svc, key, { Range: `bytes=${total}-` })).res.status).toBe(416);
    const etag = `"${key}-r1"`;
    expect((await getRecording(svc, key, { 'If-None-Match': etag })).res.status).toBe(304);
    // A range against the murmur's validator is a stale copy: the whole new file.
    const stale = await getRecording(svc, key, { Range: 'bytes=0-99', 'If-Range': `"${key}-40"` });
    expect(stale.res.status).toBe(200);
    expect(stale.bytes.byteLength).toBe(total);
    const head = await fetch(`${svc.api}/recordings/${key}.wav`, { method: 'HEAD' });
    expect(Number(head.headers.get('content-length'))).toBe(total);
  });

  it('renders once: later runs and requests find nothing to do', async () => {
    const { id, key } = await endedCall(svc.handle.db, alice.id, assistant);
    expect(await renderDueRecordings(svc.handle.db, new Date(), { speech })).toBe(1);
    const first = await svc.handle.db.selectFrom('call_recordings').select(['rendered_at', 'generation']).where('call_id', '=', id).executeTakeFirstOrThrow();
    await getRecording(svc, key);
    await getRecording(svc, key);
    expect(await renderDueRecordings(svc.handle.db, new Date(), { speech })).toBe(0);
    const after = await svc.handle.db.selectFrom('call_recordings').select(['rendered_at', 'generation']).where('call_id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual(first);
  });

  it('resumes a render whose process died once its lease runs out', async () => {
    const { id, key } = await endedCall(svc.handle.db, alice.id, assistant);
    // A process claims it and dies before storing anything.
    const claim = await claimRecording(svc.handle.db, new Date(), 400);
    expect(claim?.call_id).toBe(id);
    expect(await renderDueRecordings(svc.handle.db, new Date(), { speech })).toBe(0);
    expect((await getRecording(svc, key)).res.headers.get('cache-control')).toBe('no-store');
    await new Promise((r) => setTimeout(r, 600));
    expect(await renderDueRecordings(svc.handle.db, new Date(), { speech })).toBe(1);
    expectSpeechAtTurns((await getRecording(svc, key)).bytes);
  });

  it('renders again when the transcript changes', async () => {
    const { id, key } = await endedCall(svc.handle.db, alice.id, assistant, TURNS.slice(0, 1));
    await renderDueRecordings(svc.handle.db, new Date(), { speech });
    expect((await getRecording(svc, key)).res.headers.get('etag')).toBe(`"${key}-r1"`);
    const answered = new Date(Date.now() - 60_000);
    await svc.handle.db.updateTable('calls').set({ transcript: JSON.stringify(transcriptAt(answered)), answered_at: toDbTimestamp(answered) }).where('id', '=', id).execute();
    // Until the new one is stored, the old rendering is served.
    expect((await getRecording(svc, key)).res.headers.get('etag')).toBe(`"${key}-r1"`);
    expect(await renderDueRecordings(svc.handle.db, new Date(), { speech })).toBe(1);
    const { res, bytes } = await getRecording(svc, key);
    expect(res.headers.get('etag')).toBe(`"${key}-r2"`);
    expectSpeechAtTurns(bytes);
  });

  it('queues a recording nothing queued at its first request (calls from before, the seeded history)', async () => {
    const answered = new Date(Date.now() - 60_000);
    const key = randomUUID();
    const id = await insertCall(svc.handle.db, alice.id, {
      assistant_id: assistant,
      duration: DURATION,
      answered_at: toDbTimestamp(answered),
      transcript: JSON.stringify(transcriptAt(answered)),
      recording_key: key,
    });
    expect(await svc.handle.db.selectFrom('call_recordings').select('call_id').where('call_id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await getRecording(svc, key)).res.headers.get('cache-control')).toBe('no-store');
    expect(await renderDueRecordings(svc.handle.db, new Date(), { speech })).toBe(1);
    expectSpeechAtTurns((await getRecording(svc, key)).bytes);
  });

  it('leaves calls without turns (and live calls) to the murmur', async () => {
    const key = randomUUID();
    await insertCall(svc.handle.db, alice.id, { duration: 5, recording_key: key, transcript: JSON.stringify('AI: an old transcript as one string') });
    const { res, bytes } = await getRecording(svc, key);
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(new WavSynth(key, 5).readBytes(0, 44 + 5 * 16000)))).toBe(0);
    expect(await renderDueRecordings(svc.handle.db, new Date(), { speech })).toBe(0);
  });

  it('speaks a text at POST /api/speech in either voice', async () => {
    const say = async (body: unknown) => fetch(`${svc.api}/speech`, { method: 'POST', headers: { Authorization: `Bearer ${alice.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const assistantRes = await say({ text: 'Guten Tag, wie kann ich helfen?', language: 'de' });
    expect(assistantRes.status).toBe(200);
    expect(assistantRes.headers.get('content-type')).toBe('audio/wav');
    const a = new Uint8Array(await assistantRes.arrayBuffer());
    expectTelephoneWav(a);
    const customer = new Uint8Array(await (await say({ text: 'Guten Tag, wie kann ich helfen?', language: 'de', voice: 'customer' })).arrayBuffer());
    const pa = pcmOf(a);
    const pc = pcmOf(customer);
    expect(rmsBetween(pa, 0, pa.samples.length / 8000)).toBeGreaterThan(1000);
    expect(pitchBetween(pa, 0, 10) / pitchBetween(pc, 0, 10)).toBeGreaterThan(1.3);

    for (const bad of [{ text: '' }, { text: 'x'.repeat(1001) }, { text: 'Hi', voice: 'robot' }, { text: 'Hi', language: 'not a tag!' }]) {
      const res = await alice.req('POST', '/speech', bad);
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(422);
      expect(res.body.errors).toBeTypeOf('object');
    }
    expect((await fetch(`${svc.api}/speech`)).status).toBe(401);
    expect((await fetch(`${svc.api}/speech`, { method: 'POST', body: '{"text":"Hi"}' })).status).toBe(401);
  });
});

describe('calls the engine plays', () => {
  const clock = new TestClock('2026-03-02T10:00:00Z');
  let svc: TestService;
  let alice: TestUser;
  let speech: SpeechSource;

  beforeAll(async () => {
    speech = (await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 30_000 })) as SpeechSource;
    svc = await startTestService({ clock, speech });
    alice = await svc.user();
  }, 60_000);
  afterAll(() => svc.close());

  it('are queued when they end with a recording, and speak their transcript', async () => {
    const { id: assistant } = await insertAssistant(svc.handle.db, alice.id, { record: true });
    const placed = await alice.req('POST', '/user/make_call', { phone_number: '+12025550100', assistant_id: assistant });
    const callId = placed.body.call_id as number;
    for (let s = 0; s < 8; s++) {
      clock.advance(1_000);
      await svc.work.runOnce();
    }
    // Talking, not ended: nothing queued yet.
    expect((await alice.req('GET', `/user/calls/${callId}`)).body.status).toBe('in-progress');
    expect(await svc.handle.db.selectFrom('call_recordings').select('call_id').where('call_id', '=', callId).executeTakeFirst()).toBeUndefined();
    for (let s = 0; s < 6; s++) {
      clock.advance(1_000);
      await svc.work.runOnce();
    }
    const call = (await alice.req('GET', `/user/calls/${callId}`)).body;
    expect(call.status).toBe('completed');
    expect(await renderDueRecordings(svc.handle.db, clock.now(), { speech })).toBe(1);
    const key = /([0-9a-f-]{36})\.wav$/.exec(call.recording_url as string)?.[1] ?? '';
    const { res, bytes } = await getRecording(svc, key);
    expect(res.headers.get('etag')).toBe(`"${key}-r1"`);
    const row = await svc.handle.db.selectFrom('calls').select(['transcript', 'answered_at']).where('id', '=', callId).executeTakeFirstOrThrow();
    const first = (row.transcript as { timestamp: string }[])[0]?.timestamp ?? '';
    const at = (Date.parse(first) - Date.parse(`${(row.answered_at ?? '').replace(' ', 'T')}Z`)) / 1000;
    const pcm = pcmOf(bytes);
    expect(rmsBetween(pcm, at + 0.1, at + 0.6)).toBeGreaterThan(1500);
  });
});

describe('with a TTS endpoint', () => {
  let svc: TestService;
  let alice: TestUser;
  let tts: StandInTts;
  let speech: SpeechSource;
  let assistant: number;

  beforeAll(async () => {
    tts = await startStandInTts({ pitches: { 'voice-a': 240, 'voice-c': 110 } });
    const chosen = await chooseSpeech({
      tts: { baseUrl: tts.baseUrl, apiKey: 'sk-test', model: 'kokoro', voiceAssistant: 'voice-a', voiceCustomer: 'voice-c' },
      // Beside a TTS endpoint, eSpeak NG is not asked.
      espeakPath: 'espeak-ng',
      timeoutMs: 5_000,
    });
    speech = chosen as SpeechSource;
    svc = await startTestService({ speech });
    alice = await svc.user();
    assistant = (await insertAssistant(svc.handle.db, alice.id, { record: true })).id;
  }, 60_000);
  afterAll(async () => {
    await svc.close();
    await tts.close();
  });

  it('asks the endpoint for each turn in the configured voices, once', async () => {
    expect(speech.engine).toBe('tts');
    expect((await alice.req('GET', '/speech')).body).toEqual({ engine: 'tts' });
    const { key } = await endedCall(svc.handle.db, alice.id, assistant);
    expect(await renderDueRecordings(svc.handle.db, new Date(), { speech })).toBe(1);
    expect(tts.requests.map((r) => r.body)).toEqual(
      TURNS.map((t) => ({ model: 'kokoro', input: t.text, voice: t.sender === 'bot' ? 'voice-a' : 'voice-c', response_format: 'wav' })),
    );
    expect(tts.requests[0]?.headers.authorization).toBe('Bearer sk-test');
    const { bytes } = await getRecording(svc, key);
    expectTelephoneWav(bytes);
    const pcm = expectSpeechAtTurns(bytes);
    // Resampled from 24 kHz: the stand-in's pitches come through.
    expect(pitchBetween(pcm, TURNS[0].at, TURNS[0].at + 1)).toBeCloseTo(240, -1);
    expect(pitchBetween(pcm, TURNS[1].at, TURNS[1].at + 1)).toBeCloseTo(110, -1);

    const asked = tts.requests.length;
    await getRecording(svc, key);
    await getRecording(svc, key, { Range: 'bytes=100-200' });
    expect(await renderDueRecordings(svc.handle.db, new Date(), { speech })).toBe(0);
    expect(tts.requests.length).toBe(asked);
  });

  it('tries again later when the endpoint fails, and gives up after four tries', async () => {
    const { id, key } = await endedCall(svc.handle.db, alice.id, assistant);
    tts.failWith = 503;
    const t0 = new Date();
    expect(await renderDueRecordings(svc.handle.db, t0, { speech })).toBe(0);
    const row = await svc.handle.db.selectFrom('call_recordings').selectAll().where('call_id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.last_error).toMatch(/HTTP 503/);
    // Not due again at once…
    expect(await renderDueRecordings(svc.handle.db, t0, { speech })).toBe(0);
    expect((await svc.handle.db.selectFrom('call_recordings').select('attempts').where('call_id', '=', id).executeTakeFirstOrThrow()).attempts).toBe(1);
    // …but 30 s later, and then it works.
    tts.failWith = null;
    expect(await renderDueRecordings(svc.handle.db, new Date(t0.getTime() + 31_000), { speech })).toBe(1);
    expectSpeechAtTurns((await getRecording(svc, key)).bytes);

    const other = await endedCall(svc.handle.db, alice.id, assistant);
    tts.failWith = 500;
    let at = Date.now();
    for (let i = 0; i < 4; i++) {
      await renderDueRecordings(svc.handle.db, new Date(at), { speech });
      at += 3600_000;
    }
    tts.failWith = null;
    const given = await svc.handle.db.selectFrom('call_recordings').selectAll().where('call_id', '=', other.id).executeTakeFirstOrThrow();
    expect(given.status).toBe('failed');
    expect(given.attempts).toBe(4);
    // The murmur then, for good (cacheable again).
    expect((await getRecording(svc, other.key)).res.headers.get('cache-control')).toMatch(/max-age=\d+/);
  });

  it('answers 502 at POST /api/speech when the endpoint fails', async () => {
    tts.failWith = 500;
    const res = await alice.req('POST', '/speech', { text: 'Hello' });
    tts.failWith = null;
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/speech endpoint/);
    const ok = await fetch(`${svc.api}/speech`, { method: 'POST', headers: { Authorization: `Bearer ${alice.token}`, 'Content-Type': 'application/json' }, body: '{"text":"Hello"}' });
    expect(ok.status).toBe(200);
  });
});

describe('with no speech', () => {
  let svc: TestService;
  let alice: TestUser;

  beforeAll(async () => {
    const none = await chooseSpeech({ tts: null, espeakPath: '/nonexistent/espeak-ng', timeoutMs: 5_000 });
    expect(none).toBeNull();
    svc = await startTestService({ speech: none });
    alice = await svc.user();
  }, 60_000);
  afterAll(() => svc.close());

  it("serves the murmur as before, and queues nothing", async () => {
    const assistant = await insertAssistant(svc.handle.db, alice.id, { record: true });
    const answered = new Date(Date.now() - 60_000);
    const key = randomUUID();
    const id = await insertCall(svc.handle.db, alice.id, { assistant_id: assistant.id, duration: DURATION, answered_at: toDbTimestamp(answered), transcript: JSON.stringify(transcriptAt(answered)), recording_key: key });
    const { res, bytes } = await getRecording(svc, key);
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(res.headers.get('etag')).toBe(`"${key}-${DURATION}"`);
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(new WavSynth(key, DURATION).readBytes(0, 44 + DURATION * 16000)))).toBe(0);
    expect(await svc.handle.db.selectFrom('call_recordings').select('call_id').where('call_id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('says there is none, and refuses to speak with 503 naming what to set up', async () => {
    expect((await alice.req('GET', '/speech')).body).toEqual({ engine: 'none' });
    const res = await alice.req('POST', '/speech', { text: 'Hello' });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/TTS_BASE_URL/);
    expect(res.body.message).toMatch(/espeak-ng/);
  });
});
