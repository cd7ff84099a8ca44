import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../engine/clock';
import { renderDueRecordings } from '../recordings/worker';
import { chooseSpeech } from '../speech/select';
import type { SpeechSource } from '../speech/speech';
import { pcmOf, rmsBetween } from '../test/audio';
import { insertAssistant } from '../test/fixtures';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { startStandInModel, type StandInModel } from '../test/stand-ins/model';

/*
 * POST /api/conversations/{uuid}/web-call: a Test chat kept as a call of type web, in the call log with its
 * transcript and a recording rendered in the background; kept again, the same call follows the conversation.
 */

let svc: TestService;
let stand: StandInModel;
let speech: SpeechSource;
let alice: TestUser;
let bob: TestUser;
const clock = new TestClock('2026-03-02T09:30:00Z');

async function assistantOf(user: TestUser, initialMessage: string): Promise<number> {
  const row = await insertAssistant(svc.handle.db, user.id, { record: false });
  await svc.handle.db.updateTable('assistants').set({ initial_message: initialMessage, system_prompt: 'You book tables.' }).where('id', '=', row.id).execute();
  return row.id;
}

async function recording(url: string) {
  const res = await fetch(url.replace(/^https?:\/\/[^/]+\/api/, svc.api));
  return { res, pcm: pcmOf(new Uint8Array(await res.arrayBuffer())) };
}

beforeAll(async () => {
  stand = await startStandInModel();
  const chosen = await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 30_000 });
  if (!chosen) throw new Error('espeak-ng is not installed (apt-get install espeak-ng); CI installs it');
  speech = chosen;
  svc = await startTestService({ clock, speech, llm: { baseUrl: stand.baseUrl, model: 'stand-in-small', maxRetries: 0 } });
  alice = await svc.user();
  bob = await svc.user();
}, 120_000);
afterAll(async () => {
  await svc.close();
  await stand.close();
});

describe('POST /api/conversations/{uuid}/web-call', () => {
  it("keeps a test conversation as a web call in the owner's log, with its transcript and recording", async () => {
    const assistant = await assistantOf(alice, 'Hello, this is Lena from the Blue Door restaurant.');
    const opened = await alice.req('POST', '/conversations', { assistant_id: assistant, type: 'test' });
    const uuid = String(opened.body.conversation_id);
    clock.advance(4_000);
    stand.script({ text: 'Of course, a table for two at eight is booked.' });
    expect((await alice.req('POST', `/conversations/${uuid}/messages`, { message: 'I would like a table for two tonight.' })).status).toBe(200);

    const kept = await alice.req('POST', `/conversations/${uuid}/web-call`);
    expect(kept.status).toBe(200);
    expect(Object.keys(kept.body)).toEqual(['call_id']);
    const callId = kept.body.call_id as number;

    const call = await alice.req('GET', `/user/calls/${callId}`);
    expect(call.status).toBe(200);
    expect(call.body).toMatchObject({ type: 'web', status: 'completed', assistant_id: assistant, duration: 4, total_cost: 0, carrier_cost: 0, answered_by: 'human' });
    expect(call.body.transcript).toBe(
      'AI: Hello, this is Lena from the Blue Door restaurant.\nUser: I would like a table for two tonight.\nAI: Of course, a table for two at eight is booked.',
    );
    expect(call.body.recording_url).toMatch(/\/api\/recordings\/[0-9a-f-]{36}\.wav$/);
    const stored = await svc.handle.db.selectFrom('calls').select('transcript').where('id', '=', callId).executeTakeFirstOrThrow();
    expect(stored.transcript).toEqual([
      { sender: 'bot', text: 'Hello, this is Lena from the Blue Door restaurant.', timestamp: '2026-03-02T09:30:00.000Z' },
      { sender: 'human', text: 'I would like a table for two tonight.', timestamp: '2026-03-02T09:30:04.000Z' },
      expect.objectContaining({ sender: 'bot', text: 'Of course, a table for two at eight is booked.', timestamp: '2026-03-02T09:30:04.000Z', latency_ms: expect.any(Number) }),
    ]);

    // In the log's list and its counts, for its owner only.
    expect((await alice.req('GET', '/user/calls?type=web')).body.total).toBe(1);
    expect((await bob.req('GET', '/user/calls?type=web')).body.total).toBe(0);
    expect((await bob.req('GET', `/user/calls/${callId}`)).status).toBe(404);

    // Rendered in the background, not by the request: the murmur until then.
    expect((await recording(call.body.recording_url as string)).res.headers.get('cache-control')).toBe('no-store');
    expect(await renderDueRecordings(svc.handle.db, clock.now(), { speech })).toBe(1);
    const { res, pcm } = await recording(call.body.recording_url as string);
    expect(res.headers.get('cache-control')).toMatch(/max-age/);
    expect(rmsBetween(pcm, 0.1, 1.1)).toBeGreaterThan(1500);
    expect(rmsBetween(pcm, 4.1, 5.1)).toBeGreaterThan(1500);
  });

  it('updates the same call when kept again, with a new recording when the transcript changed', async () => {
    const assistant = await assistantOf(alice, 'Blue Door, good evening.');
    const uuid = String((await alice.req('POST', '/conversations', { assistant_id: assistant, type: 'test' })).body.conversation_id);
    const first = await alice.req('POST', `/conversations/${uuid}/web-call`);
    const callId = first.body.call_id as number;
    const before = await alice.req('GET', `/user/calls/${callId}`);
    const total = (await alice.req('GET', '/user/calls?type=web')).body.total as number;

    // The same history again: the same call, the same recording.
    expect((await alice.req('POST', `/conversations/${uuid}/web-call`)).body.call_id).toBe(callId);
    expect((await alice.req('GET', `/user/calls/${callId}`)).body.recording_url).toBe(before.body.recording_url);

    clock.advance(6_000);
    stand.script({ text: 'Until tonight.' });
    await alice.req('POST', `/conversations/${uuid}/messages`, { message: 'Thank you, goodbye.' });
    expect((await alice.req('POST', `/conversations/${uuid}/web-call`)).body.call_id).toBe(callId);
    const after = await alice.req('GET', `/user/calls/${callId}`);
    expect(after.body.duration).toBe(6);
    expect(after.body.transcript.split('\n')).toHaveLength(3);
    expect(after.body.recording_url).not.toBe(before.body.recording_url);
    expect((await alice.req('GET', '/user/calls?type=web')).body.total).toBe(total);

    await renderDueRecordings(svc.handle.db, clock.now(), { speech });
    const { pcm } = await recording(after.body.recording_url as string);
    expect(rmsBetween(pcm, 6.1, 7.1)).toBeGreaterThan(1500);
  });

  it("costs what a billed conversation cost, and charges nothing more", async () => {
    await svc.handle.db.updateTable('users').set({ balance: 5 }).where('id', '=', alice.id).execute();
    const assistant = await assistantOf(alice, 'Hello.');
    const uuid = String((await alice.req('POST', '/conversations', { assistant_id: assistant, type: 'widget' })).body.conversation_id);
    stand.script({ text: 'Hi there.' });
    await alice.req('POST', `/conversations/${uuid}/messages`, { message: 'Hi' });
    const balance = (await alice.req('GET', '/user/me')).body.balance;
    const callId = (await alice.req('POST', `/conversations/${uuid}/web-call`)).body.call_id as number;
    expect((await alice.req('GET', `/user/calls/${callId}`)).body.total_cost).toBe(0.01);
    expect((await alice.req('GET', '/user/me')).body.balance).toBe(balance);
  });

  it("answers in the conversation family's form: another user's conversation is missing, an empty one has nothing to keep", async () => {
    const assistant = await assistantOf(alice, 'Hello.');
    const uuid = String((await alice.req('POST', '/conversations', { assistant_id: assistant, type: 'test' })).body.conversation_id);
    const theirs = await bob.req('POST', `/conversations/${uuid}/web-call`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ status: false, error: 'Conversation not found' });
    expect((await bob.req('POST', '/conversations/not-a-uuid/web-call')).body).toEqual({ status: false, error: 'Conversation not found' });

    const silent = await assistantOf(alice, '');
    const empty = String((await alice.req('POST', '/conversations', { assistant_id: silent, type: 'test' })).body.conversation_id);
    const res = await alice.req('POST', `/conversations/${empty}/web-call`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ status: false, error: 'The conversation has no messages yet.' });
    expect((await fetch(`${svc.api}/conversations/${uuid}/web-call`, { method: 'POST' })).status).toBe(401);
  });
});
