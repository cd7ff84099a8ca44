import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { insertPhoneNumber } from '../test/fixtures';
import { assistantBody, createAssistant, createTool } from '../test/requests';

/*
 * Assistants over real HTTP: create, the full record, list and pagination, outbound summaries, get one,
 * update, soft delete, the webhook switches, and what a second user can and cannot reach.
 */

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const NOT_FOUND = { message: 'Assistant not found' };

let clock = new Date('2026-03-01T10:00:00.123Z');
const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let svc: TestService;
let alice: TestUser;
let rachel: number; // public pipeline voice
let alloy: number; // public multimodal voice

beforeAll(async () => {
  svc = await startTestService({ now: () => clock });
  alice = await svc.user();
  const voices = await svc.handle.db.selectFrom('voices').select(['id', 'name']).where('user_id', 'is', null).execute();
  rachel = voices.find((v) => v.name === 'Rachel')!.id;
  alloy = voices.find((v) => v.name === 'Alloy')!.id;
});
afterAll(() => svc.close());

async function addPhone(userId: number, type_label = 'Normal', phone_number = '+14155550100') {
  return (await insertPhoneNumber(svc.handle.db, userId, phone_number, type_label, 'US')).id;
}

async function addVoice(userId: number, mode: 'pipeline' | 'multimodal', name = 'My clone') {
  const row = await svc.handle.db.insertInto('voices').values({ user_id: userId, name, mode }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const minimal = (patch: Record<string, unknown> = {}) => assistantBody(rachel, patch);

const create = (user: TestUser, patch: Record<string, unknown> = {}) => createAssistant(user, minimal(patch));

async function phoneAvailability(user: TestUser, id: number, type = '') {
  const res = await user.req('GET', `/user/assistants/phone-numbers${type ? `?type=${type}` : ''}`);
  return (res.body as { id: number; is_available: boolean }[]).find((p) => p.id === id);
}

describe('POST /user/assistant and the Assistant record', () => {
  it('creates with every field mapped, and GET shows the full record', async () => {
    clock = new Date('2026-03-01T10:00:00.123Z');
    const phone = await addPhone(alice.id, 'SIP', '+14155550111');
    const t1 = await createTool(alice, 'book_slot');
    const t2 = await createTool(alice, 'lookup_order');
    const body = {
      assistant_name: 'Reception',
      voice_id: rachel,
      language: 'german',
      llm_model: 'gpt-4.1',
      calls_direction: 'receive',
      engine_type: 'pipeline',
      timezone: 'Europe/Berlin',
      initial_message: 'Hallo, wie kann ich helfen?',
      system_prompt: 'Be kind.',
      phone_number_id: phone,
      tool_ids: [t2.id, t1.id, t2.id],
      endpoint_type: 'ai',
      endpoint_sensitivity: 3.5,
      interrupt_sensitivity: 1,
      ambient_sound_volume: 0.35,
      post_call_evaluation: true,
      send_webhook_only_on_completed: true,
      include_recording_in_webhook: true,
      is_webhook_active: true,
      webhook_url: 'https://hooks.example.com/post-call',
      use_min_interrupt_words: true,
      min_interrupt_words: 3,
      variables: { company: 'Acme', vip: true, seats: 3 },
      post_call_schema: [
        {
          'post_call_schema[].name': 'intent',
          'post_call_schema[].type': 'string',
          'post_call_schema[].description': 'Why they called',
        },
        { 'post_call_schema[].name': 'callback', 'post_call_schema[].type': 'bool', 'post_call_schema[].description': '' },
      ],
      'end_call_tool.description': 'End when the caller says goodbye.',
      llm_temperature: 0.7,
      voice_stability: 0.45,
      voice_similarity: 0.8,
      speech_speed: 1.1,
      allow_interruptions: false,
      filler_audios: true,
      re_engagement_interval: 45,
      max_call_duration: 900,
      max_silence_duration: 20,
      end_call_on_voicemail: true,
      noise_cancellation: true,
      record_call: false,
      who_speaks_first: 'Customer',
    };
    const res = await alice.req('POST', '/user/assistant', body);
    expect(res.status).toBe(201);
    const id = res.body.data.id as number;
    expect(res.body).toEqual({
      message: 'Assistant created successfully',
      data: { id, name: 'Reception', status: 'active', type: 'inbound', mode: 'pipeline' },
    });

    const tool1 = (await alice.req('GET', `/user/tools/${t1.id}`)).body;
    const tool2 = (await alice.req('GET', `/user/tools/${t2.id}`)).body;
    const got = await alice.req('GET', `/user/assistant/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      id,
      user_id: alice.id,
      phone_number_id: phone,
      engine_id: null,
      synthesizer_id: null,
      transcriber_id: null,
      voice_id: rachel,
      instance_id: 1,
      name: 'Reception',
      variables: { company: 'Acme', vip: true, seats: 3 },
      post_call_evaluation: true,
      fillers: 1,
      post_call_schema: [
        { name: 'intent', type: 'string', description: 'Why they called' },
        { name: 'callback', type: 'bool', description: '' },
      ],
      tools: [tool1, tool2, { type: 'end_call', data: { description: 'End when the caller says goodbye.' } }],
      is_webhook_active: true,
      webhook_url: 'https://hooks.example.com/post-call',
      inbound_webhook_url: null,
      language: 'German',
      type: 'inbound',
      status: 'active',
      max_duration: 900,
      record: false,
      initial_message: 'Hallo, wie kann ich helfen?',
      system_prompt: 'Be kind.',
      flows_platform_id: null,
      timezone: 'Europe/Berlin',
      created_at: '2026-03-01T10:00:00.123000Z',
      updated_at: '2026-03-01T10:00:00.123000Z',
      max_silence_duration: 20,
      reengagement_interval: 45,
      deleted_at: null,
      end_call_on_voicemail: 1,
      llm_temperature: '0.70',
      voice_stability: '0.45',
      voice_similarity: '0.80',
      speech_speed: '1.10',
      allow_interruptions: false,
      enable_noise_cancellation: true,
      endpoint_sensitivity: 3.5,
      interrupt_sensitivity: 1,
      endpoint_type: 'ai',
      wait_for_customer: true,
      mode: 'pipeline',
      language_id: 2,
      // Defaults of a pipeline assistant: Deepgram serves German, Rachel is an ElevenLabs voice.
      transcriber_provider_id: 1,
      synthesizer_provider_id: 1,
      llm_model_id: 3,
      multimodal_model_id: null,
      ambient_sound: 'none',
      ambient_sound_volume: '0.35',
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      send_webhook_only_on_completed: true,
      include_recording_in_webhook: true,
      filler_config: { neutral: [], negative: [], positive: [], question: [] },
      knowledgebase_id: null,
      knowledgebase_mode: 'none',
      min_interrupt_words: 3,
      widget_settings: {},
      secondary_language_ids: [],
      label_ids: [],
      folder_id: null,
      ringing_time: null,
      max_initial_silence_duration: null,
      tts_emotion_enabled: false,
      chat_llm_fallback_id: null,
      turn_detection_threshold: null,
      reengagement_prompt: null,
      voice_mail_message: null,
    });
    expect(got.body.created_at).toMatch(ISO_MICROS);
    expect(tool1.created_at).toMatch(ISO_MICROS);
  });

  it('gives the defaults for everything a minimal body leaves out', async () => {
    const id = await create(alice, { assistant_name: 'Defaults' });
    const got = (await alice.req('GET', `/user/assistant/${id}`)).body;
    expect(got).toMatchObject({
      name: 'Defaults',
      type: 'outbound',
      mode: 'pipeline',
      status: 'active',
      phone_number_id: null,
      tools: [],
      variables: {},
      post_call_schema: [],
      initial_message: '',
      webhook_url: null,
      is_webhook_active: false,
      post_call_evaluation: false,
      fillers: 0,
      end_call_on_voicemail: 0,
      record: true,
      allow_interruptions: true,
      enable_noise_cancellation: false,
      wait_for_customer: false,
      endpoint_type: 'vad',
      endpoint_sensitivity: 2.5,
      interrupt_sensitivity: 2.5,
      llm_temperature: '0.30',
      voice_stability: '0.50',
      voice_similarity: '0.75',
      speech_speed: '1.00',
      ambient_sound_volume: '0.20',
      max_duration: 600,
      max_silence_duration: 15,
      reengagement_interval: 30,
      min_interrupt_words: 0,
      language: 'English',
      language_id: 1,
      llm_model_id: 1,
      multimodal_model_id: null,
      widget_settings: {},
    });
  });

  it('a multimodal assistant carries its model as multimodal_model_id too', async () => {
    const res = await alice.req('POST', '/user/assistant', minimal({ engine_type: 'multimodal', voice_id: alloy, llm_model: 'gpt-4o-realtime' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ mode: 'multimodal', type: 'outbound' });
    const got = (await alice.req('GET', `/user/assistant/${res.body.data.id}`)).body;
    expect(got).toMatchObject({ mode: 'multimodal', voice_id: alloy, llm_model_id: 7, multimodal_model_id: 7 });
  });

  it('use_min_interrupt_words false stores 0 words, whatever min_interrupt_words says', async () => {
    const id = await create(alice, { use_min_interrupt_words: false, min_interrupt_words: 4 });
    expect((await alice.req('GET', `/user/assistant/${id}`)).body.min_interrupt_words).toBe(0);
  });

  it('accepts end_call_tool as a nested object, and leaves the end-call item out when empty', async () => {
    const nested = await create(alice, { end_call_tool: { description: 'Hang up politely.' } });
    expect((await alice.req('GET', `/user/assistant/${nested}`)).body.tools).toEqual([
      { type: 'end_call', data: { description: 'Hang up politely.' } },
    ]);
    const empty = await create(alice, { 'end_call_tool.description': '' });
    expect((await alice.req('GET', `/user/assistant/${empty}`)).body.tools).toEqual([]);
  });
});

describe('GET /user/assistants/get', () => {
  let dave: TestUser;
  let ids: number[];

  beforeAll(async () => {
    dave = await svc.user();
    ids = [];
    for (let i = 1; i <= 11; i++) ids.push(await create(dave, { assistant_name: `Assistant ${i}` }));
  });

  it('pages 10 by default, newest first, Laravel’s envelope to the letter', async () => {
    const res = await dave.req('GET', '/user/assistants/get');
    expect(res.status).toBe(200);
    const path = `${svc.api}/user/assistants/get`;
    const { data, ...envelope } = res.body;
    expect(envelope).toEqual({
      current_page: 1,
      first_page_url: `${path}?page=1`,
      from: 1,
      last_page: 2,
      last_page_url: `${path}?page=2`,
      links: [
        { url: null, label: '&laquo; Previous', active: false },
        { url: `${path}?page=1`, label: '1', active: true },
        { url: `${path}?page=2`, label: '2', active: false },
        { url: `${path}?page=2`, label: 'Next &raquo;', active: false },
      ],
      next_page_url: `${path}?page=2`,
      path,
      per_page: 10,
      prev_page_url: null,
      to: 10,
      total: 11,
    });
    expect((data as { id: number }[]).map((a) => a.id)).toEqual([...ids].reverse().slice(0, 10));
    expect(data[0].name).toBe('Assistant 11');
    expect(data[0].created_at).toMatch(ISO_MICROS);
    expect(data[0].llm_temperature).toBe('0.30');
    expect(data[0].tools).toEqual([]);
  });

  it('keeps the other query parameters in every URL', async () => {
    const res = await dave.req('GET', '/user/assistants/get?per_page=4&page=2&sort=x');
    const path = `${svc.api}/user/assistants/get`;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      current_page: 2,
      from: 5,
      to: 8,
      last_page: 3,
      per_page: 4,
      total: 11,
      path,
      first_page_url: `${path}?per_page=4&page=1&sort=x`,
      prev_page_url: `${path}?per_page=4&page=1&sort=x`,
      next_page_url: `${path}?per_page=4&page=3&sort=x`,
      last_page_url: `${path}?per_page=4&page=3&sort=x`,
    });
    expect(res.body.links.map((l: { label: string; active: boolean }) => [l.label, l.active])).toEqual([
      ['&laquo; Previous', false],
      ['1', false],
      ['2', true],
      ['3', false],
      ['Next &raquo;', false],
    ]);
    expect((res.body.data as { id: number }[]).map((a) => a.id)).toEqual([...ids].reverse().slice(4, 8));
  });

  it('a page past the end is empty with from and to null', async () => {
    const res = await dave.req('GET', '/user/assistants/get?per_page=5&page=9');
    const path = `${svc.api}/user/assistants/get`;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      current_page: 9,
      data: [],
      from: null,
      to: null,
      last_page: 3,
      total: 11,
      next_page_url: null,
      prev_page_url: `${path}?per_page=5&page=8`,
    });
  });

  it.each([
    ['per_page=0', 'per_page', 'The per page field must be at least 1.'],
    ['per_page=101', 'per_page', 'The per page field must not be greater than 100.'],
    ['per_page=abc', 'per_page', 'The per page field must be a number.'],
    ['per_page=2.5', 'per_page', 'The per page field must be an integer.'],
    ['page=0', 'page', 'The page field must be at least 1.'],
  ])('%s is a 422, never clamped', async (query, key, message) => {
    const res = await dave.req('GET', `/user/assistants/get?${query}`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message, errors: { [key]: [message] } });
  });

  it('per_page 1 and 100 are fine', async () => {
    expect((await dave.req('GET', '/user/assistants/get?per_page=1')).body.data).toHaveLength(1);
    expect((await dave.req('GET', '/user/assistants/get?per_page=100')).body.data).toHaveLength(11);
  });

  it('attaches each assistant’s tools (several assistants on one page)', async () => {
    const erin = await svc.user();
    const t = await createTool(erin, 'check_stock');
    const u = await createTool(erin, 'place_order');
    const a = await create(erin, { tool_ids: [t.id] });
    const b = await create(erin, { tool_ids: [t.id, u.id] });
    const c = await create(erin, {});
    const res = await erin.req('GET', '/user/assistants/get');
    const toolsById = Object.fromEntries(
      (res.body.data as { id: number; tools: { id: number }[] }[]).map((x) => [x.id, x.tools.map((tool) => tool.id)]),
    );
    expect(toolsById).toEqual({ [a]: [t.id], [b]: [t.id, u.id], [c]: [] });
  });
});

describe('GET /user/assistants/outbound', () => {
  it('gives summaries of the live outbound assistants only, newest first', async () => {
    const frank = await svc.user();
    const o1 = await create(frank, { assistant_name: 'Out 1', variables: { a: 'b' } });
    await create(frank, { assistant_name: 'In', calls_direction: 'receive' });
    const o2 = await create(frank, { assistant_name: 'Out 2', engine_type: 'multimodal', voice_id: alloy, llm_model: 'gemini-2.5-flash-live' });
    const o3 = await create(frank, { assistant_name: 'Out deleted' });
    await frank.req('DELETE', `/user/assistant/${o3}`);
    const res = await frank.req('GET', '/user/assistants/outbound');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[1]).toEqual({
      id: o1,
      user_id: frank.id,
      name: 'Out 1',
      initial_message: '',
      system_prompt: 'You are a helpful assistant.',
      timezone: 'Europe/Berlin',
      type: 'outbound',
      mode: 'pipeline',
      status: 'active',
      voice_id: rachel,
      language_id: 1,
      variables: { a: 'b' },
      webhook_url: null,
      is_webhook_active: false,
      created_at: expect.stringMatching(ISO_MICROS),
      updated_at: expect.stringMatching(ISO_MICROS),
    });
    expect(res.body[0]).toMatchObject({ id: o2, name: 'Out 2', type: 'outbound', mode: 'multimodal', voice_id: alloy });
  });
});

describe('GET /user/assistant/{id}', () => {
  it.each(['999999', 'abc', '0', '-1', '1.5', '99999999999'])('answers 404 for %s', async (id) => {
    const res = await alice.req('GET', `/user/assistant/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });
});

describe('PUT /user/assistant/{id}', () => {
  it('changes only the fields sent, and moves updated_at', async () => {
    clock = new Date('2026-03-02T08:00:00.000Z');
    const id = await create(alice, { assistant_name: 'Before', variables: { x: 1 } });
    const before = (await alice.req('GET', `/user/assistant/${id}`)).body;
    tick(61_500);
    const res = await alice.req('PUT', `/user/assistant/${id}`, { initial_message: 'Hi there!', speech_speed: 0.85 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Assistant updated successfully',
      data: { id, name: 'Before', status: 'active', type: 'outbound', mode: 'pipeline' },
    });
    const after = (await alice.req('GET', `/user/assistant/${id}`)).body;
    expect(after).toEqual({
      ...before,
      initial_message: 'Hi there!',
      speech_speed: '0.85',
      updated_at: '2026-03-02T08:01:01.500000Z',
    });
    expect(after.created_at).toBe('2026-03-02T08:00:00.000000Z');
  });

  it('an empty body changes nothing but updated_at', async () => {
    const id = await create(alice);
    const before = (await alice.req('GET', `/user/assistant/${id}`)).body;
    tick(1000);
    expect((await alice.req('PUT', `/user/assistant/${id}`, {})).status).toBe(200);
    const after = (await alice.req('GET', `/user/assistant/${id}`)).body;
    expect({ ...after, updated_at: before.updated_at }).toEqual(before);
    expect(after.updated_at).not.toBe(before.updated_at);
  });

  it('maps the renamed fields on update too', async () => {
    const id = await create(alice, { who_speaks_first: 'Customer', filler_audios: true });
    const res = await alice.req('PUT', `/user/assistant/${id}`, {
      assistant_name: 'Renamed',
      calls_direction: 'receive',
      who_speaks_first: 'AI assistant',
      filler_audios: false,
      noise_cancellation: true,
      record_call: false,
      max_call_duration: 1200,
      re_engagement_interval: 7,
      end_call_on_voicemail: true,
      language: 'French',
      llm_model: 'claude-sonnet-4',
      'end_call_tool.description': 'Bye.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id, name: 'Renamed', status: 'active', type: 'inbound', mode: 'pipeline' });
    const got = (await alice.req('GET', `/user/assistant/${id}`)).body;
    expect(got).toMatchObject({
      name: 'Renamed',
      type: 'inbound',
      wait_for_customer: false,
      fillers: 0,
      enable_noise_cancellation: true,
      record: false,
      max_duration: 1200,
      reengagement_interval: 7,
      end_call_on_voicemail: 1,
      language: 'French',
      language_id: 3,
      llm_model_id: 5,
      tools: [{ type: 'end_call', data: { description: 'Bye.' } }],
    });
    const cleared = await alice.req('PUT', `/user/assistant/${id}`, { 'end_call_tool.description': null });
    expect(cleared.status).toBe(200);
    expect((await alice.req('GET', `/user/assistant/${id}`)).body.tools).toEqual([]);
  });

  it('tool_ids replaces the attachments, [] detaches all, absent leaves them', async () => {
    const gina = await svc.user();
    const t1 = await createTool(gina, 'tool_one');
    const t2 = await createTool(gina, 'tool_two');
    const t3 = await createTool(gina, 'tool_three');
    const id = await create(gina, { tool_ids: [t1.id, t2.id] });
    const toolIds = async () => ((await gina.req('GET', `/user/assistant/${id}`)).body.tools as { id: number }[]).map((t) => t.id);
    expect(await toolIds()).toEqual([t1.id, t2.id]);
    expect((await gina.req('PUT', `/user/assistant/${id}`, { tool_ids: [t3.id, t2.id] })).status).toBe(200);
    expect(await toolIds()).toEqual([t2.id, t3.id]);
    expect((await gina.req('PUT', `/user/assistant/${id}`, { assistant_name: 'Still tools' })).status).toBe(200);
    expect(await toolIds()).toEqual([t2.id, t3.id]);
    expect((await gina.req('PUT', `/user/assistant/${id}`, { tool_ids: [] })).status).toBe(200);
    expect(await toolIds()).toEqual([]);
  });

  it('a refused update changes nothing, tools included', async () => {
    const t = await createTool(alice, 'keep_me');
    const id = await create(alice, { tool_ids: [t.id] });
    const before = (await alice.req('GET', `/user/assistant/${id}`)).body;
    const res = await alice.req('PUT', `/user/assistant/${id}`, { tool_ids: [999999], assistant_name: 'Nope' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The selected tool ids.0 is invalid.',
      errors: { 'tool_ids.0': ['The selected tool ids.0 is invalid.'] },
    });
    expect((await alice.req('GET', `/user/assistant/${id}`)).body).toEqual(before);
  });

  it('phone_number_id null unassigns, and the number becomes available', async () => {
    const phone = await addPhone(alice.id, 'Normal', '+14155550222');
    const id = await create(alice, { calls_direction: 'receive', phone_number_id: phone });
    expect(await phoneAvailability(alice, phone)).toMatchObject({ is_available: false });
    expect(await phoneAvailability(alice, phone, 'inbound')).toBeUndefined();
    const res = await alice.req('PUT', `/user/assistant/${id}`, { phone_number_id: null });
    expect(res.status).toBe(200);
    expect((await alice.req('GET', `/user/assistant/${id}`)).body.phone_number_id).toBeNull();
    expect(await phoneAvailability(alice, phone)).toMatchObject({ is_available: true });
    expect(await phoneAvailability(alice, phone, 'inbound')).toMatchObject({ is_available: true });
  });

  it('switching to outbound frees the number for inbound use', async () => {
    const phone = await addPhone(alice.id, 'Normal', '+14155550223');
    const id = await create(alice, { calls_direction: 'receive', phone_number_id: phone });
    expect((await alice.req('PUT', `/user/assistant/${id}`, { calls_direction: 'make' })).status).toBe(200);
    expect(await phoneAvailability(alice, phone)).toMatchObject({ is_available: true });
    // and the same number may then go to another inbound assistant
    await create(alice, { calls_direction: 'receive', phone_number_id: phone });
    // ...which is why the first cannot switch back to inbound while holding it
    const back = await alice.req('PUT', `/user/assistant/${id}`, { calls_direction: 'receive' });
    expect(back.status).toBe(422);
    expect(back.body).toEqual({
      message: 'The phone number is already assigned to another inbound assistant.',
      errors: { phone_number_id: ['The phone number is already assigned to another inbound assistant.'] },
    });
  });

  it('an inbound assistant keeps its own number when updated', async () => {
    const phone = await addPhone(alice.id, 'SIP', '+14155550224');
    const id = await create(alice, { calls_direction: 'receive', phone_number_id: phone });
    const res = await alice.req('PUT', `/user/assistant/${id}`, { calls_direction: 'receive', phone_number_id: phone });
    expect(res.status).toBe(200);
  });

  it('switching a Caller ID holder to inbound re-checks the number', async () => {
    const phone = await addPhone(alice.id, 'Caller ID', '+14155550225');
    const id = await create(alice, { phone_number_id: phone });
    const res = await alice.req('PUT', `/user/assistant/${id}`, { calls_direction: 'receive' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['phone_number_id']);
  });

  it('changing engine_type re-checks the current voice', async () => {
    const id = await create(alice);
    const res = await alice.req('PUT', `/user/assistant/${id}`, { engine_type: 'multimodal' });
    expect(res.status).toBe(422);
    const message = 'The selected voice is a pipeline voice: a multimodal assistant needs a multimodal voice.';
    expect(res.body).toEqual({ message, errors: { voice_id: [message] } });
    const ok = await alice.req('PUT', `/user/assistant/${id}`, { engine_type: 'multimodal', voice_id: alloy, llm_model: 'gpt-4o-realtime' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.mode).toBe('multimodal');
    expect((await alice.req('GET', `/user/assistant/${id}`)).body).toMatchObject({ mode: 'multimodal', voice_id: alloy, multimodal_model_id: 7 });
  });

  it('turning the webhook on needs a URL, and removing the URL of an active webhook is refused', async () => {
    const id = await create(alice);
    const message = 'The webhook url field is required when is webhook active is true.';
    const on = await alice.req('PUT', `/user/assistant/${id}`, { is_webhook_active: true });
    expect(on.status).toBe(422);
    expect(on.body).toEqual({ message, errors: { webhook_url: [message] } });
    const ok = await alice.req('PUT', `/user/assistant/${id}`, { is_webhook_active: true, webhook_url: 'https://h.example.com/x' });
    expect(ok.status).toBe(200);
    const drop = await alice.req('PUT', `/user/assistant/${id}`, { webhook_url: null });
    expect(drop.status).toBe(422);
    expect(drop.body).toEqual({ message, errors: { webhook_url: [message] } });
  });

  it('validates like create, and answers 404 for a missing, deleted or malformed id', async () => {
    const id = await create(alice);
    const bad = await alice.req('PUT', `/user/assistant/${id}`, { max_call_duration: 19 });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      message: 'The max call duration field must be at least 20.',
      errors: { max_call_duration: ['The max call duration field must be at least 20.'] },
    });
    for (const path of ['/user/assistant/999999', '/user/assistant/abc']) {
      const res = await alice.req('PUT', path, { assistant_name: 'x' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    await alice.req('DELETE', `/user/assistant/${id}`);
    const gone = await alice.req('PUT', `/user/assistant/${id}`, { assistant_name: 'x' });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(NOT_FOUND);
  });

  it('answers 400 for malformed JSON', async () => {
    const id = await create(alice);
    const res = await alice.req('PUT', `/user/assistant/${id}`, '{"assistant_name":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.' });
  });
});

describe('DELETE /user/assistant/{id}', () => {
  it('soft-deletes: gone from every read, number freed, tools detached, row kept', async () => {
    const hank = await svc.user();
    const phone = await addPhone(hank.id, 'Normal', '+14155550333');
    const t = await createTool(hank, 'doomed_link');
    const id = await create(hank, { calls_direction: 'receive', phone_number_id: phone, tool_ids: [t.id] });
    expect(await phoneAvailability(hank, phone)).toMatchObject({ is_available: false });

    clock = new Date('2026-04-01T12:00:00.000Z');
    const res = await hank.req('DELETE', `/user/assistant/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Assistant deleted successfully' });

    expect((await hank.req('GET', `/user/assistant/${id}`)).body).toEqual(NOT_FOUND);
    expect((await hank.req('GET', '/user/assistants/get')).body).toMatchObject({ total: 0, data: [] });
    expect(await phoneAvailability(hank, phone)).toMatchObject({ is_available: true });
    expect(await phoneAvailability(hank, phone, 'inbound')).toMatchObject({ is_available: true });
    // The tool itself stays; only the attachment goes.
    expect((await hank.req('GET', `/user/tools/${t.id}`)).status).toBe(200);

    const row = await svc.handle.db.selectFrom('assistants').select(['deleted_at', 'phone_number_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.phone_number_id).toBeNull();
    expect(row.deleted_at).toMatch(/^2026-04-01 12:00:00/);
    const links = await svc.handle.db.selectFrom('assistant_tools').selectAll().where('assistant_id', '=', id).execute();
    expect(links).toEqual([]);

    const again = await hank.req('DELETE', `/user/assistant/${id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(NOT_FOUND);
  });

  it.each(['999999', 'abc'])('answers 404 for %s', async (id) => {
    const res = await alice.req('DELETE', `/user/assistant/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });
});

describe('webhook switches', () => {
  it('enable-inbound-webhook sets inbound_webhook_url, disable clears it', async () => {
    const id = await create(alice, { calls_direction: 'receive' });
    const on = await alice.req('POST', '/user/assistants/enable-inbound-webhook', { assistant_id: id, webhook_url: 'https://in.example.com/hook' });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ message: 'Inbound webhook enabled successfully', data: [] });
    expect((await alice.req('GET', `/user/assistant/${id}`)).body.inbound_webhook_url).toBe('https://in.example.com/hook');

    const off = await alice.req('POST', '/user/assistants/disable-inbound-webhook', { assistant_id: id });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ message: 'Inbound webhook disabled successfully', data: [] });
    expect((await alice.req('GET', `/user/assistant/${id}`)).body.inbound_webhook_url).toBeNull();
  });

  it('disable-webhook turns the post-call webhook off and keeps its URL', async () => {
    const id = await create(alice, { is_webhook_active: true, webhook_url: 'https://post.example.com/hook' });
    const res = await alice.req('POST', '/user/assistants/disable-webhook', { assistant_id: id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Webhook disabled successfully', data: [] });
    expect((await alice.req('GET', `/user/assistant/${id}`)).body).toMatchObject({
      is_webhook_active: false,
      webhook_url: 'https://post.example.com/hook',
    });
  });

  it('validates the bodies with 422', async () => {
    const idRequired = 'The assistant id field is required.';
    const urlRequired = 'The webhook url field is required.';
    const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
      ['/user/assistants/enable-inbound-webhook', {}, { assistant_id: [idRequired], webhook_url: [urlRequired] }],
      ['/user/assistants/enable-inbound-webhook', { assistant_id: 1 }, { webhook_url: [urlRequired] }],
      ['/user/assistants/enable-inbound-webhook', { webhook_url: 'https://x.example.com' }, { assistant_id: [idRequired] }],
      [
        '/user/assistants/enable-inbound-webhook',
        { assistant_id: 1, webhook_url: 'not a url' },
        { webhook_url: ['The webhook url field must be a valid URL.'] },
      ],
      ['/user/assistants/disable-inbound-webhook', {}, { assistant_id: [idRequired] }],
      ['/user/assistants/disable-webhook', {}, { assistant_id: [idRequired] }],
      ['/user/assistants/disable-webhook', { assistant_id: 'abc' }, { assistant_id: ['The assistant id field must be a number.'] }],
      [
        '/user/assistants/disable-webhook',
        { assistant_id: 99999999999 },
        { assistant_id: ['The assistant id field must not be greater than 2147483647.'] },
      ],
    ];
    for (const [path, body, errors] of cases) {
      const res = await alice.req('POST', path, body);
      expect(res.status, path).toBe(422);
      expect(res.body.errors, path).toEqual(errors);
    }
    const both = await alice.req('POST', '/user/assistants/enable-inbound-webhook', {});
    expect(both.body.message).toBe(`${idRequired} (and 1 more error)`);
  });

  it('answers 404 for a missing or deleted assistant', async () => {
    const id = await create(alice);
    await alice.req('DELETE', `/user/assistant/${id}`);
    // Past PostgreSQL's integer an id is a 422 (laxId), never a 500: see the validation cases above.
    for (const assistantId of [999999, id]) {
      for (const [path, body] of [
        ['/user/assistants/enable-inbound-webhook', { assistant_id: assistantId, webhook_url: 'https://x.example.com' }],
        ['/user/assistants/disable-inbound-webhook', { assistant_id: assistantId }],
        ['/user/assistants/disable-webhook', { assistant_id: assistantId }],
      ] as const) {
        const res = await alice.req('POST', path, body);
        expect(res.status, `${path} ${assistantId}`).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
    }
  });
});

describe('across users', () => {
  let owner: TestUser;
  let other: TestUser;
  let assistantId: number;
  let ownerTool: number;
  let ownerPhone: number;
  let ownerVoice: number;

  beforeAll(async () => {
    owner = await svc.user();
    other = await svc.user();
    ownerTool = (await createTool(owner, 'private_tool')).id;
    ownerPhone = await addPhone(owner.id, 'Normal', '+14155550444');
    ownerVoice = await addVoice(owner.id, 'pipeline', 'Owner clone');
    assistantId = await create(owner, {
      assistant_name: 'Private',
      voice_id: ownerVoice,
      tool_ids: [ownerTool],
      phone_number_id: ownerPhone,
      is_webhook_active: true,
      webhook_url: 'https://owner.example.com/hook',
    });
  });

  async function ownerView() {
    return (await owner.req('GET', `/user/assistant/${assistantId}`)).body;
  }

  it('cannot read the assistant: get one, list, outbound answer as for a missing id', async () => {
    const missing = await other.req('GET', '/user/assistant/999999');
    const res = await other.req('GET', `/user/assistant/${assistantId}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(missing.body);
    expect(res.body).toEqual(NOT_FOUND);
    expect((await other.req('GET', '/user/assistants/get')).body).toMatchObject({ total: 0, data: [] });
    expect((await other.req('GET', '/user/assistants/outbound')).body).toEqual([]);
  });

  it('cannot update, delete or switch webhooks of it', async () => {
    const before = await ownerView();
    const attempts: [string, string, unknown][] = [
      ['PUT', `/user/assistant/${assistantId}`, { assistant_name: 'Hijacked' }],
      ['PUT', `/user/assistant/${assistantId}`, { tool_ids: [] }],
      ['DELETE', `/user/assistant/${assistantId}`, undefined],
      ['POST', '/user/assistants/enable-inbound-webhook', { assistant_id: assistantId, webhook_url: 'https://evil.example.com' }],
      ['POST', '/user/assistants/disable-inbound-webhook', { assistant_id: assistantId }],
      ['POST', '/user/assistants/disable-webhook', { assistant_id: assistantId }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await other.req(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect(await ownerView()).toEqual(before);
  });

  it('cannot attach the owner’s tool, phone number or own voice, on create or update', async () => {
    const own = await create(other, { assistant_name: 'Mine' });
    const cases: [Record<string, unknown>, string, Record<string, unknown>][] = [
      [{ tool_ids: [ownerTool] }, 'tool_ids.0', { tool_ids: [999999] }],
      [{ phone_number_id: ownerPhone }, 'phone_number_id', { phone_number_id: 999999 }],
      [{ voice_id: ownerVoice }, 'voice_id', { voice_id: 999999 }],
    ];
    for (const [patch, key, missingPatch] of cases) {
      const created = await other.req('POST', '/user/assistant', minimal(patch));
      const createdMissing = await other.req('POST', '/user/assistant', minimal(missingPatch));
      expect(created.status, key).toBe(422);
      expect(Object.keys(created.body.errors)).toEqual([key]);
      expect(created.body).toEqual(createdMissing.body);

      const updated = await other.req('PUT', `/user/assistant/${own}`, patch);
      const updatedMissing = await other.req('PUT', `/user/assistant/${own}`, missingPatch);
      expect(updated.status, key).toBe(422);
      expect(updated.body).toEqual(updatedMissing.body);
    }
    expect((await other.req('GET', `/user/assistant/${own}`)).body).toMatchObject({
      tools: [],
      phone_number_id: null,
      voice_id: rachel,
    });
  });

  it('the owner’s number stays available to the owner only', async () => {
    expect(await phoneAvailability(owner, ownerPhone)).toMatchObject({ is_available: true });
    expect(await phoneAvailability(other, ownerPhone)).toBeUndefined();
  });
});
