import type { z } from 'zod';
import {
  assistantGroupsQuery,
  assistantListFilterQuery,
  assistantsPageQuery,
  assistantCreateBody,
  assistantIdRequest,
  assistantUpdateBody,
  callsQuerySchema,
  campaignStatusRequest,
  conversationEndedWebhookDisableRequest,
  conversationEndedWebhookEnableRequest,
  conversationsQuery,
  createCampaignRequest,
  createAssistantGroupRequest,
  createConversationRequest,
  createLeadRequest,
  createKnowledgebaseRequest,
  createKnowledgeDocumentRequest,
  createToolRequest,
  createSipTrunkRequest,
  KNOWLEDGE_DOCUMENT_TYPES,
  KNOWLEDGE_FILE_TYPES,
  KNOWLEDGE_LIMITS,
  knowledgeSearchRequest,
  generateReplyRequest,
  inboundWebhookEnableRequest,
  makeCallRequest,
  modelsQuerySchema,
  overviewQuery,
  phoneNumberSearchQuery,
  phoneNumbersQuerySchema,
  providersQuerySchema,
  scenarioRequest,
  purchasePhoneNumberRequest,
  sendMessageRequest,
  simulateInboundRequest,
  startSuiteRunRequest,
  suiteRunsQuery,
  replaysQuery,
  saveReplayScenarioRequest,
  startReplayRequest,
  speechRequest,
  updateAssistantGroupRequest,
  updateLeadRequest,
  updatePhoneNumberRequest,
  updateKnowledgebaseRequest,
  updateKnowledgeDocumentRequest,
  updateToolRequest,
  updateSipTrunkRequest,
  voicesQuerySchema,
  webhookDeliveriesQuery,
  webhookEnableRequest,
} from '../../contract';
import { phoneNumberImportRequest, webCallStartRequest } from '../../contract/voice';
import { dataOf, listOf, messageWith, paginated, ref, type JsonSchema } from './schemas';

/** One operation of the API, as the document describes it. Paths are relative to the server's `/api`. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI form: `/user/assistant/{id}`. */
  path: string;
  tag: string;
  summary: string;
  /** Answers without a token (and outside the per-user rate limit). */
  public?: true;
  /** Only the local service has it (`x-local-extension: true`). */
  local?: true;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status and its JSON body. */
  status: number;
  /** The success answer's media type when it is not JSON (the event stream, speech, Twilio's TwiML). */
  contentType?: 'text/event-stream' | 'audio/wav' | 'text/xml' | 'text/plain';
  /** A form body (application/x-www-form-urlencoded), as a telephony provider's webhooks send. */
  formBody?: JsonSchema;
  response: JsonSchema;
  /**
   * Error statuses beyond those every authenticated operation has (401, 429); 400 and 413 come with a body.
   * 502 and 503 (`{message}`): the speech source failed, or there is none.
   */
  errors?: readonly (403 | 404 | 422 | 502 | 503)[];
  /** Also takes multipart/form-data (a file upload), described here beside the JSON body. */
  multipart?: JsonSchema;
  /** Also answers Server-Sent Events (when asked with `Accept: text/event-stream`), described here. */
  streams?: string;
  /**
   * Error statuses answered with a body of their own family: the conversation API's `{status: false, error}`
   * (StatusError; `replace`: those statuses have no other body), generate-reply's `{success: false, error,
   * error_code}` (ReplyError, beside the usual `{message}` where a status has both).
   */
  ownErrors?: { body: 'StatusError' | 'ReplyError'; statuses: readonly number[]; replace?: true };
}

const message = ref('Message');
const emptyData = ref('MessageWithEmptyData');

export const OPERATIONS: readonly Operation[] = [
  // Meta (public)
  { method: 'get', path: '/local/info', tag: 'Meta', summary: 'Whether this is the local service and where its demo token is', public: true, local: true, status: 200, response: ref('LocalInfo') },
  { method: 'get', path: '/openapi.json', tag: 'Meta', summary: 'This document', public: true, local: true, status: 200, response: { type: 'object' } },
  // Account
  { method: 'get', path: '/user/me', tag: 'Account', summary: 'The caller: name, email and balance', status: 200, response: ref('Account') },
  // Lookups
  { method: 'get', path: '/user/assistants/phone-numbers', tag: 'Lookups', summary: "The caller's numbers an assistant can take", query: phoneNumbersQuerySchema, status: 200, response: listOf(ref('LookupPhoneNumber')), errors: [422] },
  { method: 'get', path: '/user/assistants/voices', tag: 'Lookups', summary: "Public voices and the caller's own", query: voicesQuerySchema, status: 200, response: listOf(ref('Voice')), errors: [422] },
  { method: 'get', path: '/user/assistants/models', tag: 'Lookups', summary: 'Text and realtime models', query: modelsQuerySchema, status: 200, response: listOf(ref('LlmModel')), errors: [422] },
  { method: 'get', path: '/user/assistants/synthesizer-providers', tag: 'Lookups', summary: 'Text-to-speech providers', query: providersQuerySchema, status: 200, response: listOf(ref('Provider')), errors: [422] },
  { method: 'get', path: '/user/assistants/transcriber-providers', tag: 'Lookups', summary: 'Speech-to-text providers', query: providersQuerySchema, status: 200, response: listOf(ref('Provider')), errors: [422] },
  { method: 'get', path: '/user/assistants/languages', tag: 'Lookups', summary: 'Languages', status: 200, response: listOf(ref('Language')) },
  // Assistants
  { method: 'post', path: '/user/assistant', tag: 'Assistants', summary: 'Create an assistant', body: assistantCreateBody, status: 201, response: messageWith(ref('AssistantMutationData')), errors: [422] },
  { method: 'get', path: '/user/assistants/get', tag: 'Assistants', summary: 'One page of assistants, newest first (extension filters: `folder_id`, `label_id`)', query: assistantsPageQuery, status: 200, response: paginated(ref('Assistant')), errors: [422] },
  { method: 'get', path: '/user/assistants', tag: 'Assistants', summary: 'Every assistant, newest first (extension filters: `folder_id`, `label_id`)', query: assistantListFilterQuery, status: 200, response: listOf(ref('Assistant')), errors: [422] },
  { method: 'get', path: '/user/assistants/outbound', tag: 'Assistants', summary: 'The outbound assistants', status: 200, response: listOf(ref('AssistantSummary')) },
  { method: 'get', path: '/user/assistant/{id}', tag: 'Assistants', summary: 'One assistant', local: true, status: 200, response: ref('Assistant'), errors: [404] },
  { method: 'put', path: '/user/assistant/{id}', tag: 'Assistants', summary: 'Update an assistant (only the fields sent change)', body: assistantUpdateBody, status: 200, response: messageWith(ref('AssistantMutationData')), errors: [404, 422] },
  { method: 'delete', path: '/user/assistant/{id}', tag: 'Assistants', summary: 'Delete an assistant (soft)', status: 200, response: message, errors: [404] },
  { method: 'post', path: '/user/assistants/enable-inbound-webhook', tag: 'Assistants', summary: 'Set the inbound webhook', body: inboundWebhookEnableRequest, status: 200, response: emptyData, errors: [404, 422] },
  { method: 'post', path: '/user/assistants/disable-inbound-webhook', tag: 'Assistants', summary: 'Clear the inbound webhook', body: assistantIdRequest, status: 200, response: emptyData, errors: [404, 422] },
  { method: 'post', path: '/user/assistants/enable-webhook', tag: 'Assistants', summary: 'Turn the post-call webhook on', body: webhookEnableRequest, status: 200, response: emptyData, errors: [404, 422] },
  { method: 'post', path: '/user/assistants/disable-webhook', tag: 'Assistants', summary: 'Turn the post-call webhook off (its URL is kept)', body: assistantIdRequest, status: 200, response: emptyData, errors: [404, 422] },
  // Folders and labels
  ...(['folders', 'labels'] as const).flatMap((path): Operation[] => {
    const noun = path === 'folders' ? 'folder' : 'label';
    const tag = 'Folders and labels';
    const record = ref('AssistantGroup');
    return [
      { method: 'get', path: `/user/${path}`, tag, summary: `One page of ${path} by name, each with its assistants_count`, query: assistantGroupsQuery, status: 200, response: paginated(record), errors: [422] },
      { method: 'post', path: `/user/${path}`, tag, summary: `Create a ${noun} (name unique per account, case ignored)`, body: createAssistantGroupRequest, status: 201, response: messageWith(record), errors: [422] },
      { method: 'put', path: `/user/${path}/{id}`, tag, summary: `Rename or recolour a ${noun} (only the fields sent change)`, body: updateAssistantGroupRequest, status: 200, response: messageWith(record), errors: [404, 422] },
      {
        method: 'delete',
        path: `/user/${path}/{id}`,
        tag,
        summary: path === 'folders' ? 'Delete a folder (its assistants stay, in no folder)' : 'Delete a label (taken off every assistant, which stay)',
        status: 200,
        response: message,
        errors: [404],
      },
    ];
  }),
  // Mid-call tools
  { method: 'get', path: '/user/tools', tag: 'Mid-call tools', summary: 'Every mid-call tool', status: 200, response: listOf(ref('Tool')) },
  { method: 'get', path: '/user/tools/{id}', tag: 'Mid-call tools', summary: 'One mid-call tool', status: 200, response: ref('Tool'), errors: [404] },
  { method: 'post', path: '/user/tools', tag: 'Mid-call tools', summary: 'Create a mid-call tool', body: createToolRequest, status: 201, response: messageWith(ref('Tool')), errors: [422] },
  { method: 'put', path: '/user/tools/{id}', tag: 'Mid-call tools', summary: 'Update a mid-call tool', body: updateToolRequest, status: 200, response: messageWith(ref('Tool')), errors: [404, 422] },
  { method: 'delete', path: '/user/tools/{id}', tag: 'Mid-call tools', summary: 'Delete a mid-call tool (detached from every assistant)', status: 200, response: message, errors: [404] },
  // Leads
  { method: 'post', path: '/user/lead', tag: 'Leads', summary: 'Add a lead to a campaign', body: createLeadRequest, status: 200, response: messageWith(ref('Lead')), errors: [404, 422] },
  { method: 'get', path: '/user/leads', tag: 'Leads', summary: 'Every primary lead, newest first', status: 200, response: listOf(ref('Lead')) },
  { method: 'put', path: '/user/leads/{id}', tag: 'Leads', summary: 'Update a lead', body: updateLeadRequest, status: 200, response: message, errors: [404, 422] },
  { method: 'put', path: '/leads/{id}', tag: 'Leads', summary: "Update a lead (the hosted documentation's path)", body: updateLeadRequest, status: 200, response: message, errors: [404, 422] },
  { method: 'delete', path: '/user/leads/{id}', tag: 'Leads', summary: 'Delete a lead and its secondary contacts', status: 200, response: message, errors: [404] },
  // Campaigns
  { method: 'get', path: '/user/campaigns', tag: 'Campaigns', summary: 'Every campaign, newest first', status: 200, response: listOf(ref('Campaign')) },
  { method: 'post', path: '/user/campaigns', tag: 'Campaigns', summary: 'Create a campaign (draft)', body: createCampaignRequest, status: 201, response: messageWith(ref('Campaign')), errors: [422] },
  { method: 'post', path: '/user/campaigns/update-status', tag: 'Campaigns', summary: 'Start or stop a campaign', body: campaignStatusRequest, status: 200, response: ref('CampaignStatusAnswer'), errors: [404, 422] },
  { method: 'delete', path: '/user/campaign/{id}', tag: 'Campaigns', summary: 'Delete a campaign and its leads', status: 200, response: message, errors: [404] },
  // Calls
  { method: 'get', path: '/user/calls', tag: 'Calls', summary: 'One page of the call log, newest first', query: callsQuerySchema, status: 200, response: paginated(ref('Call')), errors: [422] },
  { method: 'get', path: '/user/calls/{id}', tag: 'Calls', summary: 'One call', status: 200, response: ref('Call'), errors: [404] },
  { method: 'delete', path: '/user/calls/{id}', tag: 'Calls', summary: 'Delete a call', status: 200, response: message, errors: [404] },
  { method: 'post', path: '/user/make_call', tag: 'Calls', summary: 'Place an outbound call', body: makeCallRequest, status: 200, response: ref('MakeCallAnswer'), errors: [422] },
  { method: 'post', path: '/user/calls/simulate-inbound', tag: 'Calls', summary: 'Simulate a customer calling one of your numbers (the inbound assistant holding it answers)', local: true, body: simulateInboundRequest, status: 200, response: ref('MakeCallAnswer'), errors: [422] },
  // Phone numbers
  { method: 'get', path: '/user/phone-numbers/all', tag: 'Phone numbers', summary: "The caller's numbers", status: 200, response: dataOf(listOf(ref('OwnedPhoneNumber'))) },
  { method: 'get', path: '/user/phone-numbers/search', tag: 'Phone numbers', summary: 'Numbers on sale', query: phoneNumberSearchQuery, status: 200, response: dataOf(listOf(ref('AvailablePhoneNumber'))), errors: [422] },
  { method: 'post', path: '/user/phone-numbers/purchase', tag: 'Phone numbers', summary: 'Buy a number', body: purchasePhoneNumberRequest, status: 201, response: messageWith(ref('PurchasedPhoneNumber')), errors: [422] },
  {
    method: 'post',
    path: '/user/phone-numbers/import',
    tag: 'Phone numbers',
    summary: 'Import a number you own at Twilio: its voice webhook is pointed at this service (PUBLIC_URL) and the auth token stored encrypted, never returned; 422 on phone_number when the account lacks it, on auth_token when Twilio refuses; 503 without SECRET_KEY on PostgreSQL',
    local: true,
    body: phoneNumberImportRequest,
    status: 201,
    response: messageWith(ref('OwnedPhoneNumber')),
    errors: [422, 502, 503],
  },
  { method: 'put', path: '/user/phone-numbers/{id}', tag: 'Phone numbers', summary: "Change a number's nickname", body: updatePhoneNumberRequest, status: 200, response: messageWith(ref('OwnedPhoneNumber')), errors: [404, 422] },
  { method: 'delete', path: '/user/phone-numbers/{id}', tag: 'Phone numbers', summary: 'Release a number (a SIP trunk too)', status: 200, response: message, errors: [404, 422] },
  // SIP trunks (issue 40): numbers of type sip; the password is written, never returned
  { method: 'get', path: '/user/phone-numbers/sip-trunks', tag: 'SIP trunks', summary: "The caller's SIP trunks (no password, no trunk ids)", status: 200, response: dataOf(listOf(ref('SipTrunk'))) },
  { method: 'get', path: '/user/phone-numbers/sip-trunks/{id}', tag: 'SIP trunks', summary: 'One SIP trunk, with its inbound and outbound trunk ids', status: 200, response: dataOf(ref('SipTrunkDetail')), errors: [404] },
  {
    method: 'post',
    path: '/user/phone-numbers/sip-trunks',
    tag: 'SIP trunks',
    summary: 'Add a SIP trunk (an extension or an E.164 number); the answer follows the update\'s (the hosted documentation gives none); 503 without SECRET_KEY on PostgreSQL',
    body: createSipTrunkRequest,
    status: 201,
    response: messageWith(ref('SipTrunkDetail')),
    errors: [422, 503],
  },
  {
    method: 'put',
    path: '/user/phone-numbers/sip-trunks/{id}',
    tag: 'SIP trunks',
    summary: 'Change a SIP trunk (only the fields sent); switching to ip needs allowed_inbound_ips, switching to auth clears them',
    body: updateSipTrunkRequest,
    status: 200,
    response: messageWith(ref('SipTrunkDetail')),
    errors: [404, 422, 503],
  },
  // Webhooks (our extension: the outbox of deliveries and the Standard Webhooks signing secret)
  { method: 'get', path: '/user/webhook-deliveries', tag: 'Webhooks', summary: 'One page of webhook deliveries, newest first (without payload)', local: true, query: webhookDeliveriesQuery, status: 200, response: paginated(ref('WebhookDelivery')), errors: [422] },
  { method: 'get', path: '/user/webhook-deliveries/{id}', tag: 'Webhooks', summary: 'One delivery with its payload', local: true, status: 200, response: dataOf(ref('WebhookDelivery')), errors: [404] },
  { method: 'post', path: '/user/webhook-deliveries/{id}/resend', tag: 'Webhooks', summary: 'Send a delivery again (same webhook-id, due now, a fresh retry schedule)', local: true, status: 200, response: messageWith(ref('WebhookDelivery')), errors: [404] },
  { method: 'get', path: '/user/webhook-secret', tag: 'Webhooks', summary: 'The signing secret of your webhooks (made on first read)', local: true, status: 200, response: dataOf(ref('WebhookSecret')) },
  { method: 'post', path: '/user/webhook-secret/rotate', tag: 'Webhooks', summary: 'A new signing secret; later attempts are signed with it', local: true, status: 200, response: messageWith(ref('WebhookSecret')) },
  // Test suites (our extension: scenarios per assistant, runs of them, their results)
  { method: 'get', path: '/user/assistant/{id}/scenarios', tag: 'Test suites', summary: "An assistant's test scenarios, and whether this service has a model to run them", local: true, status: 200, response: ref('ScenarioList'), errors: [404] },
  { method: 'post', path: '/user/assistant/{id}/scenarios', tag: 'Test suites', summary: 'Add a scenario: persona, goal, variables, most turns and expectations', local: true, body: scenarioRequest, status: 201, response: messageWith(ref('Scenario')), errors: [404, 422] },
  { method: 'put', path: '/user/scenarios/{id}', tag: 'Test suites', summary: 'Replace a scenario (expectations keep their history by id)', local: true, body: scenarioRequest, status: 200, response: messageWith(ref('Scenario')), errors: [404, 422] },
  { method: 'delete', path: '/user/scenarios/{id}', tag: 'Test suites', summary: 'Delete a scenario (runs keep their results)', local: true, status: 200, response: message, errors: [404] },
  { method: 'post', path: '/user/assistant/{id}/suite-runs', tag: 'Test suites', summary: 'Run the scenarios (all, or scenario_ids), each `repetitions` times, in the background (503 without a language model)', local: true, body: startSuiteRunRequest, status: 201, response: messageWith(ref('SuiteRun')), errors: [404, 422, 503] },
  { method: 'get', path: '/user/assistant/{id}/suite-runs', tag: 'Test suites', summary: "One page of an assistant's suite runs, newest first, with pass rates (without items)", local: true, query: suiteRunsQuery, status: 200, response: paginated(ref('SuiteRun')), errors: [404, 422] },
  { method: 'get', path: '/user/suite-runs/{id}', tag: 'Test suites', summary: 'One suite run: progress, pass rates, and every repetition with its call and evidence', local: true, status: 200, response: dataOf(ref('SuiteRun')), errors: [404] },
  { method: 'post', path: '/user/suite-runs/{id}/cancel', tag: 'Test suites', summary: 'Stop a run: nothing more is placed; calls in flight play out unchecked', local: true, status: 200, response: messageWith(ref('SuiteRun')), errors: [404] },
  // Replays (our extension: past calls against the assistant as it is now, and what changed)
  { method: 'post', path: '/user/replays', tag: 'Replays', summary: "Replay past calls (call_ids, or the call log's filter: its newest 50 ended calls) against the assistant in its current settings, in the background (404: a call not yours; 422: a live call; 503 without a language model)", local: true, body: startReplayRequest, status: 201, response: messageWith(ref('ReplaySet')), errors: [404, 422, 503] },
  { method: 'get', path: '/user/replays', tag: 'Replays', summary: 'One page of replay sets (of one assistant with assistant_id), newest first, with their summaries (without pairs)', local: true, query: replaysQuery, status: 200, response: paginated(ref('ReplaySet')), errors: [404, 422] },
  { method: 'get', path: '/user/replays/{id}', tag: 'Replays', summary: 'One replay set: progress, summary, and every pair with both calls, what changed and the verdict', local: true, status: 200, response: dataOf(ref('ReplaySet')), errors: [404] },
  { method: 'post', path: '/user/replays/{id}/cancel', tag: 'Replays', summary: 'Stop a replay set: nothing more is placed; replays in flight play out, not compared', local: true, status: 200, response: messageWith(ref('ReplaySet')), errors: [404] },
  { method: 'post', path: '/user/replays/{id}/pairs/{pair}/scenario', tag: 'Replays', summary: "Save a pair's original caller as a suite scenario, with the proposed expectations or the ones sent", local: true, body: saveReplayScenarioRequest, status: 201, response: messageWith(ref('Scenario')), errors: [404, 422] },
  // Live
  {
    method: 'get',
    path: '/user/events',
    tag: 'Live',
    summary: "The caller's changes as Server-Sent Events: `event: <type>` (call, lead, campaign, delivery, account), `data:` a ServiceEvent; a comment every 15 s",
    local: true,
    status: 200,
    contentType: 'text/event-stream',
    response: { type: 'string', description: 'Server-Sent Events; each `data:` line holds one ServiceEvent (components.schemas.ServiceEvent) as JSON.' },
  },
  { method: 'get', path: '/user/overview', tag: 'Live', summary: 'Calls in flight, today against yesterday, running campaigns, recent failed deliveries', local: true, query: overviewQuery, status: 200, response: dataOf(ref('Overview')), errors: [422] },
  { method: 'get', path: '/user/campaigns/{id}/progress', tag: 'Live', summary: "A campaign's leads by status, calls in flight and calls over time", local: true, status: 200, response: dataOf(ref('CampaignProgress')), errors: [404] },
  // Speech (our extension: the recordings' voices for the Test chat)
  { method: 'get', path: '/speech', tag: 'Speech', summary: 'Where speech comes from: a TTS endpoint, eSpeak NG, or none (recordings are then a murmur)', local: true, status: 200, response: ref('SpeechInfo') },
  {
    method: 'post',
    path: '/speech',
    tag: 'Speech',
    summary: 'The text spoken in the assistant\'s or the customer\'s voice: 8 kHz mono 16-bit WAV; 503 without speech, 502 when the speech source failed',
    local: true,
    body: speechRequest,
    status: 200,
    contentType: 'audio/wav',
    response: { type: 'string', contentMediaType: 'audio/wav' },
    errors: [422, 502, 503],
  },
  // Live voice (our extension: src/contract/voice.ts)
  {
    method: 'post',
    path: '/voice/web-calls',
    tag: 'Voice',
    summary: 'A one-time ticket (valid 60 s, bound to you and the assistant) for the web-call WebSocket at `socket_path?ticket=…`: PCM16LE 16 kHz both ways, JSON messages; 503 naming STT_BASE_URL / LLM_BASE_URL when voice is not configured',
    local: true,
    body: webCallStartRequest,
    status: 201,
    response: ref('WebCallTicket'),
    errors: [422, 503],
  },
  {
    method: 'post',
    path: '/telephony/twilio/voice/{id}',
    tag: 'Telephony',
    summary: "Twilio's voice webhook of an imported number (signed with X-Twilio-Signature, else 403): TwiML connecting the call to the media stream of its inbound assistant, or <Say> and <Hangup/>",
    public: true,
    local: true,
    formBody: { type: 'object', description: "Twilio's call parameters (CallSid, AccountSid, From, To, CallStatus, Direction, …)", additionalProperties: { type: 'string' } },
    status: 200,
    contentType: 'text/xml',
    response: { type: 'string', description: 'TwiML' },
    errors: [403, 404],
  },
  {
    method: 'post',
    path: '/telephony/twilio/status/{id}',
    tag: 'Telephony',
    summary: "Twilio's status callbacks of an imported number's calls (signed, else 403): ringing, busy, no-answer, failed end an outbound call that was not answered",
    public: true,
    local: true,
    formBody: { type: 'object', description: "Twilio's status parameters (CallSid, CallStatus, CallDuration, …)", additionalProperties: { type: 'string' } },
    status: 200,
    contentType: 'text/plain',
    response: { type: 'string' },
    errors: [403, 404],
  },
  {
    method: 'post',
    path: '/telephony/twilio/amd/{id}',
    tag: 'Telephony',
    summary: "Twilio's answering-machine verdicts (AsyncAmdStatusCallback) on an imported number's outbound calls (signed, else 403): AnsweredBy human, machine_start, machine_end_beep, machine_end_silence, machine_end_other, fax or unknown",
    public: true,
    local: true,
    formBody: { type: 'object', description: "Twilio's AMD parameters (CallSid, AccountSid, AnsweredBy, MachineDetectionDuration)", additionalProperties: { type: 'string' } },
    status: 200,
    contentType: 'text/plain',
    response: { type: 'string' },
    errors: [403, 404],
  },
  // Conversations (text chat with an assistant; errors `{status: false, error}`)
  {
    method: 'post',
    path: '/conversations',
    tag: 'Conversations',
    summary: 'Open a conversation with an assistant (`assistant_id`: its UUID, or its id); the history holds its initial message',
    body: createConversationRequest,
    status: 200,
    response: ref('ConversationCreated'),
    ownErrors: { body: 'StatusError', statuses: [400, 404, 413, 422], replace: true },
  },
  {
    method: 'post',
    path: '/conversations/{uuid}/messages',
    tag: 'Conversations',
    summary: "The user's message and the assistant's reply, with the functions it called ($0.01 a message on widget conversations; 503 without a language model)",
    body: sendMessageRequest,
    status: 200,
    response: ref('ConversationReply'),
    streams:
      'Local extension, with `Accept: text/event-stream`: `event: text` ({delta}) as the reply arrives, `function_call` ({id, name, arguments}) and `function_result` (a FunctionCall with `id`) for each tool, then `done` (the JSON answer) or `error` ({status: false, error}).',
    ownErrors: { body: 'StatusError', statuses: [400, 404, 413, 422, 503], replace: true },
  },
  { method: 'get', path: '/conversations/{uuid}', tag: 'Conversations', summary: "A conversation's history, oldest first (and, a local addition, its record)", status: 200, response: ref('ConversationHistory'), ownErrors: { body: 'StatusError', statuses: [404], replace: true } },
  { method: 'post', path: '/automate/conversations/{uuid}/disable-ai', tag: 'Conversations', summary: 'A human takes over: messages are kept and get no reply', status: 200, response: ref('ConversationAiSwitch'), ownErrors: { body: 'StatusError', statuses: [404], replace: true } },
  { method: 'post', path: '/automate/conversations/{uuid}/enable-ai', tag: 'Conversations', summary: 'The assistant answers again', status: 200, response: ref('ConversationAiSwitch'), ownErrors: { body: 'StatusError', statuses: [404], replace: true } },
  {
    method: 'post',
    path: '/conversations/{uuid}/web-call',
    tag: 'Conversations',
    summary: 'Keep the conversation as a call of type web (transcript from its history, recording rendered in the background); kept again, the same call is updated',
    local: true,
    status: 200,
    response: ref('WebCallCreated'),
    ownErrors: { body: 'StatusError', statuses: [404, 422], replace: true },
  },
  { method: 'get', path: '/user/conversations', tag: 'Conversations', summary: 'One page of conversations, newest first (cursor pagination)', query: conversationsQuery, status: 200, response: ref('ConversationsPage'), errors: [422] },
  { method: 'post', path: '/user/assistants/enable-conversation-ended-webhook', tag: 'Conversations', summary: 'Send `conversation.ended` to this URL when a conversation ends', body: conversationEndedWebhookEnableRequest, status: 200, response: emptyData, errors: [404, 422] },
  { method: 'post', path: '/user/assistants/disable-conversation-ended-webhook', tag: 'Conversations', summary: 'Stop the conversation-ended webhook', body: conversationEndedWebhookDisableRequest, status: 200, response: emptyData, errors: [404, 422] },
  {
    method: 'post',
    path: '/ai/generate-reply',
    tag: 'Conversations',
    summary: "The assistant's reply to a customer's message in another channel; one conversation per customer_identifier, continued",
    body: generateReplyRequest,
    status: 200,
    response: ref('GeneratedReply'),
    errors: [422],
    ownErrors: { body: 'ReplyError', statuses: [400, 402, 404, 503] },
  },
  // Knowledge bases (the hosted paths and shapes; search is our extension)
  { method: 'get', path: '/user/knowledgebases', tag: 'Knowledge bases', summary: "The caller's knowledge bases", status: 200, response: dataOf(listOf(ref('Knowledgebase'))) },
  { method: 'post', path: '/user/knowledgebases', tag: 'Knowledge bases', summary: 'Create a knowledge base (`empty`)', body: createKnowledgebaseRequest, status: 201, response: messageWith(ref('Knowledgebase')), errors: [422] },
  { method: 'get', path: '/user/knowledgebases/{id}', tag: 'Knowledge bases', summary: 'One knowledge base', status: 200, response: dataOf(ref('Knowledgebase')), errors: [404] },
  { method: 'put', path: '/user/knowledgebases/{id}', tag: 'Knowledge bases', summary: 'Rename a knowledge base, or change its description or language', body: updateKnowledgebaseRequest, status: 200, response: messageWith(ref('Knowledgebase')), errors: [404, 422] },
  { method: 'delete', path: '/user/knowledgebases/{id}', tag: 'Knowledge bases', summary: 'Delete a knowledge base and its documents (assistants using it go on without it)', status: 200, response: message, errors: [404] },
  {
    method: 'post',
    path: '/user/knowledgebases/{id}/search',
    tag: 'Knowledge bases',
    summary: "The passages an assistant would find for a question, best first, with the matching words marked (full-text search; fused with vector search when LLM_EMBEDDING_MODEL is set)",
    local: true,
    body: knowledgeSearchRequest,
    status: 200,
    response: dataOf(listOf(ref('KnowledgeSearchHit'))),
    errors: [404, 422],
  },
  { method: 'get', path: '/user/knowledgebases/{id}/documents', tag: 'Knowledge bases', summary: "A knowledge base's documents", status: 200, response: dataOf(listOf(ref('KnowledgeDocument'))), errors: [404] },
  {
    method: 'post',
    path: '/user/knowledgebases/{id}/documents',
    tag: 'Knowledge bases',
    summary: 'Add a document (`processing` until read): a website as JSON (`url`, or `links`), a file as multipart/form-data (`file`, 20 MB at most)',
    body: createKnowledgeDocumentRequest,
    multipart: {
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: KNOWLEDGE_LIMITS.nameMax },
        description: { type: 'string', maxLength: KNOWLEDGE_LIMITS.descriptionMax },
        type: { type: 'string', enum: [...KNOWLEDGE_DOCUMENT_TYPES] },
        file: { type: 'string', contentMediaType: 'application/octet-stream', description: `A ${KNOWLEDGE_FILE_TYPES.join(', ')} file of at most ${KNOWLEDGE_LIMITS.fileMaxBytes / 1024 / 1024} MB` },
      },
      required: ['name', 'type', 'file'],
    },
    status: 201,
    response: messageWith(ref('KnowledgeDocument')),
    errors: [404, 422],
  },
  { method: 'get', path: '/user/knowledgebases/{id}/documents/{documentId}', tag: 'Knowledge bases', summary: 'One document', status: 200, response: dataOf(ref('KnowledgeDocument')), errors: [404] },
  { method: 'put', path: '/user/knowledgebases/{id}/documents/{documentId}', tag: 'Knowledge bases', summary: "Rename a document or change its description (its content cannot change)", body: updateKnowledgeDocumentRequest, status: 200, response: messageWith(ref('KnowledgeDocument')), errors: [404, 422] },
  { method: 'delete', path: '/user/knowledgebases/{id}/documents/{documentId}', tag: 'Knowledge bases', summary: 'Delete a document and its passages', status: 200, response: message, errors: [404] },
];
