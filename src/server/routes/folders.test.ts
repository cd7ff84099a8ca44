import { describe, expect, it } from 'vitest';
import type { TestService, TestUser } from '../test/harness';
import { insertAssistant, seededIds } from '../test/fixtures';
import { clientSession, expectMcpOutput, expectOk } from '../test/hosted-client-calls';
import { assistantBody, createAssistant, createGroup, expect422, getAssistant } from '../test/requests';
import { useService } from '../test/use-service';

/*
 * Folders and labels (`/user/folders`, `/user/labels`), the assistant's `folder_id` and `label_ids`, the
 * list's filters by them, and the kept-not-acted-on assistant fields.
 */

let svc: TestService;
let alice: TestUser;
let bob: TestUser;
let rachel: number;

useService(async (s) => {
  ({ svc, alice, bob } = s);
  rachel = (await seededIds(svc.handle.db, 'voices'))('Rachel');
});

const newAssistant = (user: TestUser, patch: Record<string, unknown> = {}) => createAssistant(user, assistantBody(rachel, patch));

describe.each([
  { path: 'folders', noun: 'Folder' },
  { path: 'labels', noun: 'Label' },
] as const)('/user/$path', ({ path, noun }) => {
  it('creates with a colour or none, 201 {message, data} with assistants_count 0 and ISO timestamps', async () => {
    const res = await alice.req('POST', `/user/${path}`, { name: '  Sales  ', color: 'teal' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`${noun} created successfully`);
    expect(res.body.data).toMatchObject({ name: 'Sales', color: 'teal', assistants_count: 0 });
    expect(res.body.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const plain = await alice.req('POST', `/user/${path}`, { name: 'Support' });
    expect(plain.status).toBe(201);
    expect(plain.body.data.color).toBeNull();
  });

  it('refuses a name the account already has, whatever its case, on errors.name; another account may use it', async () => {
    await createGroup(alice, path, 'Partners');
    expect422(await alice.req('POST', `/user/${path}`, { name: 'PARTNERS' }), { name: ['The name has already been taken.'] });
    expect((await bob.req('POST', `/user/${path}`, { name: 'Partners' })).status).toBe(201);
  });

  it('validates name, colour and unknown fields', async () => {
    expect422(await alice.req('POST', `/user/${path}`, {}), { name: ['The name field is required.'] });
    expect422(await alice.req('POST', `/user/${path}`, { name: '   ' }), { name: ['The name field is required.'] });
    expect422(await alice.req('POST', `/user/${path}`, { name: 'x'.repeat(256) }), {
      name: ['The name field must not be greater than 255 characters.'],
    });
    expect422(await alice.req('POST', `/user/${path}`, { name: 'Ok', color: 'magenta' }), { color: ['The selected color is invalid.'] });
    const unknown = await alice.req('POST', `/user/${path}`, { name: 'Ok', parent_id: 3 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toContain('parent_id');
    expect((await alice.req('POST', `/user/${path}`, { name: 'x'.repeat(255), color: null })).status).toBe(201);
  });

  it('renames and recolours (only what is sent changes), clears the colour with null, keeps the name unique', async () => {
    const id = await createGroup(alice, path, 'Rename me', 'red');
    await createGroup(alice, path, 'Taken');
    const renamed = await alice.req('PUT', `/user/${path}/${id}`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ message: `${noun} updated successfully`, data: { id, name: 'Renamed', color: 'red' } });
    expect((await alice.req('PUT', `/user/${path}/${id}`, { color: null })).body.data).toMatchObject({ name: 'Renamed', color: null });
    // Its own name in another case is no clash.
    expect((await alice.req('PUT', `/user/${path}/${id}`, { name: 'RENAMED' })).status).toBe(200);
    expect422(await alice.req('PUT', `/user/${path}/${id}`, { name: 'taken' }), { name: ['The name has already been taken.'] });
    expect422(await alice.req('PUT', `/user/${path}/${id}`, { color: 'navy' }), { color: ['The selected color is invalid.'] });
  });

  it('lists the caller’s own by name, 15 a page by default, in Laravel’s paginator', async () => {
    const fresh = await svc.user();
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo']) await createGroup(fresh, path, name);
    const res = await fresh.req('GET', `/user/${path}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current_page: 1, per_page: 15, total: 4, last_page: 1 });
    expect(res.body.data.map((g: { name: string }) => g.name)).toEqual(['Alpha', 'Bravo', 'charlie', 'delta']);
    const page2 = await fresh.req('GET', `/user/${path}?per_page=3&page=2`);
    expect(page2.body).toMatchObject({ current_page: 2, per_page: 3, total: 4, last_page: 2, from: 4, to: 4 });
    expect(page2.body.data.map((g: { name: string }) => g.name)).toEqual(['delta']);
    for (const bad of ['per_page=0', 'per_page=101', 'page=0', 'page=x']) {
      expect((await fresh.req('GET', `/user/${path}?${bad}`)).status, bad).toBe(422);
    }
    const others = await bob.req('GET', `/user/${path}?per_page=100`);
    expect(others.body.data.map((g: { name: string }) => g.name)).not.toContain('Alpha');
  });

  it('answers another user’s or a missing one as not found (404)', async () => {
    const id = await createGroup(alice, path, 'Private');
    for (const [method, body] of [['PUT', { name: 'Mine now' }], ['DELETE', undefined]] as const) {
      const res = await bob.req(method, `/user/${path}/${id}`, body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: `${noun} not found` });
    }
    expect((await alice.req('PUT', `/user/${path}/999999`, { name: 'x' })).status).toBe(404);
    expect((await alice.req('DELETE', `/user/${path}/abc`)).status).toBe(404);
    const list = await alice.req('GET', `/user/${path}?per_page=100`);
    expect(list.body.data.find((g: { id: number }) => g.id === id)).toMatchObject({ name: 'Private' });
  });
});

describe('assistants in folders and with labels', () => {
  it('takes folder_id and label_ids on create and update, returns them, and counts live assistants', async () => {
    const folder = await createGroup(alice, 'folders', 'Clinics');
    const [l1, l2] = [await createGroup(alice, 'labels', 'German'), await createGroup(alice, 'labels', 'Evening')];
    const id = await newAssistant(alice, { folder_id: folder, label_ids: [l2, String(l1), l2] });
    expect(await getAssistant(alice, id)).toMatchObject({ folder_id: folder, label_ids: [l1, l2] });
    // Left out, they stay; label_ids replaces; [] and null clear.
    await alice.req('PUT', `/user/assistant/${id}`, { name: 'Renamed' });
    expect(await getAssistant(alice, id)).toMatchObject({ folder_id: folder, label_ids: [l1, l2] });
    await alice.req('PUT', `/user/assistant/${id}`, { label_ids: [l2] });
    expect((await getAssistant(alice, id)).label_ids).toEqual([l2]);
    const counted = (await alice.req('GET', '/user/folders?per_page=100')).body.data.find((f: { id: number }) => f.id === folder);
    expect(counted.assistants_count).toBe(1);
    await alice.req('PUT', `/user/assistant/${id}`, { folder_id: null, label_ids: [] });
    expect(await getAssistant(alice, id)).toMatchObject({ folder_id: null, label_ids: [] });
    // A deleted assistant no longer counts.
    const other = await newAssistant(alice, { folder_id: folder, label_ids: [l1] });
    await alice.req('DELETE', `/user/assistant/${other}`);
    const labels = (await alice.req('GET', '/user/labels?per_page=100')).body.data;
    expect(labels.find((l: { id: number }) => l.id === l1).assistants_count).toBe(0);
  });

  it('refuses a folder or label that is not the caller’s, on its key, with the other reference errors', async () => {
    const bobFolder = await createGroup(bob, 'folders', 'Bob’s');
    const bobLabel = await createGroup(bob, 'labels', 'Bob’s');
    const mine = await createGroup(alice, 'labels', 'Mine');
    expect422(await alice.req('POST', '/user/assistant', assistantBody(rachel, { folder_id: bobFolder, label_ids: [mine, bobLabel, 2147483647], voice_id: 999999 })), {
      folder_id: ['The selected folder id is invalid.'],
      'label_ids.1': ['The selected label ids.1 is invalid.'],
      'label_ids.2': ['The selected label ids.2 is invalid.'],
      voice_id: ['The selected voice id is invalid.'],
    });
    const id = await newAssistant(alice);
    expect422(await alice.req('PUT', `/user/assistant/${id}`, { folder_id: bobFolder }), { folder_id: ['The selected folder id is invalid.'] });
    expect422(await alice.req('PUT', `/user/assistant/${id}`, { folder_id: 'x', label_ids: [0] }), {
      folder_id: ['The folder id field must be a number.'],
      'label_ids.0': ['The label ids.0 field must be at least 1.'],
    });
  });

  it('deleting a folder leaves its assistants in none; deleting a label takes it off every assistant', async () => {
    const folder = await createGroup(alice, 'folders', 'Going away');
    const [keep, gone] = [await createGroup(alice, 'labels', 'Keep'), await createGroup(alice, 'labels', 'Gone')];
    const a = await newAssistant(alice, { folder_id: folder, label_ids: [keep, gone] });
    const b = await newAssistant(alice, { folder_id: folder, label_ids: [gone] });
    expect((await alice.req('DELETE', `/user/folders/${folder}`)).body).toEqual({ message: 'Folder deleted successfully' });
    expect((await alice.req('DELETE', `/user/labels/${gone}`)).body).toEqual({ message: 'Label deleted successfully' });
    expect(await getAssistant(alice, a)).toMatchObject({ folder_id: null, label_ids: [keep] });
    expect(await getAssistant(alice, b)).toMatchObject({ folder_id: null, label_ids: [] });
    expect((await alice.req('DELETE', `/user/folders/${folder}`)).status).toBe(404);
  });

  it('filters both lists by folder_id and label_id (another user’s matches nothing; a bad value is 422)', async () => {
    const user = await svc.user();
    const folder = await createGroup(user, 'folders', 'Filtered');
    const label = await createGroup(user, 'labels', 'Filtered');
    const inFolder = await newAssistant(user, { folder_id: folder });
    const labelled = await newAssistant(user, { label_ids: [label] });
    const both = await newAssistant(user, { folder_id: folder, label_ids: [label] });
    await newAssistant(user);
    const ids = (body: { id: number }[]) => body.map((a) => a.id);
    expect(ids((await user.req('GET', `/user/assistants/get?folder_id=${folder}`)).body.data)).toEqual([both, inFolder]);
    expect(ids((await user.req('GET', `/user/assistants/get?label_id=${label}`)).body.data)).toEqual([both, labelled]);
    const page = await user.req('GET', `/user/assistants/get?folder_id=${folder}&label_id=${label}&per_page=1`);
    expect(page.body).toMatchObject({ total: 1, data: [{ id: both }] });
    expect(page.body.first_page_url).toContain(`folder_id=${folder}`);
    expect(ids((await user.req('GET', `/user/assistants?label_id=${label}`)).body)).toEqual([both, labelled]);
    expect((await bob.req('GET', `/user/assistants/get?folder_id=${folder}`)).body.total).toBe(0);
    for (const bad of ['folder_id=x', 'label_id=0', 'folder_id=2147483648']) {
      expect((await user.req('GET', `/user/assistants/get?${bad}`)).status, bad).toBe(422);
      expect((await user.req('GET', `/user/assistants?${bad}`)).status, bad).toBe(422);
    }
  });
});

describe('assistant fields kept but not acted on', () => {
  it('are taken (Laravel’s lax forms too), stored, returned, cleared with null', async () => {
    const gpt = (await seededIds(svc.handle.db, 'llm_models'))('gpt-4o');
    const id = await newAssistant(alice, {
      ringing_time: '30',
      max_initial_silence_duration: 12,
      tts_emotion_enabled: 1,
      chat_llm_fallback_id: gpt,
      turn_detection_threshold: '0.65',
    });
    expect(await getAssistant(alice, id)).toMatchObject({
      ringing_time: 30,
      max_initial_silence_duration: 12,
      tts_emotion_enabled: true,
      chat_llm_fallback_id: gpt,
      turn_detection_threshold: 0.65,
    });
    await alice.req('PUT', `/user/assistant/${id}`, { ringing_time: null, turn_detection_threshold: null, tts_emotion_enabled: false });
    expect(await getAssistant(alice, id)).toMatchObject({
      ringing_time: null,
      max_initial_silence_duration: 12,
      tts_emotion_enabled: false,
      turn_detection_threshold: null,
    });
    const fresh = await insertAssistant(svc.handle.db, alice.id);
    expect(await getAssistant(alice, fresh.id)).toMatchObject({
      folder_id: null,
      label_ids: [],
      ringing_time: null,
      max_initial_silence_duration: null,
      tts_emotion_enabled: false,
      chat_llm_fallback_id: null,
      turn_detection_threshold: null,
    });
  });

  it('are bounded, and the fallback model must be one of the lookups', async () => {
    expect422(
      await alice.req('POST', '/user/assistant', assistantBody(rachel, { ringing_time: 0, max_initial_silence_duration: 601, turn_detection_threshold: 1.5, tts_emotion_enabled: 'maybe', chat_llm_fallback_id: 999999 })),
      {
        ringing_time: ['The ringing time field must be at least 1.'],
        max_initial_silence_duration: ['The max initial silence duration field must not be greater than 600.'],
        turn_detection_threshold: ['The turn detection threshold field must not be greater than 1.'],
        tts_emotion_enabled: ['The tts emotion enabled field must be true or false.'],
      },
    );
    expect422(await alice.req('POST', '/user/assistant', assistantBody(rachel, { chat_llm_fallback_id: 999999 })), {
      chat_llm_fallback_id: ['The selected chat llm fallback id is invalid.'],
    });
  });
});

describe('the MCP server’s folder and label tools (bekservice/Famulor-MCP src/tools/folders.ts, labels.ts)', () => {
  it.each(['folders', 'labels'] as const)('list, create, update, delete %s as the client sends them', async (path) => {
    const user = await svc.user();
    const mcp = clientSession(svc, user);
    const created = await mcp.call('POST', `/api/user/${path}`, { name: 'Brand A', color: 'purple' });
    expectOk(created, `create ${path}`);
    expectMcpOutput('action', created.body, `create ${path}`);
    const id = Number(created.body.data.id);
    const listed = await mcp.call('GET', `/api/user/${path}?page=1&per_page=15`);
    expectOk(listed, `list ${path}`);
    expectMcpOutput('paginated', listed.body, `list ${path}`);
    expect(listed.body.data).toEqual([expect.objectContaining({ id, name: 'Brand A', color: 'purple', assistants_count: 0 })]);
    // update_* sends the fields but the id, which goes in the path; a colour of null removes it.
    const updated = await mcp.call('PUT', `/api/user/${path}/${id}`, { name: 'Brand B', color: null });
    expectOk(updated, `update ${path}`);
    expectMcpOutput('action', updated.body, `update ${path}`);
    expect(updated.body.data).toMatchObject({ id, name: 'Brand B', color: null });
    const deleted = await mcp.call('DELETE', `/api/user/${path}/${id}`);
    expectOk(deleted, `delete ${path}`);
    expectMcpOutput('action', deleted.body, `delete ${path}`);
    // "a second delete just 404s", as the client's annotations say.
    expect((await mcp.call('DELETE', `/api/user/${path}/${id}`)).status).toBe(404);
  });
});
