import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_BOUNDS, ASSISTANT_REQUIRED_ON_CREATE } from '../../contract';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { insertPhoneNumber } from '../test/fixtures';
import { createTool } from '../test/requests';

/* What POST /user/assistant refuses, and the edges it accepts: bounds, required fields, the DB checks. */

let svc: TestService;
let alice: TestUser;
let rachel: number; // public pipeline voice
let alloy: number; // public multimodal voice

beforeAll(async () => {
  svc = await startTestService();
  alice = await svc.user();
  const voices = await svc.handle.db.selectFrom('voices').select(['id', 'name']).where('user_id', 'is', null).execute();
  rachel = voices.find((v) => v.name === 'Rachel')!.id;
  alloy = voices.find((v) => v.name === 'Alloy')!.id;
});
afterAll(() => svc.close());

async function addPhone(userId: number, type_label: string, phone_number: string) {
  return (await insertPhoneNumber(svc.handle.db, userId, phone_number, type_label, 'US')).id;
}

function minimal(patch: Record<string, unknown> = {}) {
  return {
    assistant_name: 'Edge case',
    voice_id: rachel,
    language: 'English',
    llm_model: 'gpt-4o-mini',
    calls_direction: 'make',
    engine_type: 'pipeline',
    timezone: 'America/New_York',
    system_prompt: 'Help the caller.',
    ...patch,
  };
}

const post = (body: unknown, user: TestUser = alice) => user.req('POST', '/user/assistant', body);

async function expect422(body: unknown, errors: Record<string, string[]>, user: TestUser = alice) {
  const res = await post(body, user);
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.errors).toEqual(errors);
  const messages = Object.values(errors).flat();
  const more = messages.length - 1;
  expect(res.body.message).toBe(more === 0 ? messages[0] : `${messages[0]} (and ${more} more error${more === 1 ? '' : 's'})`);
}

async function createdRecord(body: unknown) {
  const res = await post(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (await alice.req('GET', `/user/assistant/${res.body.data.id}`)).body;
}

const label = (key: string) => key.replace(/_/g, ' ');

/** Numeric bounds: request field, record field, how the record prints it, and whether it is an integer. */
const NUMERIC: [keyof typeof ASSISTANT_BOUNDS, string, 'string2' | 'number', boolean][] = [
  ['endpoint_sensitivity', 'endpoint_sensitivity', 'number', false],
  ['interrupt_sensitivity', 'interrupt_sensitivity', 'number', false],
  ['ambient_sound_volume', 'ambient_sound_volume', 'string2', false],
  ['llm_temperature', 'llm_temperature', 'string2', false],
  ['voice_stability', 'voice_stability', 'string2', false],
  ['voice_similarity', 'voice_similarity', 'string2', false],
  ['speech_speed', 'speech_speed', 'string2', false],
  ['re_engagement_interval', 'reengagement_interval', 'number', true],
  ['max_call_duration', 'max_duration', 'number', true],
  ['max_silence_duration', 'max_silence_duration', 'number', true],
  ['min_interrupt_words', 'min_interrupt_words', 'number', true],
];

describe('numeric bounds of ASSISTANT_BOUNDS', () => {
  const rows = NUMERIC.flatMap(([field, recordField, form, integer]) => {
    const b = ASSISTANT_BOUNDS[field] as { min: number; max: number };
    const eps = integer ? 1 : 0.01;
    return [
      { field, recordField, form, value: b.min, edge: 'min' },
      { field, recordField, form, value: b.max, edge: 'max' },
      { field, recordField, form, value: Number((b.min - eps).toFixed(2)), edge: 'below', message: `The ${label(field)} field must be at least ${b.min}.` },
      { field, recordField, form, value: Number((b.max + eps).toFixed(2)), edge: 'above', message: `The ${label(field)} field must not be greater than ${b.max}.` },
    ];
  });

  it.each(rows)('$field = $value ($edge)', async ({ field, recordField, form, value, message }) => {
    if (message) {
      await expect422(minimal({ [field]: value }), { [field]: [message] });
    } else {
      const record = await createdRecord(minimal({ [field]: value }));
      expect(record[recordField]).toEqual(form === 'string2' ? value.toFixed(2) : value);
    }
  });

  it.each(NUMERIC.filter(([, , , integer]) => integer))('%s must be an integer', async (field) => {
    const b = ASSISTANT_BOUNDS[field] as { min: number };
    await expect422(minimal({ [field]: b.min + 0.5 }), { [field]: [`The ${label(field)} field must be an integer.`] });
  });

  it.each(NUMERIC)('%s must be a number (a numeric string counts, as Laravel reads it)', async (field) => {
    await expect422(minimal({ [field]: 'abc' }), { [field]: [`The ${label(field)} field must be a number.`] });
    await expect422(minimal({ [field]: true }), { [field]: [`The ${label(field)} field must be a number.`] });
    const b = ASSISTANT_BOUNDS[field] as { max: number };
    // createdRecord asserts the 201.
    await createdRecord(minimal({ [field]: String(b.max) }));
  });
});

describe('length bounds', () => {
  const B = ASSISTANT_BOUNDS;
  type Row = { name: string; inside: Record<string, unknown>; outside: Record<string, unknown>; key: string; message: string };
  /** A text field of at most `max` characters, named `attribute` in its message. */
  const textRow = (key: string, max: number, attribute: string): Row => ({
    name: key,
    inside: { [key]: 'a'.repeat(max) },
    outside: { [key]: 'a'.repeat(max + 1) },
    key,
    message: `The ${attribute} field must not be greater than ${max} characters.`,
  });
  const rows: Row[] = [
    textRow('assistant_name', B.assistant_name.max, 'assistant name'),
    textRow('initial_message', B.initial_message.max, 'initial message'),
    textRow('system_prompt', B.system_prompt.max, 'system prompt'),
    textRow('end_call_tool.description', B.end_call_tool_description.max, 'end call tool.description'),
    {
      name: 'post_call_schema rows',
      inside: { post_call_schema: Array.from({ length: B.post_call_schema.maxRows }, (_, i) => ({ name: `f${i}`, type: 'number' })) },
      outside: { post_call_schema: Array.from({ length: B.post_call_schema.maxRows + 1 }, (_, i) => ({ name: `f${i}`, type: 'number' })) },
      key: 'post_call_schema',
      message: `The post call schema field must not have more than ${B.post_call_schema.maxRows} items.`,
    },
    {
      name: 'post_call_schema name',
      inside: { post_call_schema: [{ 'post_call_schema[].name': 'n'.repeat(B.post_call_schema.nameMax), 'post_call_schema[].type': 'string' }] },
      outside: { post_call_schema: [{ 'post_call_schema[].name': 'n'.repeat(B.post_call_schema.nameMax + 1), 'post_call_schema[].type': 'string' }] },
      key: 'post_call_schema.0.name',
      message: `The post call schema.0.name field must not be greater than ${B.post_call_schema.nameMax} characters.`,
    },
    {
      name: 'post_call_schema description',
      inside: { post_call_schema: [{ name: 'x', type: 'bool', description: 'd'.repeat(B.post_call_schema.descriptionMax) }] },
      outside: { post_call_schema: [{ name: 'x', type: 'bool', description: 'd'.repeat(B.post_call_schema.descriptionMax + 1) }] },
      key: 'post_call_schema.0.description',
      message: `The post call schema.0.description field must not be greater than ${B.post_call_schema.descriptionMax} characters.`,
    },
    {
      name: 'variables keys',
      inside: { variables: Object.fromEntries(Array.from({ length: B.variables.maxKeys }, (_, i) => [`k${i}`, i])) },
      outside: { variables: Object.fromEntries(Array.from({ length: B.variables.maxKeys + 1 }, (_, i) => [`k${i}`, i])) },
      key: 'variables',
      message: `The variables field must not have more than ${B.variables.maxKeys} items.`,
    },
  ];

  it.each(rows)('$name: at the bound is taken, one past it is a 422 on $key', async ({ inside, outside, key, message }) => {
    expect((await post(minimal(inside))).status).toBe(201);
    await expect422(minimal(outside), { [key]: [message] });
  });

  it('end_call_tool.description at 500 becomes the end-call tool item', async () => {
    const description = 'e'.repeat(500);
    const record = await createdRecord(minimal({ 'end_call_tool.description': description }));
    expect(record.tools).toEqual([{ type: 'end_call', data: { description } }]);
  });
});

describe('required fields and allowed values', () => {
  it('an empty body names every required field', async () => {
    const errors = Object.fromEntries(ASSISTANT_REQUIRED_ON_CREATE.map((k) => [k, [`The ${label(k)} field is required.`]]));
    await expect422({}, errors);
  });

  it.each(ASSISTANT_REQUIRED_ON_CREATE)('%s is required', async (field) => {
    const body: Record<string, unknown> = minimal();
    delete body[field];
    await expect422(body, { [field]: [`The ${label(field)} field is required.`] });
  });

  it('a blank assistant_name or system_prompt counts as missing', async () => {
    await expect422(minimal({ assistant_name: '   ', system_prompt: '' }), {
      assistant_name: ['The assistant name field is required.'],
      system_prompt: ['The system prompt field is required.'],
    });
  });

  it.each([
    ['calls_direction', 'both'],
    ['engine_type', 'hybrid'],
    ['endpoint_type', 'smart'],
    ['who_speaks_first', 'Bot'],
  ])('%s = %s is not an allowed value', async (field, value) => {
    await expect422(minimal({ [field]: value }), { [field]: [`The selected ${label(field)} is invalid.`] });
  });

  it('the allowed values are taken', async () => {
    const record = await createdRecord(minimal({ endpoint_type: 'ai', who_speaks_first: 'Customer', calls_direction: 'receive' }));
    expect(record).toMatchObject({ endpoint_type: 'ai', wait_for_customer: true, type: 'inbound' });
  });

  it('timezone must be a time zone name', async () => {
    await expect422(minimal({ timezone: 'Mars/Olympus' }), { timezone: ['The timezone field must be a valid timezone.'] });
  });

  it('is_webhook_active true without webhook_url is a 422 on webhook_url', async () => {
    const message = 'The webhook url field is required when is webhook active is true.';
    await expect422(minimal({ is_webhook_active: true }), { webhook_url: [message] });
    await expect422(minimal({ is_webhook_active: true, webhook_url: null }), { webhook_url: [message] });
    await expect422(minimal({ is_webhook_active: true, webhook_url: 'ftp://files.example.com' }), {
      webhook_url: ['The webhook url field must be a valid URL.'],
    });
    expect((await post(minimal({ is_webhook_active: true, webhook_url: 'https://hooks.example.com/a' }))).status).toBe(201);
    expect((await post(minimal({ is_webhook_active: false }))).status).toBe(201);
  });

  it('post_call_schema takes the literal post_call_schema[].name keys and refuses a bad type', async () => {
    const record = await createdRecord(
      minimal({
        post_call_schema: [
          { 'post_call_schema[].name': 'budget', 'post_call_schema[].type': 'number', 'post_call_schema[].description': 'Budget in EUR' },
          { name: 'interested', type: 'bool', description: 'Wants a demo' },
        ],
      }),
    );
    expect(record.post_call_schema).toEqual([
      { name: 'budget', type: 'number', description: 'Budget in EUR' },
      { name: 'interested', type: 'bool', description: 'Wants a demo' },
    ]);
    await expect422(
      minimal({
        post_call_schema: [{ 'post_call_schema[].name': 'when', 'post_call_schema[].type': 'date', 'post_call_schema[].description': '' }],
      }),
      { 'post_call_schema.0.type': ['The selected post call schema.0.type is invalid.'] },
    );
    await expect422(minimal({ post_call_schema: [{ 'post_call_schema[].type': 'string' }] }), {
      'post_call_schema.0.name': ['The post call schema.0.name field is required.'],
    });
  });

  it('variables take strings, numbers, booleans and null, nothing nested', async () => {
    const record = await createdRecord(minimal({ variables: { a: 'x', b: 2, c: false, d: null } }));
    expect(record.variables).toEqual({ a: 'x', b: 2, c: false, d: null });
    const res = await post(minimal({ variables: { nested: { no: 1 } } }));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['variables.nested']);
  });

  it('a body that is not an object is a 400, malformed JSON a 400', async () => {
    for (const body of ['[]', '"text"', '42']) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect(res.body).toEqual({ message: 'The request body must be a JSON object.' });
    }
    const res = await post('{"assistant_name": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.' });
  });
});

describe('checks against the database', () => {
  it('language and llm_model must be names from the lookups (any letter case)', async () => {
    await expect422(minimal({ language: 'Klingon' }), { language: ['The selected language is invalid.'] });
    await expect422(minimal({ language: 'en' }), { language: ['The selected language is invalid.'] });
    await expect422(minimal({ llm_model: 'gpt-5-turbo' }), { llm_model: ['The selected llm model is invalid.'] });
    const record = await createdRecord(minimal({ language: 'SPANISH', llm_model: 'Claude-Sonnet-4' }));
    expect(record).toMatchObject({ language: 'Spanish', language_id: 4, llm_model_id: 5 });
  });

  it('voice_id must be a voice of the assistant’s mode', async () => {
    await expect422(minimal({ voice_id: alloy }), {
      voice_id: ['The selected voice is a multimodal voice: a pipeline assistant needs a pipeline voice.'],
    });
    await expect422(minimal({ engine_type: 'multimodal', llm_model: 'gpt-4o-realtime' }), {
      voice_id: ['The selected voice is a pipeline voice: a multimodal assistant needs a multimodal voice.'],
    });
    await expect422(minimal({ voice_id: 999999 }), { voice_id: ['The selected voice id is invalid.'] });
    const ownMultimodal = await svc.handle.db
      .insertInto('voices')
      .values({ user_id: alice.id, name: 'Alice live', mode: 'multimodal' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect422(minimal({ voice_id: ownMultimodal.id }), {
      voice_id: ['The selected voice is a multimodal voice: a pipeline assistant needs a pipeline voice.'],
    });
    expect((await post(minimal({ voice_id: ownMultimodal.id, engine_type: 'multimodal' }))).status).toBe(201);
  });

  it('an inbound number already held by a live inbound assistant is refused', async () => {
    const phone = await addPhone(alice.id, 'Normal', '+12025550101');
    expect((await post(minimal({ calls_direction: 'receive', phone_number_id: phone }))).status).toBe(201);
    const message = 'The phone number is already assigned to another inbound assistant.';
    await expect422(minimal({ calls_direction: 'receive', phone_number_id: phone }), { phone_number_id: [message] });
    // An outbound assistant may still call from it.
    expect((await post(minimal({ calls_direction: 'make', phone_number_id: phone }))).status).toBe(201);
  });

  it('a Caller ID number is refused for an inbound assistant, taken for an outbound one', async () => {
    const phone = await addPhone(alice.id, 'Caller ID', '+12025550102');
    await expect422(minimal({ calls_direction: 'receive', phone_number_id: phone }), {
      phone_number_id: ['A Caller ID number cannot receive calls: choose a Normal or SIP number for an inbound assistant.'],
    });
    const record = await createdRecord(minimal({ calls_direction: 'make', phone_number_id: phone }));
    expect(record).toMatchObject({ type: 'outbound', phone_number_id: phone });
  });

  it('two inbound creates racing for one number: exactly one wins', async () => {
    const phone = await addPhone(alice.id, 'SIP', '+12025550103');
    const results = await Promise.all(
      [1, 2, 3].map((i) => post(minimal({ assistant_name: `Racer ${i}`, calls_direction: 'receive', phone_number_id: phone }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
  });

  it('collects every database error together, tool_ids by index', async () => {
    const tool = await createTool(alice, 'real_tool');
    await expect422(
      minimal({
        language: 'Elvish',
        llm_model: 'none',
        voice_id: 999999,
        phone_number_id: 999999,
        tool_ids: [tool.id, 999999, 888888],
      }),
      {
        language: ['The selected language is invalid.'],
        llm_model: ['The selected llm model is invalid.'],
        voice_id: ['The selected voice id is invalid.'],
        phone_number_id: ['The selected phone number id is invalid.'],
        'tool_ids.1': ['The selected tool ids.1 is invalid.'],
        'tool_ids.2': ['The selected tool ids.2 is invalid.'],
      },
    );
  });

  it('a refused create leaves nothing behind', async () => {
    const bob = await svc.user();
    const phone = await addPhone(bob.id, 'Normal', '+12025550104');
    await expect422(minimal({ calls_direction: 'receive', phone_number_id: phone, tool_ids: [999999] }), { 'tool_ids.0': ['The selected tool ids.0 is invalid.'] }, bob);
    expect((await bob.req('GET', '/user/assistants/get')).body.total).toBe(0);
    expect((await bob.req('GET', '/user/assistants/phone-numbers')).body[0].is_available).toBe(true);
  });
});

describe('nothing a client sends gives a 5xx', () => {
  it('ids outside the database’s integer range are a 422 on their key, never a 500', async () => {
    await expect422(minimal({ voice_id: 99999999999 }), { voice_id: ['The voice id field must not be greater than 2147483647.'] });
    await expect422(minimal({ phone_number_id: 3000000000 }), {
      phone_number_id: ['The phone number id field must not be greater than 2147483647.'],
    });
    await expect422(minimal({ tool_ids: [-1, '10000000000'] }), {
      'tool_ids.0': ['The tool ids.0 field must be at least 1.'],
      'tool_ids.1': ['The tool ids.1 field must not be greater than 2147483647.'],
    });
  });

  it('NUL characters are a 422 on their field', async () => {
    await expect422(minimal({ assistant_name: 'a\u0000b' }), { assistant_name: ['The assistant name field must not contain NUL characters.'] });
    await expect422(minimal({ variables: { note: 'x\u0000' } }), { 'variables.note': ['The variables.note field must not contain NUL characters.'] });
    await expect422(minimal({ language: 'Eng\u0000lish' }), { language: ['The language field must not contain NUL characters.'] });
    const res = await alice.req('POST', '/user/assistants/enable-inbound-webhook', { assistant_id: 1, webhook_url: 'https://x.example.com/\u0000' });
    expect(res.status).toBe(422);
  });
});
