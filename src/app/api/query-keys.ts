/*
 * Every query key of the console, one factory per resource, in one module: a mutation or the live stream
 * invalidates exactly what it changed without importing another feature.
 */
import type { WebhookDeliveryStatus } from '@contract/webhooks';

/** Query keys of the signed-in account; one factory so invalidation is exact. */
export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};

/** Query keys of assistants; one factory so invalidation is exact. */
export interface AssistantListParams {
  page: number;
  per_page: number;
  /** The list's extension filters (folders and labels). */
  folder_id?: number | undefined;
  label_id?: number | undefined;
}

export const assistantKeys = {
  all: ['assistants'] as const,
  lists: () => [...assistantKeys.all, 'list'] as const,
  list: (params: AssistantListParams) => [...assistantKeys.lists(), params] as const,
  outbound: () => [...assistantKeys.all, 'outbound'] as const,
  details: () => [...assistantKeys.all, 'detail'] as const,
  detail: (id: number) => [...assistantKeys.details(), id] as const,
};

/** Query keys of folders and labels (one list each, every page); one factory so invalidation is exact. */
export const assistantGroupKeys = {
  all: ['assistant-groups'] as const,
  list: (kind: 'folders' | 'labels') => [...assistantGroupKeys.all, kind] as const,
};

/** Query keys of campaigns and their progress; one factory so invalidation is exact. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: () => [...campaignKeys.all, 'list'] as const,
  /** GET /user/campaigns/{id}/progress, refetched on the live stream's call, lead and campaign events. */
  progresses: () => [...campaignKeys.all, 'progress'] as const,
  progress: (id: number) => [...campaignKeys.progresses(), id] as const,
};

/** Query keys of leads; one factory so invalidation is exact. The list is every lead (filters are client-side). */
export const leadKeys = {
  all: ['leads'] as const,
  list: () => [...leadKeys.all, 'list'] as const,
};

/** Query keys of the lookup lists; one factory so invalidation is exact. */
export const lookupKeys = {
  all: ['lookups'] as const,
  phoneNumbers: (type: 'inbound' | 'outbound' | undefined) => [...lookupKeys.all, 'phone-numbers', { type: type ?? 'all' }] as const,
  voices: (mode: 'pipeline' | 'multimodal' | undefined) => [...lookupKeys.all, 'voices', { mode: mode ?? 'all' }] as const,
  models: () => [...lookupKeys.all, 'models'] as const,
  languages: () => [...lookupKeys.all, 'languages'] as const,
};

/** Lookups change rarely and several pages read them (the assistant form, the campaign form). */
export const LOOKUP_STALE_TIME = 5 * 60_000;

/** Query keys of the overview (the home page); one factory so the live stream's invalidation is exact. */
export const overviewKeys = {
  all: ['overview'] as const,
  detail: (timezone: string) => [...overviewKeys.all, timezone] as const,
};

/** Query keys of the account's own numbers and of numbers for sale; one factory so invalidation is exact. */
export const phoneNumberKeys = {
  all: ['phone-numbers'] as const,
  owned: () => [...phoneNumberKeys.all, 'owned'] as const,
  search: (countryCode: string, contains: string) => [...phoneNumberKeys.all, 'search', { countryCode, contains }] as const,
  sipTrunks: () => [...phoneNumberKeys.all, 'sip-trunks'] as const,
  sipTrunk: (id: number) => [...phoneNumberKeys.sipTrunks(), id] as const,
};

/** Query keys of mid-call tools; one factory so invalidation is exact. */
export const toolKeys = {
  all: ['tools'] as const,
  list: () => [...toolKeys.all, 'list'] as const,
  details: () => [...toolKeys.all, 'detail'] as const,
  detail: (id: number) => [...toolKeys.details(), id] as const,
};

/** Filters of the deliveries list as the console asks for them. */
export interface DeliveryListParams {
  assistant_id?: number;
  call_id?: number;
  status?: WebhookDeliveryStatus;
  page: number;
  per_page: number;
}

/**
 * Query keys of webhook deliveries and the signing secret, one factory so invalidation is exact: the live
 * stream invalidates `webhookKeys.deliveries()` on a delivery event.
 */
export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: () => [...webhookKeys.all, 'deliveries'] as const,
  lists: () => [...webhookKeys.deliveries(), 'list'] as const,
  list: (params: DeliveryListParams) => [...webhookKeys.lists(), params] as const,
  details: () => [...webhookKeys.deliveries(), 'detail'] as const,
  detail: (id: number) => [...webhookKeys.details(), id] as const,
  secret: () => [...webhookKeys.all, 'secret'] as const,
};

/** Query keys of the call log, so invalidation is exact. */
export const callKeys = {
  all: ['calls'] as const,
  lists: () => [...callKeys.all, 'list'] as const,
  list: <P extends object>(params: P) => [...callKeys.lists(), params] as const,
  details: () => [...callKeys.all, 'detail'] as const,
  detail: (id: number) => [...callKeys.details(), id] as const,
  /** The latest calls of a filter, fetched page by page for the charts. */
  samples: () => [...callKeys.all, 'sample'] as const,
  sample: <F extends object>(filter: F, cap: number) => [...callKeys.samples(), filter, cap] as const,
  /** The filter's choices: all of the user's assistants and campaigns. */
  assistantOptions: () => [...callKeys.all, 'options', 'assistants'] as const,
  campaignOptions: () => [...callKeys.all, 'options', 'campaigns'] as const,
};

/** Filters and cursor of the conversation list as the console asks for them (GET /user/conversations). */
export interface ConversationListParams {
  type?: string;
  /** The assistant's integer id (the hosted filter takes the integer). */
  assistant_id?: number;
  per_page: number;
  cursor?: string;
}

/** Query keys of text conversations (the Conversations page and the test chat); one factory so invalidation is exact. */
export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationKeys.all, 'list'] as const,
  list: (params: ConversationListParams) => [...conversationKeys.lists(), params] as const,
  details: () => [...conversationKeys.all, 'detail'] as const,
  /** GET /conversations/{uuid}: the history (and, locally, the record). */
  detail: (id: string) => [...conversationKeys.details(), id] as const,
  /** The assistant filter's choices: all of the user's assistants. */
  assistantOptions: () => [...conversationKeys.all, 'options', 'assistants'] as const,
};

/** Query keys of an assistant's test suites (our extension); one factory so invalidation is exact. */
export const suiteKeys = {
  all: ['suites'] as const,
  scenarios: (assistantId: number) => [...suiteKeys.all, 'scenarios', assistantId] as const,
  runLists: () => [...suiteKeys.all, 'runs'] as const,
  runs: (assistantId: number, page: number) => [...suiteKeys.runLists(), assistantId, page] as const,
  runDetails: () => [...suiteKeys.all, 'run'] as const,
  run: (runId: number) => [...suiteKeys.runDetails(), runId] as const,
};

/**
 * Query keys of knowledge bases, their documents and searches; one factory so the live stream's
 * `knowledgebase.updated` and `knowledge_document.updated` refresh exactly these.
 */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  list: () => [...knowledgeKeys.all, 'list'] as const,
  details: () => [...knowledgeKeys.all, 'detail'] as const,
  detail: (id: number) => [...knowledgeKeys.details(), id] as const,
  documentLists: () => [...knowledgeKeys.all, 'documents'] as const,
  documents: (id: number) => [...knowledgeKeys.documentLists(), id] as const,
  /** "Try a search": a new ready document changes what a query finds. */
  searches: () => [...knowledgeKeys.all, 'search'] as const,
  search: (id: number, query: string) => [...knowledgeKeys.searches(), id, query] as const,
};

/**
 * What the host is: the local service answers GET /local/info, a hosted API (or proxy mode in front of
 * one) does not. Keyed by the API host, as a session may point anywhere.
 */
export const serviceKeys = {
  all: ['service'] as const,
  local: (host: string | null) => [...serviceKeys.all, 'local', host ?? 'this-server'] as const,
  /** GET /api/speech (our extension): which speech engine the service has. */
  speech: (host: string | null) => [...serviceKeys.all, 'speech', host ?? 'this-server'] as const,
  /** GET /api/local/info's `voice` (our extension): whether a web call can start. */
  voice: (host: string | null) => [...serviceKeys.all, 'voice', host ?? 'this-server'] as const,
  /** GET /api/local/info's `sip` (our extension): the address to hand a carrier. */
  sip: (host: string | null) => [...serviceKeys.all, 'sip', host ?? 'this-server'] as const,
};

/** Query keys of replay sets (our extension); one factory so invalidation is exact. */
export const replayKeys = {
  all: ['replays'] as const,
  lists: () => [...replayKeys.all, 'list'] as const,
  list: (assistantId: number, page: number) => [...replayKeys.lists(), assistantId, page] as const,
  details: () => [...replayKeys.all, 'set'] as const,
  set: (setId: number) => [...replayKeys.details(), setId] as const,
};
