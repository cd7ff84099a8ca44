import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { insertPhoneNumber } from '../test/fixtures';
import { createAssistant } from '../test/requests';

let svc: TestService;
let alice: TestUser;
let bob: TestUser;

useService((s) => ({ svc, alice, bob } = s));

async function addPhone(userId: number, phone_number: string, type_label: string, country_code = 'US') {
  return (await insertPhoneNumber(svc.handle.db, userId, phone_number, type_label, country_code)).id;
}

async function addVoice(userId: number | null, name: string, mode: 'pipeline' | 'multimodal', languageId: number | null = null) {
  const row = await svc.handle.db
    .insertInto('voices')
    .values({ user_id: userId, name, mode, language_id: languageId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const PUBLIC_PIPELINE = ['Rachel', 'Adam', 'Bella', 'Antoni', 'Charlotte', 'Daniel', 'Matilda', 'Liam'];
const PUBLIC_MULTIMODAL = ['Alloy', 'Shimmer', 'Puck', 'Kore'];

describe('GET /user/assistants/models', () => {
  it('lists every model as {id, name}, ordered by id', async () => {
    const res = await alice.req('GET', '/user/assistants/models');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: 1, name: 'gpt-4o' },
      { id: 2, name: 'gpt-4o-mini' },
      { id: 3, name: 'gpt-4.1' },
      { id: 4, name: 'gpt-4.1-mini' },
      { id: 5, name: 'claude-sonnet-4' },
      { id: 6, name: 'gemini-2.5-flash' },
      { id: 7, name: 'gpt-4o-realtime' },
      { id: 8, name: 'gpt-4o-mini-realtime' },
      { id: 9, name: 'gemini-2.5-flash-live' },
    ]);
  });
});

describe('GET /user/assistants/models?type', () => {
  it('gives the text models for llm and the realtime ones for multimodal', async () => {
    const llm = await alice.req('GET', '/user/assistants/models?type=llm');
    expect(llm.status).toBe(200);
    expect((llm.body as { id: number }[]).map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const multimodal = await alice.req('GET', '/user/assistants/models?type=multimodal');
    expect(multimodal.body).toEqual([
      { id: 7, name: 'gpt-4o-realtime' },
      { id: 8, name: 'gpt-4o-mini-realtime' },
      { id: 9, name: 'gemini-2.5-flash-live' },
    ]);
  });

  it('refuses an unknown type with 422', async () => {
    const res = await alice.req('GET', '/user/assistants/models?type=chat');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The selected type is invalid.', errors: { type: ['The selected type is invalid.'] } });
  });
});

describe.each([
  ['synthesizer-providers', ['ElevenLabs', 'Azure', 'Cartesia', 'Deepgram', 'OpenAI'], ['ElevenLabs', 'Azure']],
  ['transcriber-providers', ['Deepgram', 'Azure', 'Gladia', 'AssemblyAI'], ['Azure', 'Gladia']],
])('GET /user/assistants/%s', (path, all, forJapanese) => {
  it('lists every provider as {id, name, code}, ordered by id', async () => {
    const res = await alice.req('GET', `/user/assistants/${path}`);
    expect(res.status).toBe(200);
    const list = res.body as { id: number; name: string; code: string }[];
    expect(list.map((p) => p.name)).toEqual(all);
    for (const p of list) {
      expect(Object.keys(p).sort()).toEqual(['code', 'id', 'name']);
      expect(p.code).toMatch(/^[a-z]+$/);
    }
  });

  it('filters by the languages a provider serves', async () => {
    const languages = (await alice.req('GET', '/user/assistants/languages')).body as { id: number; iso_2: string }[];
    const japanese = languages.find((l) => l.iso_2 === 'ja');
    const english = languages.find((l) => l.iso_2 === 'en');
    if (!japanese || !english) throw new Error('reference languages missing');
    const ja = await alice.req('GET', `/user/assistants/${path}?language_id=${japanese.id}`);
    expect((ja.body as { name: string }[]).map((p) => p.name)).toEqual(forJapanese);
    const en = await alice.req('GET', `/user/assistants/${path}?language_id=${String(english.id)}`);
    expect((en.body as { name: string }[]).map((p) => p.name)).toEqual(all);
    expect((await alice.req('GET', `/user/assistants/${path}?language_id=9999`)).body).toEqual([]);
    const bad = await alice.req('GET', `/user/assistants/${path}?language_id=english`);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['language_id']);
  });
});

describe('GET /user/assistants/languages', () => {
  it('lists 30 languages as {id, name, iso_2}, ordered by id', async () => {
    const res = await alice.req('GET', '/user/assistants/languages');
    expect(res.status).toBe(200);
    const list = res.body as { id: number; name: string; iso_2: string }[];
    expect(list).toHaveLength(30);
    expect(list.slice(0, 4)).toEqual([
      { id: 1, name: 'English', iso_2: 'en' },
      { id: 2, name: 'German', iso_2: 'de' },
      { id: 3, name: 'French', iso_2: 'fr' },
      { id: 4, name: 'Spanish', iso_2: 'es' },
    ]);
    for (const lang of list) {
      expect(Object.keys(lang).sort()).toEqual(['id', 'iso_2', 'name']);
      expect(lang.iso_2).toMatch(/^[a-z]{2}$/);
    }
    expect(list.map((l) => l.id)).toEqual([...list.map((l) => l.id)].sort((a, b) => a - b));
    expect(new Set(list.map((l) => l.name)).size).toBe(30);
  });
});

describe('GET /user/assistants/voices', () => {
  let aliceOwnPipeline: number;
  let aliceOwnMultimodal: number;
  let bobOwn: number;

  beforeAll(async () => {
    aliceOwnPipeline = await addVoice(alice.id, 'Alice clone', 'pipeline');
    aliceOwnMultimodal = await addVoice(alice.id, 'Alice live', 'multimodal');
    bobOwn = await addVoice(bob.id, 'Bob clone', 'pipeline');
  });

  it('gives the public voices and the caller’s own, ordered by id', async () => {
    const res = await alice.req('GET', '/user/assistants/voices');
    expect(res.status).toBe(200);
    const names = (res.body as { name: string }[]).map((v) => v.name);
    expect(names).toEqual([...PUBLIC_PIPELINE, ...PUBLIC_MULTIMODAL, 'Alice clone', 'Alice live']);
    expect(res.body[0]).toEqual({
      id: 1,
      name: 'Rachel',
      mode: 'pipeline',
      language_id: 1,
      gender: 'female',
      accent: 'American',
      age: 'Young',
      preview_url: null,
      synthesizer_provider_id: 1,
    });
    expect(res.body).toContainEqual(expect.objectContaining({ id: aliceOwnPipeline, name: 'Alice clone', mode: 'pipeline', language_id: null }));
    expect(res.body).toContainEqual(expect.objectContaining({ id: aliceOwnMultimodal, name: 'Alice live', mode: 'multimodal' }));
    // Realtime voices speak through the model itself: no TTS provider, as the hosted example shows.
    expect(res.body.find((v: { name: string }) => v.name === 'Alloy')).toMatchObject({ language_id: 1, synthesizer_provider_id: null });
    expect((res.body as { id: number }[]).map((v) => v.id)).not.toContain(bobOwn);
  });

  it('filters by mode', async () => {
    const pipeline = await alice.req('GET', '/user/assistants/voices?mode=pipeline');
    expect(pipeline.status).toBe(200);
    expect((pipeline.body as { name: string }[]).map((v) => v.name)).toEqual([...PUBLIC_PIPELINE, 'Alice clone']);
    const multimodal = await alice.req('GET', '/user/assistants/voices?mode=multimodal');
    expect((multimodal.body as { name: string }[]).map((v) => v.name)).toEqual([...PUBLIC_MULTIMODAL, 'Alice live']);
    for (const v of multimodal.body as { mode: string }[]) expect(v.mode).toBe('multimodal');
  });

  it('filters by language_id, alone or with mode, and takes it as a numeric string', async () => {
    const german = await addVoice(alice.id, 'Alice Deutsch', 'pipeline', 2);
    const de = await alice.req('GET', '/user/assistants/voices?language_id=2');
    expect(de.status).toBe(200);
    expect((de.body as { id: number }[]).map((v) => v.id)).toEqual([german]);
    const en = await alice.req('GET', '/user/assistants/voices?language_id=1&mode=multimodal');
    expect((en.body as { name: string }[]).map((v) => v.name)).toEqual(PUBLIC_MULTIMODAL);
    expect((await bob.req('GET', '/user/assistants/voices?language_id=2')).body).toEqual([]);
    expect((await alice.req('GET', '/user/assistants/voices?language_id=999')).body).toEqual([]);
  });

  it('refuses a language_id that is not an id with 422', async () => {
    for (const bad of ['en', '0', '1.5', '99999999999']) {
      const res = await alice.req('GET', `/user/assistants/voices?language_id=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['language_id']);
    }
  });

  it('never shows another user’s own voice', async () => {
    const res = await bob.req('GET', '/user/assistants/voices?mode=pipeline');
    expect((res.body as { name: string }[]).map((v) => v.name)).toEqual([...PUBLIC_PIPELINE, 'Bob clone']);
  });

  it('refuses an unknown mode with 422', async () => {
    const res = await alice.req('GET', '/user/assistants/voices?mode=hybrid');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The selected mode is invalid.', errors: { mode: ['The selected mode is invalid.'] } });
  });

  it('treats an empty mode as absent', async () => {
    const res = await alice.req('GET', '/user/assistants/voices?mode=');
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await alice.req('GET', '/user/assistants/voices')).body);
  });
});

describe('GET /user/assistants/phone-numbers', () => {
  let carol: TestUser;
  let normalInbound: number;
  let sip: number;
  let callerId: number;
  let normalOutbound: number;
  let freedByDelete: number;

  const base = {
    voice_id: 1,
    language: 'English',
    llm_model: 'gpt-4o',
    engine_type: 'pipeline',
    timezone: 'UTC',
    system_prompt: 'Answer the phone.',
  };

  beforeAll(async () => {
    carol = await svc.user();
    normalInbound = await addPhone(carol.id, '+14155550101', 'Normal');
    sip = await addPhone(carol.id, '+442071838750', 'SIP', 'GB');
    callerId = await addPhone(carol.id, '+4930901820', 'Caller ID', 'DE');
    normalOutbound = await addPhone(carol.id, '+14155550102', 'Normal');
    freedByDelete = await addPhone(carol.id, '+14155550103', 'Normal');
    await addPhone(bob.id, '+14155550999', 'Normal');

    const create = (assistant_name: string, calls_direction: 'receive' | 'make', phone_number_id: number) =>
      createAssistant(carol, { ...base, assistant_name, calls_direction, phone_number_id });
    await create('Reception', 'receive', normalInbound);
    await create('Sales', 'make', normalOutbound);
    // An outbound assistant may show a Caller ID number.
    await create('Reminders', 'make', callerId);
    const gone = await create('Old line', 'receive', freedByDelete);
    expect((await carol.req('DELETE', `/user/assistant/${gone}`)).status).toBe(200);
  });

  it('lists all the caller’s numbers with is_available computed, ordered by id', async () => {
    const res = await carol.req('GET', '/user/assistants/phone-numbers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: normalInbound, phone_number: '+14155550101', country_code: 'US', type_label: 'Normal', is_available: false },
      { id: sip, phone_number: '+442071838750', country_code: 'GB', type_label: 'SIP', is_available: true },
      { id: callerId, phone_number: '+4930901820', country_code: 'DE', type_label: 'Caller ID', is_available: true },
      { id: normalOutbound, phone_number: '+14155550102', country_code: 'US', type_label: 'Normal', is_available: true },
      { id: freedByDelete, phone_number: '+14155550103', country_code: 'US', type_label: 'Normal', is_available: true },
    ]);
  });

  it('type=outbound gives every number of the caller', async () => {
    const all = await carol.req('GET', '/user/assistants/phone-numbers');
    const res = await carol.req('GET', '/user/assistants/phone-numbers?type=outbound');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(all.body);
  });

  it('type=inbound leaves out Caller ID numbers and numbers an inbound assistant holds', async () => {
    const res = await carol.req('GET', '/user/assistants/phone-numbers?type=inbound');
    expect(res.status).toBe(200);
    expect((res.body as { id: number }[]).map((p) => p.id)).toEqual([sip, normalOutbound, freedByDelete]);
    for (const p of res.body as { is_available: boolean }[]) expect(p.is_available).toBe(true);
  });

  it('refuses an unknown type with 422', async () => {
    const res = await carol.req('GET', '/user/assistants/phone-numbers?type=sip');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The selected type is invalid.', errors: { type: ['The selected type is invalid.'] } });
  });

  it('shows only the caller’s numbers', async () => {
    const res = await bob.req('GET', '/user/assistants/phone-numbers');
    expect(res.body).toEqual([
      { id: expect.any(Number), phone_number: '+14155550999', country_code: 'US', type_label: 'Normal', is_available: true },
    ]);
    const none = await alice.req('GET', '/user/assistants/phone-numbers?type=inbound');
    expect(none.body).toEqual([]);
  });
});

describe('lookups need a token', () => {
  it.each(['phone-numbers', 'voices', 'models', 'languages', 'synthesizer-providers', 'transcriber-providers'])('%s answers 401 without one', async (name) => {
    const res = await fetch(`${svc.api}/user/assistants/${name}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
