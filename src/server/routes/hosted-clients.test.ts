import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolRecord } from '../../contract/test/record-examples';
import { createToolRequest } from '../../contract/tool';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { insertAssistant, insertCall, insertCampaign, insertPhoneNumber } from '../test/fixtures';
import { createGroup, createKnowledgebase } from '../test/requests';
import {
  clientSession,
  droppedFields,
  expectMcpOutput,
  expectOk,
  fallbackToolId,
  listFrom,
  type ClientSession,
} from '../test/hosted-client-calls';

/*
 * Conformance: published clients of the hosted API, replayed call by call against the local service over
 * HTTP, with each request in the client's own shape (paths as its source prints them, ids as it sends them,
 * the Assistant record's field names) and each answer judged by what the client reads from it.
 * One `it` per client call, so a run reads "N of M calls work".
 *
 * Clients (public source):
 *   MCP  = bekservice/Famulor-MCP: src/tools/*.ts (the calls), src/server.ts (argument and output schemas),
 *          test-api.ts (its smoke test)
 *   N8N  = bekservice/n8n-famulor: nodes/Famulor/Famulor.node.ts, the "Classic" node v1 (app.famulor.de/api/user/…)
 *          and FamulorTrigger.node.ts. Its v2/v3 nodes and generated/catalog.ts talk to another API
 *          (/api/v1, UUID ids) that the local service does not claim to serve: not replayed.
 *   AP   = the Activepieces Famulor piece's "phone call ended" trigger (switches the post-call webhook).
 * Left out, as out of scope: SMS, WhatsApp, knowledge bases, conversations and their
 * conversation-ended webhooks, AI replies, folders, labels.
 *
 *  #  client  method  path                                              client operation
 *  1  MCP     GET     /api/user/me                                      get_me
 *  2  MCP     GET     /api/user/assistants/languages                    get_languages
 *  3  MCP     GET     /api/user/assistants/models?type=llm              get_models
 *  4  MCP     GET     /api/user/assistants/voices?mode&language_id      get_voices
 *  5  MCP     GET     /api/user/assistants/synthesizer-providers        get_synthesizer_providers
 *  6  MCP     GET     /api/user/assistants/transcriber-providers        get_transcriber_providers
 *  7  MCP     GET     /api/user/phone-numbers/search?country_code&contains  search_phone_numbers
 *  8  MCP     POST    /api/user/phone-numbers/purchase                  purchase_phone_number
 *  9  MCP     GET     /api/user/phone-numbers/all                       list_all_phone_numbers
 * 10  MCP     PUT     /api/user/phone-numbers/{id}                      update_phone_number
 * 11  MCP     GET     /api/user/assistants/phone-numbers?type=outbound  get_phone_numbers
 * 12  MCP     POST    /api/user/tools                                   create_mid_call_tool
 * 13  MCP     GET     /api/user/tools                                   list_mid_call_tools
 * 14  MCP     GET     /api/user/tools/{id}                              get_mid_call_tool
 * 15  MCP     PUT     /api/user/tools/{id}                              update_mid_call_tool
 * 16  MCP     POST    /api/user/assistant                               create_assistant (record names)
 * 17  MCP     GET     /api/user/assistants/get?page&per_page            get_assistants
 * 18  MCP     GET     /api/user/assistants/outbound                     get_outbound_assistants
 * 19  MCP     GET     /api/user/assistants                              test-api.ts
 * 20  MCP     PUT     /api/user/assistant/{id}                          update_assistant (record names)
 * 21  MCP     PUT     /api/user/assistant/{id}                          update_assistant (a listed record sent back)
 * 22  MCP     POST    /api/user/assistants/enable-inbound-webhook       enable_assistant_inbound_webhook
 * 23  MCP     POST    /api/user/assistants/disable-inbound-webhook      disable_assistant_inbound_webhook
 * 24  MCP     POST    /api/user/assistants/disable-webhook              disable_assistant_webhook
 * 25  MCP     POST    /api/user/campaigns                               create_campaign
 * 26  MCP     POST    /api/user/campaigns                               create_campaign (its retry options)
 * 27  MCP     GET     /api/user/campaigns                               list_campaigns
 * 28  MCP     POST    /api/user/lead                                    create_lead
 * 29  MCP     GET     /api/user/leads?page&per_page                     list_leads
 * 30  MCP     PUT     /api/leads/{id}                                   update_lead
 * 31  MCP     POST    /api/user/campaigns/update-status (start)         update_campaign_status
 * 32  MCP     POST    /api/user/campaigns/update-status (stop)          update_campaign_status
 * 33  MCP     POST    /api/user/make_call (assistant_id as a string)    make_call
 * 34  MCP     GET     /api/user/calls/{id}                              get_call
 * 35  MCP     GET     /api/user/calls?assistant_id&page&per_page        list_calls
 * 36  MCP     GET     /api/user/calls?limit=5                           test-api.ts
 * 37  MCP     DELETE  /api/user/calls/{id}                              delete_call
 * 38  MCP     DELETE  /api/user/leads/{id}                              delete_lead
 * 39  MCP     DELETE  /api/user/campaign/{id}                           delete_campaign
 * 40  MCP     DELETE  /api/user/tools/{id}                              delete_mid_call_tool
 * 41  MCP     DELETE  /api/user/assistant/{id}                          delete_assistant
 * 42  MCP     DELETE  /api/user/phone-numbers/{id}                      release_phone_number
 * 43  MCP     GET     /api/user/me                                      get_me (the purchase was charged)
 * 44  N8N     GET     /api/user/assistants/outbound                     loadOptions getOutboundAssistants
 * 45  N8N     GET     /api/user/assistants/phone-numbers                loadOptions getPhoneNumbers
 * 46  N8N     GET     /api/user/assistants                              assistant:getAssistants, trigger loadOptions
 * 47  N8N     GET     /api/user/assistants/languages                    assistant:getLanguages
 * 48  N8N     GET     /api/user/assistants/models                       assistant:getModels
 * 49  N8N     GET     /api/user/assistants/voices?mode=pipeline         assistant:getVoices
 * 50  N8N     GET     /api/user/assistants/phone-numbers?type=inbound   assistant:getPhoneNumbers
 * 51  N8N     POST    /api/user/tools                                   tool:create
 * 52  N8N     GET     /api/user/tools                                   tool:list
 * 53  N8N     GET     /api/user/tools/{id}                              tool:get
 * 54  N8N     PUT     /api/user/tools/{id}                              tool:update
 * 55  N8N     DELETE  /api/user/tools/{id}                              tool:delete
 * 56  N8N     GET     /api/user/campaigns                               campaign:list
 * 57  N8N     POST    /api/user/campaigns/update-status (start)         campaign:updateStatus
 * 58  N8N     POST    /api/user/campaigns/update-status (stop)          campaign:updateStatus
 * 59  N8N     GET     /api/user/leads                                   lead:list
 * 60  N8N     PUT     /api/user/leads/{id}                              lead:update
 * 61  N8N     DELETE  /api/user/leads/{id}                              lead:delete
 * 62  N8N     POST    /api/user/make_call                               call:make
 * 63  N8N     GET     /api/user/calls/{id}                              call:get
 * 64  N8N     GET     /api/user/calls?assistant_id&…&type               call:list
 * 65  N8N     DELETE  /api/user/calls/{id}                              call:delete
 * 66  AP      GET     /api/user/assistants                              trigger assistant dropdown
 * 67  AP      POST    /api/user/assistants/enable-webhook               trigger onEnable
 * 68  AP      POST    /api/user/assistants/disable-webhook              trigger onDisable
 * 69  MCP     POST    /api/user/phone-numbers/sip-trunks                create_sip_trunk
 * 70  MCP     GET     /api/user/phone-numbers/sip-trunks                list_sip_trunks
 * 71  MCP     GET     /api/user/phone-numbers/sip-trunks/{id}           get_sip_trunk
 * 72  MCP     PUT     /api/user/phone-numbers/sip-trunks/{id}           update_sip_trunk
 * 73  MCP     DELETE  /api/user/phone-numbers/{id}                      delete_sip_trunk
 */
const CLIENT_CALLS = 73;

let svc: TestService;
let mcpUser: TestUser;
let n8nUser: TestUser;
let apUser: TestUser;
let stranger: TestUser;
let mcp: ClientSession;
let n8n: ClientSession;
let ap: ClientSession;

/** Reference data ids, as the clients would pick them from the lookups. */
const ref = { pipelineVoice: 0, english: 0, german: 0, llm: 0, folder: 0, labels: [] as number[], knowledgebase: 0 };

beforeAll(async () => {
  // With voice services: they hold the key a SIP trunk's password is stored encrypted with (SECRET_KEY).
  svc = await startTestService({ voice: {} });
  mcpUser = await svc.user();
  n8nUser = await svc.user();
  apUser = await svc.user();
  stranger = await svc.user();
  mcp = clientSession(svc, mcpUser);
  n8n = clientSession(svc, n8nUser);
  ap = clientSession(svc, apUser);
  const db = svc.handle.db;
  ref.pipelineVoice = (await db.selectFrom('voices').select('id').where('name', '=', 'Rachel').executeTakeFirstOrThrow()).id;
  ref.english = (await db.selectFrom('languages').select('id').where('name', '=', 'English').executeTakeFirstOrThrow()).id;
  ref.german = (await db.selectFrom('languages').select('id').where('name', '=', 'German').executeTakeFirstOrThrow()).id;
  ref.llm = (await db.selectFrom('llm_models').select('id').where('name', '=', 'gpt-4o').executeTakeFirstOrThrow()).id;
  // The MCP user's own folder and labels, which its assistant update files the assistant under.
  ref.folder = await createGroup(mcpUser, 'folders', 'Dental');
  ref.labels = [await createGroup(mcpUser, 'labels', 'Reminders'), await createGroup(mcpUser, 'labels', 'Evening')];
  ref.knowledgebase = await createKnowledgebase(mcpUser, 'Practice FAQ');
});
afterAll(() => svc.close());

const idsOf = (list: Record<string, unknown>[]) => list.map((x) => Number(x.id));

// ---------------------------------------------------------------------------------------------------------
describe('MCP server (bekservice/Famulor-MCP), one session', () => {
  /*
   * What the session made. A call that depends on an earlier one falls back to a row made directly when
   * the earlier call failed, so each call's result is its own.
   */
  const s: {
    balanceAtStart?: number;
    offer?: { phone_number: string; price: number };
    numberId?: number;
    toolId?: number;
    assistantId?: number;
    campaignId?: number;
    leadId?: number;
    callId?: number;
  } = {};

  const numberId = async () => (s.numberId ??= (await insertPhoneNumber(svc.handle.db, mcpUser.id)).id);
  const toolId = async () => (s.toolId ??= await fallbackToolId(mcpUser, 'create_mid_call_tool'));
  const assistantId = async () =>
    (s.assistantId ??= (await insertAssistant(svc.handle.db, mcpUser.id, { name: 'Fallback caller' })).id);
  const campaignId = async () =>
    (s.campaignId ??= (await insertCampaign(svc.handle.db, mcpUser.id, { assistant_id: await assistantId() })).id);
  const leadId = async () => {
    if (s.leadId === undefined) {
      const res = await mcpUser.req('POST', '/user/lead', { phone_number: '+14155550199', campaign_id: await campaignId() });
      s.leadId = Number(res.body.data.id);
    }
    return s.leadId;
  };
  const callId = async () =>
    (s.callId ??= await insertCall(svc.handle.db, mcpUser.id, { assistant_id: await assistantId() }));

  it('1 get_me: GET /api/user/me answers {name, email, total_balance} with a number balance', async () => {
    const res = await mcp.call('GET', '/api/user/me');
    expectOk(res, 'GET /api/user/me');
    expectMcpOutput('user', res.body, 'get_me');
    expect(res.body.email).toBe(mcpUser.email);
    expect(typeof res.body.name).toBe('string');
    expect(typeof res.body.total_balance).toBe('number');
    s.balanceAtStart = res.body.total_balance;
  });

  it('2 get_languages: a bare array of {id, name}', async () => {
    const res = await mcp.call('GET', '/api/user/assistants/languages');
    expectOk(res, 'GET languages');
    expectMcpOutput('list', res.body, 'get_languages');
    expect(res.body).toContainEqual(expect.objectContaining({ id: ref.english, name: 'English' }));
  });

  it('3 get_models ?type=llm: a bare array of pipeline models', async () => {
    const res = await mcp.call('GET', '/api/user/assistants/models?type=llm');
    expectOk(res, 'GET models?type=llm');
    expectMcpOutput('list', res.body, 'get_models');
    const names = listFrom(res.body).map((m) => m.name);
    expect(names).toContain('gpt-4o');
    expect(names).not.toContain('gpt-4o-realtime');
  });

  it('4 get_voices ?mode=pipeline&language_id=N: a bare array of voices', async () => {
    const res = await mcp.call('GET', `/api/user/assistants/voices?mode=pipeline&language_id=${ref.english}`);
    expectOk(res, 'GET voices?mode&language_id');
    expectMcpOutput('list', res.body, 'get_voices');
    expect(idsOf(res.body)).toContain(ref.pipelineVoice);
  });

  it('5 get_synthesizer_providers: a bare array', async () => {
    const res = await mcp.call('GET', '/api/user/assistants/synthesizer-providers');
    expectOk(res, 'GET synthesizer-providers');
    expectMcpOutput('list', res.body, 'get_synthesizer_providers');
    expect(res.body.length).toBeGreaterThan(0);
    for (const p of res.body) expect(p).toHaveProperty('id');
  });

  it('6 get_transcriber_providers: a bare array', async () => {
    const res = await mcp.call('GET', '/api/user/assistants/transcriber-providers');
    expectOk(res, 'GET transcriber-providers');
    expectMcpOutput('list', res.body, 'get_transcriber_providers');
    expect(res.body.length).toBeGreaterThan(0);
    for (const p of res.body) expect(p).toHaveProperty('id');
  });

  it('7 search_phone_numbers ?country_code=US&contains=415: numbers for sale with a monthly price', async () => {
    const res = await mcp.call('GET', '/api/user/phone-numbers/search?country_code=US&contains=415');
    expectOk(res, 'GET phone-numbers/search');
    // The hosted docs answer {data: [...]}; the MCP's declaration says a bare array. Either is read here.
    const offers = listFrom(res.body, ['data']);
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(String(o.phone_number)).toMatch(/^\+1\d{10}$/);
      expect(String(o.phone_number).slice(1)).toContain('415');
      expect(Number(o.price)).toBeGreaterThan(0);
    }
    s.offer = { phone_number: String(offers[0]!.phone_number), price: Number(offers[0]!.price) };
  });

  it('8 purchase_phone_number {phone_number}: the number becomes the caller’s', async () => {
    const phone_number = s.offer?.phone_number ?? '+14155550123';
    const res = await mcp.call('POST', '/api/user/phone-numbers/purchase', { phone_number });
    expectOk(res, 'POST phone-numbers/purchase');
    expectMcpOutput('action', res.body, 'purchase_phone_number');
    expect(res.body.data).toMatchObject({ phone_number });
    s.numberId = Number(res.body.data.id);
  });

  it('9 list_all_phone_numbers: {data: [...]} with the purchased number', async () => {
    const id = await numberId();
    const res = await mcp.call('GET', '/api/user/phone-numbers/all');
    expectOk(res, 'GET phone-numbers/all');
    expectMcpOutput('data', res.body, 'list_all_phone_numbers');
    expect(idsOf(res.body.data)).toContain(id);
  });

  it('10 update_phone_number {nickname}: the nickname is kept', async () => {
    const id = await numberId();
    const res = await mcp.call('PUT', `/api/user/phone-numbers/${id}`, { nickname: 'Sales line' });
    expectOk(res, 'PUT phone-numbers/{id}');
    expectMcpOutput('action', res.body, 'update_phone_number');
    const all = await mcp.call('GET', '/api/user/phone-numbers/all');
    const mine = listFrom(all.body, ['data']).find((n) => Number(n.id) === id);
    expect(mine?.nickname, 'the nickname shows in the list afterwards').toBe('Sales line');
  });

  it('11 get_phone_numbers ?type=outbound: a bare array with the number', async () => {
    const id = await numberId();
    const res = await mcp.call('GET', '/api/user/assistants/phone-numbers?type=outbound');
    expectOk(res, 'GET assistants/phone-numbers?type=outbound');
    expectMcpOutput('list', res.body, 'get_phone_numbers');
    expect(idsOf(res.body)).toContain(id);
  });

  // The contract's full tool, as a client sends it: only the fields a create request takes.
  const toolBody = createToolRequest.parse(toolRecord);

  it('12 create_mid_call_tool', async () => {
    const res = await mcp.call('POST', '/api/user/tools', toolBody);
    expectOk(res, 'POST tools');
    expectMcpOutput('action', res.body, 'create_mid_call_tool');
    expect(res.body.data).toMatchObject({ name: toolBody.name, method: toolBody.method, timeout: toolBody.timeout });
    s.toolId = Number(res.body.data.id);
  });

  it('13 list_mid_call_tools: a bare array', async () => {
    const id = await toolId();
    const res = await mcp.call('GET', '/api/user/tools');
    expectOk(res, 'GET tools');
    expectMcpOutput('list', res.body, 'list_mid_call_tools');
    expect(idsOf(res.body)).toContain(id);
  });

  it('14 get_mid_call_tool', async () => {
    const id = await toolId();
    const res = await mcp.call('GET', `/api/user/tools/${id}`);
    expectOk(res, 'GET tools/{id}');
    expectMcpOutput('single', res.body, 'get_mid_call_tool');
    const tool = res.body.data ?? res.body;
    expect(Number(tool.id)).toBe(id);
  });

  it('15 update_mid_call_tool: sent fields change, headers and schema are replaced', async () => {
    const id = await toolId();
    const change = {
      description: 'Checks free slots for a day and a duration',
      timeout: 12,
      schema: [
        { name: 'day', type: 'string', description: 'The day asked for, as YYYY-MM-DD' },
        { name: 'minutes', type: 'number', description: 'How long the appointment takes' },
      ],
    };
    const res = await mcp.call('PUT', `/api/user/tools/${id}`, change);
    expectOk(res, 'PUT tools/{id}');
    expectMcpOutput('action', res.body, 'update_mid_call_tool');
    const after = await mcp.call('GET', `/api/user/tools/${id}`);
    const tool = after.body.data ?? after.body;
    expect(droppedFields(tool, change)).toEqual([]);
  });

  /** What an MCP host sends for create_assistant: the Assistant record's names, as the tool declares them. */
  const createBody = () => ({
    name: 'Dental reminder caller',
    voice_id: ref.pipelineVoice,
    language_id: ref.english,
    secondary_language_ids: [ref.german],
    type: 'outbound',
    mode: 'pipeline',
    timezone: 'Europe/Berlin',
    initial_message: 'Hello {{customer_name}}, this is the practice calling about your appointment.',
    system_prompt: 'You remind patients of their appointment and offer to move it if needed.',
    llm_model_id: ref.llm,
    phone_number_id: s.numberId ?? null,
    tool_ids: s.toolId !== undefined ? [s.toolId] : [],
    tools: [{ type: 'end_call', data: { description: 'End the call once the patient has confirmed or moved it.' } }],
    record: true,
    fillers: true,
    max_duration: 420,
    reengagement_interval: 40,
    wait_for_customer: false,
    enable_noise_cancellation: true,
    variables: { customer_name: 'Patient' },
    post_call_schema: [{ name: 'confirmed', type: 'bool', description: 'Whether the patient confirmed' }],
  });

  it('16 create_assistant in the record’s field names', async () => {
    await numberId();
    await toolId();
    const body = createBody();
    const res = await mcp.call('POST', '/api/user/assistant', body);
    expectOk(res, 'POST assistant (record names)');
    expectMcpOutput('action', res.body, 'create_assistant');
    expect(res.body.data).toMatchObject({ name: body.name, type: 'outbound', mode: 'pipeline' });
    s.assistantId = Number(res.body.data.id);

    const record = (await mcp.call('GET', `/api/user/assistant/${s.assistantId}`)).body;
    const { tools, tool_ids, ...plain } = body;
    expect(droppedFields(record, plain), 'every field sent is in the record').toEqual([]);
    expect(record.tools).toContainEqual(expect.objectContaining({ id: tool_ids[0] }));
    expect(record.tools).toContainEqual(expect.objectContaining(tools[0]));
  });

  it('17 get_assistants ?page=1&per_page=10: Laravel’s paginator with the assistant', async () => {
    const id = await assistantId();
    const res = await mcp.call('GET', '/api/user/assistants/get?page=1&per_page=10');
    expectOk(res, 'GET assistants/get');
    expectMcpOutput('paginated', res.body, 'get_assistants');
    expect(idsOf(listFrom(res.body, ['data']))).toContain(id);
  });

  it('18 get_outbound_assistants: a bare array', async () => {
    const id = await assistantId();
    const res = await mcp.call('GET', '/api/user/assistants/outbound');
    expectOk(res, 'GET assistants/outbound');
    expectMcpOutput('list', res.body, 'get_outbound_assistants');
    expect(idsOf(res.body)).toContain(id);
  });

  it('19 test-api.ts: GET /api/user/assistants answers a plain array of Assistant records', async () => {
    const id = await assistantId();
    const res = await mcp.call('GET', '/api/user/assistants');
    expectOk(res, 'GET /api/user/assistants');
    expect(Array.isArray(res.body), `a plain array, got ${res.text.slice(0, 200)}`).toBe(true);
    const mine = listFrom(res.body).find((a) => Number(a.id) === id);
    expect(mine).toMatchObject({ id, type: 'outbound' });
    expect(mine).toHaveProperty('system_prompt');
  });

  /** An update as an MCP host sends it: record names, numbers where the schema says number. */
  const updateBody = () => ({
    name: 'Dental reminder caller (evening)',
    language_id: ref.german,
    secondary_language_ids: [ref.english],
    max_duration: 600,
    reengagement_interval: 60,
    reengagement_prompt: 'Are you still there?',
    record: false,
    fillers: false,
    filler_config: { neutral: ['Hmm.'], negative: [], positive: ['Great!'], question: ['Let me check.'] },
    enable_noise_cancellation: false,
    wait_for_customer: true,
    end_call_on_voicemail: true,
    voice_mail_message: 'Please call the practice back.',
    llm_temperature: 0.4,
    voice_stability: 0.6,
    voice_similarity: 0.8,
    speech_speed: 1.1,
    endpoint_type: 'ai',
    endpoint_sensitivity: 3,
    interrupt_sensitivity: 2,
    min_interrupt_words: 2,
    ambient_sound_volume: 0.3,
    allow_interruptions: true,
    max_silence_duration: 20,
    knowledgebase_id: ref.knowledgebase,
    knowledgebase_mode: 'function_call',
    label_ids: ref.labels,
    folder_id: ref.folder,
    chat_llm_fallback_id: ref.llm,
    turn_detection_threshold: 0.5,
    tts_emotion_enabled: true,
    max_initial_silence_duration: 8,
    ringing_time: 30,
    is_webhook_active: true,
    webhook_url: 'https://hooks.example.com/famulor/post-call',
    send_webhook_only_on_completed: true,
    include_recording_in_webhook: false,
    post_call_evaluation: true,
  });

  it('20 update_assistant in the record’s field names: 200, and a GET shows every field sent', async () => {
    const id = await assistantId();
    const body = updateBody();
    const res = await mcp.call('PUT', `/api/user/assistant/${id}`, body);
    expectOk(res, 'PUT assistant (record names)');
    expectMcpOutput('action', res.body, 'update_assistant');
    expect(res.body.data).toMatchObject({ id, name: body.name });
    const record = (await mcp.call('GET', `/api/user/assistant/${id}`)).body;
    expect(droppedFields(record, body), 'nothing sent was silently dropped').toEqual([]);
  });

  it('21 update_assistant with a record from get_assistants sent back (name changed): only the name changes', async () => {
    const id = await assistantId();
    const listed = listFrom((await mcp.call('GET', '/api/user/assistants/get?page=1&per_page=10')).body, ['data']).find(
      (a) => Number(a.id) === id,
    );
    expect(listed, 'the assistant is listed').toBeDefined();
    const before = (await mcp.call('GET', `/api/user/assistant/${id}`)).body;
    // The MCP tool takes `id` apart for the path and sends the rest as the body.
    const { id: _path, ...rest } = listed as Record<string, unknown>;
    const res = await mcp.call('PUT', `/api/user/assistant/${id}`, { ...rest, name: 'Dental reminder caller (renamed)' });
    expectOk(res, 'PUT assistant (a listed record)');
    const after = (await mcp.call('GET', `/api/user/assistant/${id}`)).body;
    const { updated_at: _u1, name: _n1, ...keptBefore } = before;
    const { updated_at: _u2, name, ...keptAfter } = after;
    expect(name).toBe('Dental reminder caller (renamed)');
    expect(keptAfter).toEqual(keptBefore);
  });

  it('22 enable_assistant_inbound_webhook {assistant_id, webhook_url}', async () => {
    const id = await assistantId();
    const webhook_url = 'https://hooks.example.com/famulor/inbound';
    const res = await mcp.call('POST', '/api/user/assistants/enable-inbound-webhook', { assistant_id: id, webhook_url });
    expectOk(res, 'POST enable-inbound-webhook');
    expectMcpOutput('action', res.body, 'enable_assistant_inbound_webhook');
    expect((await mcp.call('GET', `/api/user/assistant/${id}`)).body.inbound_webhook_url).toBe(webhook_url);
  });

  it('23 disable_assistant_inbound_webhook {assistant_id}', async () => {
    const id = await assistantId();
    const res = await mcp.call('POST', '/api/user/assistants/disable-inbound-webhook', { assistant_id: id });
    expectOk(res, 'POST disable-inbound-webhook');
    expectMcpOutput('action', res.body, 'disable_assistant_inbound_webhook');
    expect((await mcp.call('GET', `/api/user/assistant/${id}`)).body.inbound_webhook_url).toBeNull();
  });

  it('24 disable_assistant_webhook {assistant_id}', async () => {
    const id = await assistantId();
    const res = await mcp.call('POST', '/api/user/assistants/disable-webhook', { assistant_id: id });
    expectOk(res, 'POST disable-webhook');
    expectMcpOutput('action', res.body, 'disable_assistant_webhook');
    const record = (await mcp.call('GET', `/api/user/assistant/${id}`)).body;
    expect([false, 0]).toContain(record.is_webhook_active);
  });

  it('25 create_campaign {name, assistant_id, timezone, hours, days, retries}', async () => {
    const body = {
      name: 'Reminder round, week 12',
      assistant_id: await assistantId(),
      timezone: 'Europe/Berlin',
      max_calls_in_parallel: 2,
      allowed_hours_start_time: '09:00',
      allowed_hours_end_time: '18:00',
      allowed_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      max_retries: 2,
      retry_interval: 120,
    };
    const res = await mcp.call('POST', '/api/user/campaigns', body);
    expectOk(res, 'POST campaigns');
    expectMcpOutput('action', res.body, 'create_campaign');
    expect(res.body.data).toMatchObject({ name: body.name, status: 'draft' });
    s.campaignId = Number(res.body.data.id);
  });

  it('26 create_campaign with the retry options the client offers: kept, or refused — never dropped', async () => {
    const options = {
      retry_on_voicemail: true,
      retry_on_goal_incomplete: true,
      goal_completion_variable: 'confirmed',
      mark_complete_when_no_leads: true,
    };
    const res = await mcp.call('POST', '/api/user/campaigns', {
      name: 'Reminder round with retries',
      assistant_id: await assistantId(),
      ...options,
    });
    if (res.status === 422) {
      // Refusing what it does not keep is honest too, as long as the refusal names every such field.
      for (const key of Object.keys(options)) expect(JSON.stringify(res.body)).toContain(key);
      return;
    }
    expectOk(res, 'POST campaigns (retry options)');
    const listed = listFrom((await mcp.call('GET', '/api/user/campaigns')).body, ['campaigns']).find(
      (c) => Number(c.id) === Number(res.body.data.id),
    );
    expect(droppedFields(listed ?? {}, options), 'nothing sent was silently dropped').toEqual([]);
  });

  it('27 list_campaigns: a bare array', async () => {
    const id = await campaignId();
    const res = await mcp.call('GET', '/api/user/campaigns');
    expectOk(res, 'GET campaigns');
    expectMcpOutput('list', res.body, 'list_campaigns');
    expect(idsOf(res.body)).toContain(id);
  });

  it('28 create_lead {phone_number, campaign_id, variables, allow_dupplicate, secondary_contacts}', async () => {
    const res = await mcp.call('POST', '/api/user/lead', {
      phone_number: '+4915112345678',
      campaign_id: await campaignId(),
      variables: { customer_name: 'Ada Lovelace', appointment: 'Tuesday 10:00' },
      allow_dupplicate: false,
      secondary_contacts: [{ phone_number: '+4915187654321', variables: { customer_name: 'Charles' } }],
    });
    expectOk(res, 'POST lead');
    expectMcpOutput('action', res.body, 'create_lead');
    s.leadId = Number(res.body.data.id);
    expect(s.leadId).toBeGreaterThan(0);
  });

  it('29 list_leads ?page=1&per_page=15', async () => {
    const id = await leadId();
    const res = await mcp.call('GET', '/api/user/leads?page=1&per_page=15');
    expectOk(res, 'GET leads');
    expectMcpOutput('paginated', res.body, 'list_leads');
    expect(idsOf(listFrom(res.body, ['data', 'leads']))).toContain(id);
  });

  it('30 update_lead: PUT /api/leads/{id} (no /user), variables merged', async () => {
    const id = await leadId();
    const res = await mcp.call('PUT', `/api/leads/${id}`, {
      phone_number: '+4915112345679',
      status: 'created',
      variables: { appointment: 'Wednesday 11:30' },
    });
    expectOk(res, 'PUT /api/leads/{id}');
    expectMcpOutput('action', res.body, 'update_lead');
    const lead = listFrom((await mcp.call('GET', '/api/user/leads')).body, ['data', 'leads']).find((l) => Number(l.id) === id);
    expect(lead).toMatchObject({ phone_number: '+4915112345679', variables: { appointment: 'Wednesday 11:30' } });
  });

  it('31 update_campaign_status {campaign_id, action: start}', async () => {
    const id = await campaignId();
    const res = await mcp.call('POST', '/api/user/campaigns/update-status', { campaign_id: id, action: 'start' });
    expectOk(res, 'POST campaigns/update-status start');
    expectMcpOutput('action', res.body, 'update_campaign_status');
    expect(res.body.data).toMatchObject({ status: 'running' });
  });

  it('32 update_campaign_status {campaign_id, action: stop}', async () => {
    const id = await campaignId();
    const res = await mcp.call('POST', '/api/user/campaigns/update-status', { campaign_id: id, action: 'stop' });
    expectOk(res, 'POST campaigns/update-status stop');
    expectMcpOutput('action', res.body, 'update_campaign_status');
    expect(res.body.data).toMatchObject({ status: 'stopped' });
  });

  it('33 make_call {assistant_id: "<id as a string>", phone_number, variables}', async () => {
    const id = await assistantId();
    // The MCP declares assistant_id as a string ("Assistant UUID or ID").
    const res = await mcp.call('POST', '/api/user/make_call', {
      assistant_id: String(id),
      phone_number: '+4915112345678',
      variables: { customer_name: 'Ada Lovelace' },
    });
    expectOk(res, 'POST make_call');
    expectMcpOutput('action', res.body, 'make_call');
    expect(res.body).toMatchObject({ status: 'initiated' });
    s.callId = Number(res.body.call_id);
  });

  it('34 get_call /api/user/calls/{call_id}', async () => {
    const id = await callId();
    const res = await mcp.call('GET', `/api/user/calls/${id}`);
    expectOk(res, 'GET calls/{id}');
    expectMcpOutput('single', res.body, 'get_call');
    const call = res.body.data ?? res.body;
    expect(Number(call.id)).toBe(id);
  });

  it('35 list_calls ?assistant_id&page=1&per_page=10: Laravel’s paginator', async () => {
    const id = await callId();
    const res = await mcp.call('GET', `/api/user/calls?assistant_id=${await assistantId()}&page=1&per_page=10`);
    expectOk(res, 'GET calls?assistant_id');
    expectMcpOutput('paginated', res.body, 'list_calls');
    expect(idsOf(listFrom(res.body, ['data']))).toContain(id);
  });

  it('36 test-api.ts: GET /api/user/calls?limit=5 (a parameter the service does not know)', async () => {
    await callId();
    const res = await mcp.call('GET', '/api/user/calls?limit=5');
    expectOk(res, 'GET calls?limit=5');
    expect(listFrom(res.body, ['data']).length).toBeGreaterThan(0);
  });

  it('37 delete_call', async () => {
    const id = await callId();
    const res = await mcp.call('DELETE', `/api/user/calls/${id}`);
    expectOk(res, 'DELETE calls/{id}');
    expectMcpOutput('action', res.body, 'delete_call');
    expect((await mcp.call('GET', `/api/user/calls/${id}`)).status).toBe(404);
  });

  it('38 delete_lead', async () => {
    const id = await leadId();
    const res = await mcp.call('DELETE', `/api/user/leads/${id}`);
    expectOk(res, 'DELETE leads/{id}');
    expectMcpOutput('action', res.body, 'delete_lead');
  });

  it('39 delete_campaign: DELETE /api/user/campaign/{id} (singular)', async () => {
    const id = await campaignId();
    const res = await mcp.call('DELETE', `/api/user/campaign/${id}`);
    expectOk(res, 'DELETE campaign/{id}');
    expectMcpOutput('action', res.body, 'delete_campaign');
    const left = listFrom((await mcp.call('GET', '/api/user/campaigns')).body, ['campaigns']);
    expect(idsOf(left)).not.toContain(id);
  });

  it('40 delete_mid_call_tool', async () => {
    const id = await toolId();
    const res = await mcp.call('DELETE', `/api/user/tools/${id}`);
    expectOk(res, 'DELETE tools/{id}');
    expectMcpOutput('action', res.body, 'delete_mid_call_tool');
  });

  it('41 delete_assistant', async () => {
    const id = await assistantId();
    const res = await mcp.call('DELETE', `/api/user/assistant/${id}`);
    expectOk(res, 'DELETE assistant/{id}');
    expectMcpOutput('action', res.body, 'delete_assistant');
  });

  it('42 release_phone_number: DELETE /api/user/phone-numbers/{id} once nothing uses it', async () => {
    const id = await numberId();
    const res = await mcp.call('DELETE', `/api/user/phone-numbers/${id}`);
    expectOk(res, 'DELETE phone-numbers/{id}');
    expectMcpOutput('action', res.body, 'release_phone_number');
    const all = listFrom((await mcp.call('GET', '/api/user/phone-numbers/all')).body, ['data']);
    expect(idsOf(all)).not.toContain(id);
  });

  it('43 get_me again: the purchase was charged to the balance', async () => {
    const res = await mcp.call('GET', '/api/user/me');
    expectOk(res, 'GET /api/user/me');
    expectMcpOutput('user', res.body, 'get_me');
    expect(typeof res.body.total_balance).toBe('number');
    if (s.balanceAtStart !== undefined && s.offer !== undefined) {
      expect(res.body.total_balance).toBeLessThanOrEqual(s.balanceAtStart - s.offer.price + 1e-6);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('n8n node (bekservice/n8n-famulor, Classic node v1), one workflow run', () => {
  /*
   * The node cannot create assistants, campaigns or leads: a workflow uses what the account has. Those are
   * made directly (assistant, number, campaign) or with the spec's own request (lead) before its calls.
   */
  const s: { assistantId: number; numberId: number; campaignId: number; leadId: number; toolId?: number; callId?: number } = {
    assistantId: 0,
    numberId: 0,
    campaignId: 0,
    leadId: 0,
  };

  beforeAll(async () => {
    const db = svc.handle.db;
    s.numberId = (await insertPhoneNumber(db, n8nUser.id, '+4930555010101')).id;
    s.assistantId = (await insertAssistant(db, n8nUser.id, { name: 'n8n caller', phone_number_id: s.numberId })).id;
    s.campaignId = (await insertCampaign(db, n8nUser.id, { name: 'n8n campaign', assistant_id: s.assistantId })).id;
    const lead = await n8nUser.req('POST', '/user/lead', {
      phone_number: '+4917612345678',
      campaign_id: s.campaignId,
      variables: { customer_name: 'Grace' },
    });
    s.leadId = Number(lead.body.data.id);
  });

  const toolId = async () => (s.toolId ??= await fallbackToolId(n8nUser, 'tool:create'));
  const callId = async () =>
    (s.callId ??= await insertCall(svc.handle.db, n8nUser.id, { assistant_id: s.assistantId }));

  it('44 loadOptions getOutboundAssistants: an array of {id, name}', async () => {
    const res = await n8n.call('GET', '/api/user/assistants/outbound');
    expectOk(res, 'GET assistants/outbound');
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toContainEqual(expect.objectContaining({ id: s.assistantId, name: 'n8n caller' }));
  });

  it('45 loadOptions getPhoneNumbers: an array of {id, phone_number, type_label}', async () => {
    const res = await n8n.call('GET', '/api/user/assistants/phone-numbers');
    expectOk(res, 'GET assistants/phone-numbers');
    expect(Array.isArray(res.body)).toBe(true);
    const n = listFrom(res.body).find((x) => x.id === s.numberId);
    expect(n).toMatchObject({ phone_number: '+4930555010101' });
    expect(typeof n?.type_label).toBe('string');
  });

  it('46 assistant:getAssistants (and the trigger’s dropdown): GET /api/user/assistants, a plain array', async () => {
    const res = await n8n.call('GET', '/api/user/assistants');
    expectOk(res, 'GET /api/user/assistants');
    expect(Array.isArray(res.body), `a plain array, got ${res.text.slice(0, 200)}`).toBe(true);
    expect(res.body).toContainEqual(expect.objectContaining({ id: s.assistantId, name: 'n8n caller' }));
  });

  it('47 assistant:getLanguages: an array', async () => {
    const res = await n8n.call('GET', '/api/user/assistants/languages');
    expectOk(res, 'GET languages');
    expect(listFrom(res.body).length).toBeGreaterThanOrEqual(30);
  });

  it('48 assistant:getModels: an array', async () => {
    const res = await n8n.call('GET', '/api/user/assistants/models');
    expectOk(res, 'GET models');
    expect(listFrom(res.body).map((m) => m.name)).toContain('gpt-4o');
  });

  it('49 assistant:getVoices ?mode=pipeline: an array', async () => {
    const res = await n8n.call('GET', '/api/user/assistants/voices?mode=pipeline');
    expectOk(res, 'GET voices?mode=pipeline');
    expect(idsOf(listFrom(res.body))).toContain(ref.pipelineVoice);
  });

  it('50 assistant:getPhoneNumbers ?type=inbound: an array', async () => {
    const res = await n8n.call('GET', '/api/user/assistants/phone-numbers?type=inbound');
    expectOk(res, 'GET assistants/phone-numbers?type=inbound');
    expect(Array.isArray(res.body)).toBe(true);
  });

  it('51 tool:create {name, description, endpoint, method, timeout, headers, schema}', async () => {
    const res = await n8n.call('POST', '/api/user/tools', {
      name: 'get_weather',
      description: 'Looks up the weather for the city the caller names',
      endpoint: 'https://api.example.com/weather',
      method: 'GET',
      timeout: 10,
      headers: [],
      schema: [{ name: 'city', type: 'string', description: 'The city asked about' }],
    });
    expectOk(res, 'POST tools');
    s.toolId = Number(res.body.data.id);
  });

  it('52 tool:list: an array', async () => {
    const id = await toolId();
    const res = await n8n.call('GET', '/api/user/tools');
    expectOk(res, 'GET tools');
    expect(Array.isArray(res.body)).toBe(true);
    expect(idsOf(res.body)).toContain(id);
  });

  it('53 tool:get', async () => {
    const id = await toolId();
    const res = await n8n.call('GET', `/api/user/tools/${id}`);
    expectOk(res, 'GET tools/{id}');
  });

  it('54 tool:update {name, timeout, headers}', async () => {
    const id = await toolId();
    const change = { name: 'get_weather_today', timeout: 15, headers: [{ name: 'Authorization', value: 'Bearer abc' }] };
    const res = await n8n.call('PUT', `/api/user/tools/${id}`, change);
    expectOk(res, 'PUT tools/{id}');
    const tool = (await n8n.call('GET', `/api/user/tools/${id}`)).body;
    expect(droppedFields(tool.data ?? tool, change)).toEqual([]);
  });

  it('55 tool:delete', async () => {
    const id = await toolId();
    const res = await n8n.call('DELETE', `/api/user/tools/${id}`);
    expectOk(res, 'DELETE tools/{id}');
  });

  it('56 campaign:list: an array (or {campaigns})', async () => {
    const res = await n8n.call('GET', '/api/user/campaigns');
    expectOk(res, 'GET campaigns');
    expect(idsOf(listFrom(res.body, ['campaigns']))).toContain(s.campaignId);
  });

  it('57 campaign:updateStatus {campaign_id, action: start}', async () => {
    const res = await n8n.call('POST', '/api/user/campaigns/update-status', { campaign_id: s.campaignId, action: 'start' });
    expectOk(res, 'POST update-status start');
  });

  it('58 campaign:updateStatus {campaign_id, action: stop}', async () => {
    const res = await n8n.call('POST', '/api/user/campaigns/update-status', { campaign_id: s.campaignId, action: 'stop' });
    expectOk(res, 'POST update-status stop');
  });

  it('59 lead:list: an array (or {leads})', async () => {
    const res = await n8n.call('GET', '/api/user/leads');
    expectOk(res, 'GET leads');
    expect(idsOf(listFrom(res.body, ['leads']))).toContain(s.leadId);
  });

  it('60 lead:update PUT /api/user/leads/{id} {campaign_id, phone_number, status, variables}', async () => {
    const body = {
      campaign_id: s.campaignId,
      phone_number: '+4917612345679',
      status: 'created',
      variables: { customer_name: 'Grace Hopper' },
    };
    const res = await n8n.call('PUT', `/api/user/leads/${s.leadId}`, body);
    expectOk(res, 'PUT leads/{id}');
    const lead = listFrom((await n8n.call('GET', '/api/user/leads')).body, ['leads']).find((l) => Number(l.id) === s.leadId);
    expect(lead).toMatchObject({ phone_number: body.phone_number, status: 'created', variables: body.variables });
  });

  it('61 lead:delete', async () => {
    const res = await n8n.call('DELETE', `/api/user/leads/${s.leadId}`);
    expectOk(res, 'DELETE leads/{id}');
  });

  it('62 call:make {assistant_id (the dropdown’s value), phone_number, variables}', async () => {
    const res = await n8n.call('POST', '/api/user/make_call', {
      assistant_id: s.assistantId,
      phone_number: '+4917612345678',
      variables: { 'Customer Name': 'John' },
    });
    expectOk(res, 'POST make_call');
    expect(res.body).toMatchObject({ status: 'initiated' });
    s.callId = Number(res.body.call_id);
  });

  it('63 call:get', async () => {
    const id = await callId();
    const res = await n8n.call('GET', `/api/user/calls/${id}`);
    expectOk(res, 'GET calls/{id}');
  });

  it('64 call:list with every filter the node offers: response.data is an array', async () => {
    const id = await callId();
    const today = new Date().toISOString().slice(0, 10);
    const q = new URLSearchParams({
      assistant_id: String(s.assistantId),
      date_from: today,
      date_to: today,
      page: '1',
      per_page: '15',
      phone_number: '+4917612345678',
      type: 'outbound',
    });
    const res = await n8n.call('GET', `/api/user/calls?${q.toString()}`);
    expectOk(res, 'GET calls with filters');
    expect(Array.isArray(res.body.data), 'the node reads response.data').toBe(true);
    expect(idsOf(res.body.data)).toContain(id);
    // With the node's campaign and status filters too (a call without a campaign is not matched, and says so).
    const more = await n8n.call('GET', `/api/user/calls?campaign_id=${s.campaignId}&status=initiated`);
    expectOk(more, 'GET calls?campaign_id&status');
    expect(Array.isArray(more.body.data)).toBe(true);
  });

  it('65 call:delete', async () => {
    const id = await callId();
    const res = await n8n.call('DELETE', `/api/user/calls/${id}`);
    expectOk(res, 'DELETE calls/{id}');
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('Activepieces Famulor piece, "phone call ended" trigger', () => {
  let assistantId = 0;
  beforeAll(async () => {
    assistantId = (await insertAssistant(svc.handle.db, apUser.id, { name: 'Activepieces caller' })).id;
  });

  it('66 the assistant dropdown: GET /api/user/assistants, a plain array of {id, name}', async () => {
    const res = await ap.call('GET', '/api/user/assistants');
    expectOk(res, 'GET /api/user/assistants');
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toContainEqual(expect.objectContaining({ id: assistantId, name: 'Activepieces caller' }));
  });

  it('67 onEnable: POST /api/user/assistants/enable-webhook {assistant_id, webhook_url} turns the post-call webhook on', async () => {
    const webhook_url = 'https://cloud.activepieces.com/api/v1/webhooks/abc123';
    const res = await ap.call('POST', '/api/user/assistants/enable-webhook', { assistant_id: assistantId, webhook_url });
    expectOk(res, 'POST enable-webhook');
    const record = (await ap.call('GET', `/api/user/assistant/${assistantId}`)).body;
    expect(record.webhook_url).toBe(webhook_url);
    expect([true, 1]).toContain(record.is_webhook_active);
  });

  it('68 onDisable: POST /api/user/assistants/disable-webhook {assistant_id}', async () => {
    const res = await ap.call('POST', '/api/user/assistants/disable-webhook', { assistant_id: assistantId });
    expectOk(res, 'POST disable-webhook');
    const record = (await ap.call('GET', `/api/user/assistant/${assistantId}`)).body;
    expect([false, 0]).toContain(record.is_webhook_active);
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('MCP server (bekservice/Famulor-MCP), its SIP trunk tools (src/tools/sipTrunks.ts)', () => {
  /*
   * The tools' arguments as their input schemas in src/server.ts type them (create_sip_trunk's required
   * fields, allowed_inbound_ips a list of strings, outbound_proxy a boolean, ids integers); the handler drops
   * undefined arguments (pickDefined), puts the id in the path and sends the rest as the JSON body.
   */
  const created = {
    sip_trunk_type: 'number',
    phone_number: '+4930901820',
    sip_username: 'mcp-pbx-berlin',
    sip_password: 'Tr0mb0ne!',
    sip_address: 'sip.carrier.example',
    sip_calling_format: '+e164',
    inbound_authorization_type: 'ip',
    allowed_inbound_ips: ['203.0.113.10', '198.51.100.0/24'],
    country_code: 'DE',
    outbound_proxy: false,
  };
  let trunkId: number | undefined;
  // A trunk made with a plain request when the client's create did not make one, so each call's result is its own.
  const sipTrunkId = async () => {
    if (trunkId === undefined) {
      const res = await mcpUser.req('POST', '/user/phone-numbers/sip-trunks', { ...created, sip_username: 'fallback-trunk', phone_number: '+4930901821' });
      trunkId = Number(res.body.data.id);
    }
    return trunkId;
  };

  it('69 create_sip_trunk: POST /api/user/phone-numbers/sip-trunks answers {message, data} with every field sent, and no password', async () => {
    const res = await mcp.call('POST', '/api/user/phone-numbers/sip-trunks', created);
    expectOk(res, 'POST sip-trunks');
    expectMcpOutput('action', res.body, 'create_sip_trunk');
    const { sip_password: _password, ...shown } = created;
    expect(droppedFields(res.body.data, shown)).toEqual([]);
    expect(res.text).not.toContain(created.sip_password);
    trunkId = Number(res.body.data.id);
  });

  it('70 list_sip_trunks: {data: [...]} with the trunk', async () => {
    const id = await sipTrunkId();
    const res = await mcp.call('GET', '/api/user/phone-numbers/sip-trunks');
    expectOk(res, 'GET sip-trunks');
    expectMcpOutput('data', res.body, 'list_sip_trunks');
    expect(idsOf(listFrom(res.body, ['data']))).toContain(id);
    expect(res.text).not.toContain(created.sip_password);
  });

  it('71 get_sip_trunk: one trunk with its inbound and outbound trunk ids', async () => {
    const id = await sipTrunkId();
    const res = await mcp.call('GET', `/api/user/phone-numbers/sip-trunks/${id}`);
    expectOk(res, 'GET sip-trunks/{id}');
    expectMcpOutput('single', res.body, 'get_sip_trunk');
    expect(res.body.data).toMatchObject({ id, inbound_trunk_id: expect.stringMatching(/^ST_/), outbound_trunk_id: expect.stringMatching(/^ST_/) });
  });

  it('72 update_sip_trunk: PUT with only some fields changes only those', async () => {
    const id = await sipTrunkId();
    const sent = { sip_address: 'sip2.carrier.example', inbound_authorization_type: 'auth', outbound_proxy: true };
    const res = await mcp.call('PUT', `/api/user/phone-numbers/sip-trunks/${id}`, sent);
    expectOk(res, 'PUT sip-trunks/{id}');
    expectMcpOutput('action', res.body, 'update_sip_trunk');
    expect(res.body.message).toBe('SIP trunk updated successfully.');
    expect(droppedFields(res.body.data, sent)).toEqual([]);
    // Switching to auth cleared the address list; the rest is as it was.
    expect(res.body.data).toMatchObject({ allowed_inbound_ips: null, sip_username: expect.any(String), sip_calling_format: '+e164', country_code: 'DE' });
  });

  it('73 delete_sip_trunk: DELETE /api/user/phone-numbers/{id}, and the trunk is gone', async () => {
    const id = await sipTrunkId();
    const res = await mcp.call('DELETE', `/api/user/phone-numbers/${id}`);
    expectOk(res, 'DELETE phone-numbers/{id} (a trunk)');
    expectMcpOutput('action', res.body, 'delete_sip_trunk');
    expect((await mcp.call('GET', `/api/user/phone-numbers/sip-trunks/${id}`)).status).toBe(404);
    expect(idsOf(listFrom((await mcp.call('GET', '/api/user/phone-numbers/sip-trunks')).body, ['data']))).not.toContain(id);
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('the clients’ data stays theirs', () => {
  it('another user sees none of it through the same calls', async () => {
    const other = clientSession(svc, stranger);
    const mine = new Set<number>();
    for (const u of [mcpUser, n8nUser, apUser]) {
      const rows = await svc.handle.db.selectFrom('assistants').select('id').where('user_id', '=', u.id).execute();
      rows.forEach((r) => mine.add(r.id));
    }
    const assistants = await other.call('GET', '/api/user/assistants');
    if (assistants.status === 200) expect(idsOf(listFrom(assistants.body)).filter((id) => mine.has(id))).toEqual([]);
    const n8nNumber = await svc.handle.db.selectFrom('phone_numbers').select('id').where('user_id', '=', n8nUser.id).executeTakeFirstOrThrow();
    const numbers = await other.call('GET', '/api/user/phone-numbers/all');
    if (numbers.status === 200) expect(idsOf(listFrom(numbers.body, ['data']))).not.toContain(n8nNumber.id);
    expect((await other.call('DELETE', `/api/user/phone-numbers/${n8nNumber.id}`)).status).toBe(404);
    expect((await other.call('PUT', `/api/user/phone-numbers/${n8nNumber.id}`, { nickname: 'mine now' })).status).toBe(404);
    const campaigns = await svc.handle.db.selectFrom('campaigns').select('id').where('user_id', '=', n8nUser.id).executeTakeFirstOrThrow();
    expect((await other.call('DELETE', `/api/user/campaign/${campaigns.id}`)).status).toBe(404);
  });
});

describe('the table above', () => {
  it('numbers every replayed call once, in order, and no call goes untested', () => {
    const source = readFileSync(fileURLToPath(import.meta.url), 'utf8');
    const rows = [...source.matchAll(/^ \* +(\d+) {2}(MCP|N8N|AP) /gm)].map((m) => Number(m[1]));
    const tests = [...source.matchAll(/^ {2}it\('(\d+) /gm)].map((m) => Number(m[1]));
    const oneTo = Array.from({ length: CLIENT_CALLS }, (_, i) => i + 1);
    expect(rows).toEqual(oneTo);
    expect(tests).toEqual(oneTo);
  });
});
