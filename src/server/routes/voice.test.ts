import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { VOICE_CLOSE } from '../../contract/voice';
import { toDbTimestamp } from '../db/time';
import { fakeVoiceSessions } from '../test/fake-voice-session';
import { insertAssistant } from '../test/fixtures';
import type { TestService, TestUser } from '../test/harness';
import { request } from '../test/harness';
import { startStandInModel } from '../test/stand-ins/model';
import { callEnded, callRow as callRowOf } from '../test/call-outcome';
import { until } from '../test/until';
import { useService } from '../test/use-service';
import { PIPELINE_RATE } from '../voice/session-types';

/*
 * The browser's web call (src/contract/voice.ts): tickets (one-time, 60 s, hashed, bound to the user and the
 * assistant), the socket (4401 for a bad ticket, PCM16 both ways, the JSON messages, End call), the call record
 * it makes (type web, post-call reading by the model, the engine's ending), and a held call whose holder stops
 * beating ended by the talk worker with what was said.
 */

const model = await startStandInModel({ models: ['voice-test'] });
const fake = fakeVoiceSessions();
let svc: TestService;
let alice: TestUser;
let bob: TestUser;
useService((s) => ({ svc, alice, bob } = s), {
  llm: { baseUrl: model.baseUrl, model: 'voice-test', retryDelayMs: 5 },
  voice: { startSession: fake.startSession, socketPingMs: 400 },
});
afterAll(() => model.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const callRow = (id: number) => callRowOf(svc, id);
const ended = (id: number) => callEnded(svc, id);

interface Socket {
  ws: WebSocket;
  messages: Record<string, unknown>[];
  audio: number;
  closed: Promise<number>;
  next(type: string, match?: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

function connect(query: string, options: { autoPong?: boolean } = {}): Socket {
  const url = `${svc.server.url.replace('http', 'ws').replace('localhost', '127.0.0.1')}/api/voice/web-calls/socket${query}`;
  const ws = new WebSocket(url, options);
  const socket: Socket = {
    ws,
    messages: [],
    audio: 0,
    closed: new Promise((resolve) => ws.on('close', (code) => resolve(code))),
    next: (type, match) => until(`a ${type} message`, async () => socket.messages.find((m) => m.type === type && (!match || match(m)))),
  };
  ws.on('message', (data, isBinary) => {
    if (isBinary) socket.audio += (data as Buffer).length / 2;
    else socket.messages.push(JSON.parse(data.toString()) as Record<string, unknown>);
  });
  ws.on('error', () => undefined);
  return socket;
}

async function ticketFor(user: TestUser, assistantId: number, variables?: Record<string, string>): Promise<string> {
  const res = await user.req('POST', '/voice/web-calls', { assistant_id: assistantId, ...(variables && { variables }) });
  expect(res.status, res.text).toBe(201);
  return res.body.ticket as string;
}

const pcm16 = (ms: number, amplitude: number) => {
  const n = Math.round((PIPELINE_RATE * ms) / 1000);
  const out = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) out.writeInt16LE(Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * 300 * i) / PIPELINE_RATE)), i * 2);
  return out;
};

describe('GET /local/info', () => {
  it('says what voice can do', async () => {
    const res = await request(svc.api, 'GET', '/local/info');
    expect(res.body.voice).toEqual({ transcription: true, model: true, speech: null, web_call: true, realtime: false });
  });
});

describe('POST /voice/web-calls', () => {
  it('issues a one-time ticket valid 60 s, stored only as its hash', async () => {
    const assistant = await insertAssistant(svc.handle.db, alice.id);
    const t0 = Date.now();
    const res = await alice.req('POST', '/voice/web-calls', { assistant_id: assistant.id, variables: { customer_name: 'Ada' } });
    expect(res.status).toBe(201);
    expect(res.body.socket_path).toBe('/api/voice/web-calls/socket');
    expect(res.body.ticket).toMatch(/^[\w-]{43}$/);
    const expires = Date.parse(res.body.expires_at as string);
    expect(expires - t0).toBeGreaterThan(59_000);
    expect(expires - t0).toBeLessThan(61_000);
    const rows = await svc.handle.db.selectFrom('voice_tickets').selectAll().where('user_id', '=', alice.id).execute();
    expect(rows.map((r) => r.hash)).not.toContain(res.body.ticket);
    expect(rows.map((r) => r.hash)).toContain(createHash('sha256').update(res.body.ticket as string).digest('hex'));
  });

  it("answers 422 for another user's assistant exactly as for an unknown one, and 401 without a token", async () => {
    const theirs = await insertAssistant(svc.handle.db, bob.id);
    const a = await alice.req('POST', '/voice/web-calls', { assistant_id: theirs.id });
    const b = await alice.req('POST', '/voice/web-calls', { assistant_id: 999_999 });
    expect(a.status).toBe(422);
    expect(a.body).toEqual(b.body);
    expect(Object.keys(a.body.errors)).toEqual(['assistant_id']);
    expect(a.text).not.toContain(theirs.name);
    expect((await request(svc.api, 'POST', '/voice/web-calls', { assistant_id: theirs.id })).status).toBe(401);
    // Past PostgreSQL's integer: no such assistant either (never a 500).
    for (const assistant_id of [2_147_483_648, '99999999999999999999']) expect((await alice.req('POST', '/voice/web-calls', { assistant_id })).body).toEqual(b.body);
  });

  it('answers 503 naming STT_BASE_URL when the service cannot hear', async () => {
    const voice = svc.server.voice!;
    voice.transcription = false;
    try {
      const assistant = await insertAssistant(svc.handle.db, alice.id);
      const res = await alice.req('POST', '/voice/web-calls', { assistant_id: assistant.id });
      expect(res.status).toBe(503);
      expect(res.body.message).toContain('STT_BASE_URL');
      expect((await request(svc.api, 'GET', '/local/info')).body.voice.web_call).toBe(false);
    } finally {
      voice.transcription = true;
    }
  });
});

describe('the web-call socket', () => {
  it('refuses a missing, unknown, used or expired ticket with 4401, creating no call', async () => {
    const assistant = await insertAssistant(svc.handle.db, alice.id);
    const calls = async () => (await svc.handle.db.selectFrom('calls').select('id').where('type', '=', 'web').execute()).length;
    const before = await calls();
    expect(await connect('').closed).toBe(VOICE_CLOSE.badTicket);
    expect(await connect('?ticket=nope').closed).toBe(VOICE_CLOSE.badTicket);
    const expired = await ticketFor(alice, assistant.id);
    await svc.handle.db
      .updateTable('voice_tickets')
      .set({ expires_at: toDbTimestamp(new Date(Date.now() - 1000)) })
      .where('hash', '=', createHash('sha256').update(expired).digest('hex'))
      .execute();
    expect(await connect(`?ticket=${expired}`).closed).toBe(VOICE_CLOSE.badTicket);
    expect(await calls()).toBe(before);

    const once = await ticketFor(alice, assistant.id);
    const first = connect(`?ticket=${once}`);
    await first.next('ready');
    expect(await connect(`?ticket=${once}`).closed).toBe(VOICE_CLOSE.badTicket);
    first.ws.send(JSON.stringify({ type: 'end' }));
    expect(await first.closed).toBe(VOICE_CLOSE.normal);
  });

  it("makes the ticket's user's web call: PCM both ways, the live transcript, End call, then the post-call reading and the outcome", async () => {
    const assistant = await insertAssistant(svc.handle.db, alice.id, { record: true });
    const ticket = await ticketFor(alice, assistant.id, { customer_name: 'Ada' });
    const sessions = fake.sessions.length;
    const socket = connect(`?ticket=${ticket}`);
    const ready = await socket.next('ready');
    const callId = ready.call_id as number;
    const session = await until('the session', async () => fake.sessions[sessions]);
    expect(session.call).toMatchObject({ callId, userId: alice.id, assistantId: assistant.id, direction: 'web', variables: { customer_name: 'Ada' } });
    expect(await callRow(callId)).toMatchObject({ type: 'web', status: 'in-progress', user_id: alice.id, assistant_id: assistant.id });
    await socket.next('transcript', (m) => m.sender === 'bot');
    await until('assistant audio', async () => socket.audio > PIPELINE_RATE * 0.3);

    // The caller speaks (PCM16LE 16 kHz), then is quiet: the fake hears and answers.
    socket.ws.send(pcm16(500, 0.5));
    for (let i = 0; i < 20; i++) socket.ws.send(pcm16(20, 0));
    await until('the reply', async () => socket.messages.filter((m) => m.type === 'transcript').length >= 2);
    session.transport.clearAudio();
    await socket.next('clear');
    await until('three entries', async () => {
      const r = await callRow(callId);
      return Array.isArray(r.transcript) && r.transcript.length >= 3;
    });

    const readings = model.requests.length;
    socket.ws.send(JSON.stringify({ type: 'end' }));
    const end = await socket.next('ended');
    expect(end).toMatchObject({ call_id: callId, reason: 'caller_ended' });
    expect(await socket.closed).toBe(VOICE_CLOSE.normal);
    const row = await ended(callId);
    expect(row.status).toBe('completed');
    expect((row.transcript as { sender: string }[]).map((e) => e.sender)).toEqual(['bot', 'human', 'bot']);
    // The post-call reading was asked of the model (engine/talk/worker.ts readAfterCall).
    expect(model.requests.length).toBeGreaterThan(readings);
    expect(row.talk_state).toMatchObject({ model_requests: 1 });
    const recording = await svc.handle.db.selectFrom('call_recordings').select(['status', 'engine']).where('call_id', '=', callId).executeTakeFirstOrThrow();
    expect(recording).toEqual({ status: 'done', engine: 'live' });
    // In alice's call log, not bob's.
    expect((await alice.req('GET', `/user/calls/${callId}`)).status).toBe(200);
    expect((await bob.req('GET', `/user/calls/${callId}`)).status).toBe(404);
  });

  const greetingStored = (callId: number) =>
    until('the greeting stored', async () => {
      const r = await callRow(callId);
      return Array.isArray(r.transcript) && r.transcript.length === 1;
    });

  /** A call on a new socket of alice's whose hold beats every 100 ms, once the greeting is out. */
  async function beatingCall() {
    const voice = svc.server.voice!;
    voice.heartbeatMs = 100;
    const assistant = await insertAssistant(svc.handle.db, alice.id);
    const socket = connect(`?ticket=${await ticketFor(alice, assistant.id)}`);
    const callId = (await socket.next('ready')).call_id as number;
    delete voice.heartbeatMs;
    await socket.next('transcript');
    return { socket, callId };
  }

  it('a dropped socket ends the call with what was said (the heartbeat kept the hold meanwhile)', async () => {
    const { socket, callId } = await beatingCall();
    // The heartbeat renews the hold and notes the talk time (what a recovery would bill).
    const lease = (await callRow(callId)).talk_locked_until;
    const beaten = await until('a heartbeat', async () => {
      const r = await callRow(callId);
      return (r.talk_state as { elapsed_ms?: number } | null)?.elapsed_ms && r.talk_locked_until !== lease ? r : undefined;
    });
    expect(beaten.talk_lease).toMatch(/^voice:/);
    socket.ws.terminate();
    const row = await ended(callId);
    expect(row.status).toBe('completed');
    expect((row.transcript as { text: string }[]).map((e) => e.text)).toEqual(['Hello, how can I help?']);
  });

  it('a socket that stops answering pings is dropped, and its call ends (the other sockets live on)', async () => {
    const assistant = await insertAssistant(svc.handle.db, alice.id);
    const deaf = connect(`?ticket=${await ticketFor(alice, assistant.id)}`, { autoPong: false });
    const alive = connect(`?ticket=${await ticketFor(alice, assistant.id)}`);
    const callId = (await deaf.next('ready')).call_id as number;
    await alive.next('ready');
    expect(await deaf.closed).toBe(1006);
    expect((await ended(callId)).status).toBe('completed');
    // Two ping periods more: the one that answers stays.
    await sleep(900);
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    alive.ws.send(JSON.stringify({ type: 'end' }));
    expect(await alive.closed).toBe(VOICE_CLOSE.normal);
  });

  it('a holder that finds its hold taken (another process ended the call) hangs up and writes nothing more', async () => {
    const { socket, callId } = await beatingCall();
    await greetingStored(callId);
    await svc.handle.db.updateTable('calls').set({ talk_lease: 'someone-else' }).where('id', '=', callId).execute();
    expect(await socket.next('ended')).toMatchObject({ call_id: callId, reason: 'error' });
    expect(await socket.closed).toBe(VOICE_CLOSE.normal);
    await sleep(200);
    const row = await callRow(callId);
    expect(row).toMatchObject({ status: 'in-progress', talk_lease: 'someone-else' });
    expect(row.transcript).toHaveLength(1);
    // Left as the other holder has it (tidied here so the file's other calls are not disturbed).
    await svc.handle.db.updateTable('calls').set({ talk_lease: null, talk_next_at: null, engine_next_at: null, status: 'completed' }).where('id', '=', callId).execute();
  });

  it('a held call whose holder stops beating (a dead process) is ended by the talk worker with what was said', async () => {
    const voice = svc.server.voice!;
    voice.holdLeaseMs = 1000;
    voice.heartbeatMs = 3_600_000;
    try {
      const assistant = await insertAssistant(svc.handle.db, alice.id);
      const socket = connect(`?ticket=${await ticketFor(alice, assistant.id)}`);
      const callId = (await socket.next('ready')).call_id as number;
      await greetingStored(callId);
      // Still held: nothing moves it.
      await svc.work.runOnce();
      expect((await callRow(callId)).status).toBe('in-progress');
      await sleep(1200);
      const row = await ended(callId);
      expect(row.status).toBe('completed');
      expect((row.transcript as { text: string }[]).map((e) => e.text)).toEqual(['Hello, how can I help?']);
      socket.ws.close();
      await socket.closed;
      // The late goodbye of the old holder changes nothing.
      await sleep(100);
      expect((await callRow(callId)).status).toBe('completed');
    } finally {
      delete voice.holdLeaseMs;
      delete voice.heartbeatMs;
    }
  });
});
