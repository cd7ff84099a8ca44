import { describe, expect, it } from 'vitest';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { insertPhoneNumber, seededIds } from '../test/fixtures';
import { createAssistant, createGroup, createKnowledgebase, createTool, expect422, getAssistant as get } from '../test/requests';

/*
 * Assistants as today's clients of the hosted API call them: the record's own field names beside the
 * spec's, Laravel's lax numbers and booleans, built-in tools, the fields kept but not acted on, unknown
 * fields refused by name, a record sent back whole, the plain list and the post-call webhook switch.
 */

let svc: TestService;
let alice: TestUser;
let bob: TestUser;
let rachel: number; // public pipeline voice
let alloy: number; // public multimodal voice
let gpt4o: number;

useService(async (s) => {
  ({ svc, alice, bob } = s);
  const voice = await seededIds(svc.handle.db, 'voices');
  rachel = voice('Rachel');
  alloy = voice('Alloy');
  gpt4o = (await seededIds(svc.handle.db, 'llm_models'))('gpt-4o');
});

async function addPhone(userId: number, phone_number = '+14155550100') {
  return (await insertPhoneNumber(svc.handle.db, userId, phone_number, 'Normal', 'US')).id;
}

const addTool = async (user: TestUser, name: string) => (await createTool(user, name)).id;

/** A create body in the record's names only, the way an MCP server or automation connector sends it. */
function hosted(patch: Record<string, unknown> = {}) {
  return {
    name: 'Reception',
    type: 'inbound',
    mode: 'pipeline',
    voice_id: String(rachel),
    language_id: '1',
    llm_model_id: gpt4o,
    timezone: 'Europe/Berlin',
    initial_message: 'Hello!',
    system_prompt: 'You answer the phone.',
    ...patch,
  };
}

const createHosted = (user: TestUser, patch: Record<string, unknown> = {}) => createAssistant(user, hosted(patch));

describe('the record’s names in create and update', () => {
  it('creates from record names, numeric strings and 0/1 booleans', async () => {
    const id = await createHosted(alice, {
      fillers: 1,
      record: '0',
      enable_noise_cancellation: 'true',
      wait_for_customer: true,
      max_duration: '900',
      reengagement_interval: 45,
      llm_temperature: '0.7',
      endpoint_sensitivity: '3.5',
      post_call_evaluation: '1',
    });
    const a = await get(alice, id);
    expect(a).toMatchObject({
      name: 'Reception',
      type: 'inbound',
      mode: 'pipeline',
      voice_id: rachel,
      language_id: 1,
      language: 'English',
      llm_model_id: gpt4o,
      fillers: 1,
      record: false,
      enable_noise_cancellation: true,
      wait_for_customer: true,
      max_duration: 900,
      reengagement_interval: 45,
      llm_temperature: '0.70',
      endpoint_sensitivity: 3.5,
      post_call_evaluation: true,
    });
  });

  it('takes multimodal_model_id for the model of a multimodal assistant', async () => {
    const id = await createHosted(alice, { mode: 'multimodal', voice_id: alloy, llm_model_id: undefined, multimodal_model_id: gpt4o });
    expect(await get(alice, id)).toMatchObject({ mode: 'multimodal', llm_model_id: gpt4o, multimodal_model_id: gpt4o });
  });

  it('is satisfied on create by either name, and names the spec’s key when both are missing', async () => {
    const res = await alice.req('POST', '/user/assistant', { voice_id: rachel, timezone: 'UTC', system_prompt: 'x' });
    expect422(res, {
      assistant_name: ['The assistant name field is required.'],
      language: ['The language field is required.'],
      llm_model: ['The llm model field is required.'],
      calls_direction: ['The calls direction field is required.'],
      engine_type: ['The engine type field is required.'],
    });
  });

  it('the same field both ways must agree: a 422 on both keys', async () => {
    expect422(await alice.req('POST', '/user/assistant', hosted({ assistant_name: 'Other' })), {
      name: ['The name and assistant_name fields disagree.'],
      assistant_name: ['The name and assistant_name fields disagree.'],
    });
    expect422(await alice.req('POST', '/user/assistant', hosted({ calls_direction: 'make' })), {
      type: ['The type and calls_direction fields disagree.'],
      calls_direction: ['The type and calls_direction fields disagree.'],
    });
    expect422(await alice.req('POST', '/user/assistant', hosted({ fillers: 1, filler_audios: false })), {
      fillers: ['The fillers and filler_audios fields disagree.'],
      filler_audios: ['The fillers and filler_audios fields disagree.'],
    });
    expect422(await alice.req('POST', '/user/assistant', hosted({ language: 'German' })), {
      language: ['The language and language_id fields disagree.'],
      language_id: ['The language and language_id fields disagree.'],
    });
    // Agreeing values under both names are fine, whatever their form.
    await createHosted(alice, { assistant_name: 'Reception', record: 1, record_call: true, language: 'english', calls_direction: 'receive' });
  });

  it('updates under record names; another user’s assistant is a 404 whatever the body', async () => {
    const id = await createHosted(alice);
    const res = await alice.req('PUT', `/user/assistant/${id}`, { name: 'Renamed', type: 'outbound', max_duration: '120', record: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: 'Assistant updated successfully', data: { id, name: 'Renamed', status: 'active', type: 'outbound', mode: 'pipeline' } });
    expect(await get(alice, id)).toMatchObject({ name: 'Renamed', type: 'outbound', max_duration: 120, record: false });
    const foreign = await bob.req('PUT', `/user/assistant/${id}`, { name: 'Stolen' });
    expect(foreign.status).toBe(404);
    expect((await get(alice, id)).name).toBe('Renamed');
  });

  it('another user’s voice, number and tools are a 422 on the key sent', async () => {
    const bobVoice = (await svc.handle.db.insertInto('voices').values({ user_id: bob.id, name: 'Bob', mode: 'pipeline' }).returning('id').executeTakeFirstOrThrow()).id;
    const bobPhone = await addPhone(bob.id, '+14155550199');
    const bobTool = await addTool(bob, 'bob_tool');
    const res = await alice.req('POST', '/user/assistant', hosted({ voice_id: bobVoice, phone_number_id: String(bobPhone), tools: [{ id: bobTool }] }));
    expect422(res, {
      voice_id: ['The selected voice id is invalid.'],
      phone_number_id: ['The selected phone number id is invalid.'],
      'tools.0.id': ['The selected tools.0.id is invalid.'],
    });
  });
});

describe('unknown fields', () => {
  it('a create naming fields the service does not know is refused with their names', async () => {
    const res = await alice.req('POST', '/user/assistant', hosted({ tts_emotion_enabled: true, conversation_inactivity_timeout: 5, sip_trunk_id: 3 }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The following fields cannot be set: conversation_inactivity_timeout, sip_trunk_id' });
  });

  it('an update naming one is refused whole: nothing changes', async () => {
    const id = await createHosted(alice);
    const before = await get(alice, id);
    const res = await alice.req('PUT', `/user/assistant/${id}`, { name: 'Changed', ringing_time: 30, conversation_ended_retrigger: true });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The following fields cannot be updated: conversation_ended_retrigger' });
    expect(await get(alice, id)).toEqual(before);
  });
});

describe("an assistant's knowledge base", () => {
  it("must be the user's own: another user's base, or none at all, is a 422 on knowledgebase_id", async () => {
    const bobs = await createKnowledgebase(bob, "Bob's");
    const own = await createKnowledgebase(alice, "Alice's");
    for (const knowledgebase_id of [bobs, 2_000_000]) {
      expect422(await alice.req('POST', '/user/assistant', hosted({ knowledgebase_id, knowledgebase_mode: 'prompt' })), {
        knowledgebase_id: ['The selected knowledgebase id is invalid.'],
      });
    }
    const id = await createHosted(alice, { knowledgebase_id: own, knowledgebase_mode: 'prompt' });
    expect((await alice.req('PUT', `/user/assistant/${id}`, { knowledgebase_id: bobs })).status).toBe(422);
    expect(await get(alice, id)).toMatchObject({ knowledgebase_id: own });
  });
});

describe('fields kept but not acted on', () => {
  it('are validated, stored and returned', async () => {
    const labels = [await createGroup(alice, 'labels', 'Kept A'), await createGroup(alice, 'labels', 'Kept B')];
    const base = await createKnowledgebase(alice);
    const id = await createHosted(alice, {
      secondary_language_ids: [2, '3'],
      knowledgebase_id: String(base),
      knowledgebase_mode: 'function_call',
      label_ids: [labels[1], String(labels[0])],
      reengagement_prompt: 'Are you still there?',
      voice_mail_message: 'Please call back.',
      ambient_sound: 'office',
      filler_config: { neutral: ['Hm.'], question: ['Let me see.'] },
    });
    expect(await get(alice, id)).toMatchObject({
      secondary_language_ids: [2, 3],
      knowledgebase_id: base,
      knowledgebase_mode: 'function_call',
      label_ids: [...labels].sort((a, b) => a - b),
      reengagement_prompt: 'Are you still there?',
      voice_mail_message: 'Please call back.',
      ambient_sound: 'office',
      filler_config: { neutral: ['Hm.'], negative: [], positive: [], question: ['Let me see.'] },
    });
  });

  it('refuses unknown languages, modes and shapes on their keys', async () => {
    expect422(await alice.req('POST', '/user/assistant', hosted({ secondary_language_ids: [1, 99999], knowledgebase_mode: 'semantic', label_ids: 'x' })), {
      knowledgebase_mode: ['The selected knowledgebase mode is invalid.'],
      label_ids: ['The label ids field must be an array.'],
    });
    expect422(await alice.req('POST', '/user/assistant', hosted({ secondary_language_ids: [1, 99999] })), {
      'secondary_language_ids.1': ['The selected secondary language ids.1 is invalid.'],
    });
  });
});

describe('built-in tools', () => {
  it('takes the flat form and the record’s {type, data} form, and end_call is end_call_tool.description', async () => {
    const phone = await addPhone(alice.id, '+14155550111');
    const other = await createHosted(alice, { name: 'Specialist' });
    const id = await createHosted(alice, {
      tools: [
        { type: 'end_call', description: 'When the caller says goodbye.' },
        { type: 'call_transfer', phone_number: '+4930123456', description: 'On request.', warm_transfer: '0' },
        { type: 'warm_call_transfer', data: { supervisor_phone: '+4930999999', outbound_phone_id: phone, description: 'Escalations.' } },
        { type: 'assistant_transfer', assistant_id: String(other), description: 'Sales questions.' },
        { type: 'collect_keypad', timeout: '5', stop_key: '#' },
      ],
    });
    const a = await get(alice, id);
    expect(a.tools).toEqual([
      { type: 'end_call', data: { description: 'When the caller says goodbye.' } },
      { type: 'call_transfer', data: { phone_number: '+4930123456', description: 'On request.', warm_transfer: false } },
      { type: 'warm_call_transfer', data: { supervisor_phone: '+4930999999', outbound_phone_id: phone, description: 'Escalations.' } },
      { type: 'assistant_transfer', data: { assistant_id: other, description: 'Sales questions.' } },
      { type: 'collect_keypad', data: { timeout: 5, stop_key: '#' } },
    ]);
    // The spec's key edits the same end-call tool.
    await alice.req('PUT', `/user/assistant/${id}`, { 'end_call_tool.description': 'After the summary.' });
    expect((await get(alice, id)).tools[0]).toEqual({ type: 'end_call', data: { description: 'After the summary.' } });
    // `tools` replaces every built-in tool: one left out is gone.
    await alice.req('PUT', `/user/assistant/${id}`, { tools: [{ type: 'dtmf_input', description: 'Menus.' }] });
    expect((await get(alice, id)).tools).toEqual([{ type: 'dtmf_input', data: { description: 'Menus.' } }]);
  });

  it('built-ins alone leave the attached mid-call tools as they are', async () => {
    const t = await addTool(alice, 'lookup_order');
    const id = await createHosted(alice, { tool_ids: [t] });
    await alice.req('PUT', `/user/assistant/${id}`, { tools: [{ type: 'end_call', description: 'Bye.' }] });
    const tools = (await get(alice, id)).tools as { id?: number; type?: string }[];
    expect(tools.map((x) => x.id ?? x.type)).toEqual([t, 'end_call']);
  });

  it('validates each type’s data, and what it points at belongs to the caller', async () => {
    const bobPhone = await addPhone(bob.id, '+14155550188');
    const bobAssistant = await createHosted(bob);
    expect422(
      await alice.req('POST', '/user/assistant', hosted({
        tools: [
          { type: 'teleport', description: 'x' },
          { type: 'end_call' },
          { type: 'call_transfer', phone_number: '030 123', description: 'x', colour: 'red' },
          'calendar_booking',
        ],
      })),
      {
        'tools.0.type': ['The selected tools.0.type is invalid.'],
        'tools.1.data.description': ['The tools.1.data.description field is required.'],
        'tools.2.data': ['The tools.2.data contains unknown fields: colour.'],
        'tools.2.data.phone_number': ['The phone number must be in E.164 format (+ and country code).'],
        'tools.3': ['The tools.3 field must be an object.'],
      },
    );
    expect422(
      await alice.req('POST', '/user/assistant', hosted({
        tools: [
          { type: 'warm_call_transfer', supervisor_phone: '+4930999999', outbound_phone_id: bobPhone, description: 'x' },
          { type: 'assistant_transfer', assistant_id: bobAssistant, description: 'x' },
        ],
      })),
      {
        'tools.0.data.outbound_phone_id': ['The selected tools.0.data.outbound phone id is invalid.'],
        'tools.1.data.assistant_id': ['The selected tools.1.data.assistant id is invalid.'],
      },
    );
    const self = await createHosted(alice);
    expect422(await alice.req('PUT', `/user/assistant/${self}`, { tools: [{ type: 'assistant_transfer', assistant_id: self, description: 'x' }] }), {
      'tools.0.data.assistant_id': ['An assistant cannot transfer a call to itself.'],
    });
  });

  it('end_call under both names must agree', async () => {
    expect422(await alice.req('POST', '/user/assistant', hosted({ 'end_call_tool.description': 'A', tools: [{ type: 'end_call', description: 'B' }] })), {
      tools: ['The tools and end_call_tool.description fields disagree.'],
      'end_call_tool.description': ['The tools and end_call_tool.description fields disagree.'],
    });
  });
});

describe('a record sent back whole', () => {
  it('GET then PUT of the whole record changes nothing and answers 200', async () => {
    const t1 = await addTool(alice, 'book_slot');
    const t2 = await addTool(alice, 'cancel_slot');
    const phone = await addPhone(alice.id, '+14155550122');
    const id = await createHosted(alice, {
      tool_ids: [t1, t2],
      phone_number_id: phone,
      tools: [{ type: 'end_call', data: { description: 'Goodbye.' } }, { type: 'dtmf_input', description: 'Menus.' }],
      post_call_schema: [{ name: 'interested', type: 'bool', description: 'Interest' }],
      variables: { company: 'Acme', seats: 3 },
      is_webhook_active: true,
      webhook_url: 'https://hooks.example.com/x',
      secondary_language_ids: [2],
      label_ids: [await createGroup(alice, 'labels', 'Sent back')],
      folder_id: await createGroup(alice, 'folders', 'Sent back', 'amber'),
      ringing_time: 25,
      tts_emotion_enabled: true,
      turn_detection_threshold: 0.7,
      knowledgebase_id: await createKnowledgebase(alice, 'Sent back'),
      knowledgebase_mode: 'prompt',
    });
    const before = await get(alice, id);
    const put = await alice.req('PUT', `/user/assistant/${id}`, before);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = await get(alice, id);
    expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
  });

  it('an item of /assistants/get sent back changes nothing either', async () => {
    const id = await createHosted(alice, { mode: 'multimodal', voice_id: alloy, llm_model_id: undefined, multimodal_model_id: gpt4o });
    const list = await alice.req('GET', '/user/assistants/get?per_page=100');
    const item = (list.body.data as { id: number }[]).find((a) => a.id === id)!;
    const put = await alice.req('PUT', `/user/assistant/${id}`, item);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect({ ...(await get(alice, id)), updated_at: null }).toEqual({ ...item, updated_at: null });
  });
});

describe('GET /user/assistants', () => {
  it('every live assistant of the caller as a plain array of full records, newest first', async () => {
    const carol = await svc.user();
    const a = await createHosted(carol, { name: 'A' });
    const b = await createHosted(carol, { name: 'B' });
    const c = await createHosted(carol, { name: 'C' });
    await carol.req('DELETE', `/user/assistant/${b}`);
    const res = await carol.req('GET', '/user/assistants');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect((res.body as { id: number }[]).map((x) => x.id)).toEqual([c, a]);
    expect(res.body[0]).toEqual(await get(carol, c));
    const dave = await svc.user();
    expect((await dave.req('GET', '/user/assistants')).body).toEqual([]);
  });
});

describe('POST /user/assistants/enable-webhook', () => {
  it('turns the post-call webhook on with its URL; disable turns it off', async () => {
    const id = await createHosted(alice);
    const on = await alice.req('POST', '/user/assistants/enable-webhook', { assistant_id: String(id), webhook_url: 'https://hooks.example.com/done' });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ message: 'Webhook enabled successfully', data: [] });
    expect(await get(alice, id)).toMatchObject({ is_webhook_active: true, webhook_url: 'https://hooks.example.com/done' });
    const off = await alice.req('POST', '/user/assistants/disable-webhook', { assistant_id: id });
    expect(off.body).toEqual({ message: 'Webhook disabled successfully', data: [] });
    expect((await get(alice, id)).is_webhook_active).toBe(false);
  });

  it('validates, and another user’s assistant is a 404', async () => {
    const id = await createHosted(alice);
    expect422(await alice.req('POST', '/user/assistants/enable-webhook', { assistant_id: id, webhook_url: 'ftp://x' }), {
      webhook_url: ['The webhook url field must be a valid URL.'],
    });
    const foreign = await bob.req('POST', '/user/assistants/enable-webhook', { assistant_id: id, webhook_url: 'https://evil.example.com' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Assistant not found' });
    expect((await get(alice, id)).webhook_url).toBeNull();
  });
});
