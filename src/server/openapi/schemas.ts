import { z } from 'zod';
import {
  accountSchema,
  assistantMutationDataSchema,
  assistantSchema,
  assistantSummarySchema,
  availablePhoneNumberSchema,
  callSchema,
  campaignProgressSchema,
  campaignSchema,
  campaignStatusResponseSchema,
  languageSchema,
  leadSchema,
  llmModelSchema,
  makeCallResponseSchema,
  overviewSchema,
  ownedPhoneNumberSchema,
  paginationLinkSchema,
  phoneNumberSchema,
  providerSchema,
  purchasedPhoneNumberSchema,
  serviceEventSchema,
  toolSchema,
  voiceSchema,
  webhookDeliverySchema,
  webhookSecretSchema,
} from '../../contract';

/** A JSON Schema (draft 2020-12) object, as OpenAPI 3.1 takes it. */
export type JsonSchema = { [key: string]: unknown };

/*
 * zod 4 writes JSON Schema draft 2020-12 itself (z.toJSONSchema), which is the dialect OpenAPI 3.1 uses, and
 * the contract already holds every schema the service validates with: so the document is generated from those
 * schemas with no library in between (`@hono/zod-openapi` would mean rewriting every route around its own
 * route objects; `zod-openapi` adds a dependency to do what toJSONSchema does).
 *
 * Requests are described as the service reads them (`io: 'input'`). Responses are the contract's lenient
 * parsers, whose fields are transforms that take any value (so a drifting host never fails the console):
 * their output cannot be written as JSON Schema, so with `unrepresentable: 'any'` each field comes out as `{}`
 * (any value). The document therefore names every field of every record, and types the envelopes (pagination,
 * errors, messages) written out below; the field types of records are left open.
 */
export function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out: JsonSchema = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  delete out.$schema;
  if (out.$defs) throw new Error('A contract schema with $defs (recursion) needs hoisting into components');
  return out;
}

export const ref = (name: ComponentName): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Response records, by the name the document gives them (components.schemas). */
const RECORDS = {
  Account: accountSchema,
  Assistant: assistantSchema,
  AssistantSummary: assistantSummarySchema,
  AssistantMutationData: assistantMutationDataSchema,
  Tool: toolSchema,
  Lead: leadSchema,
  Campaign: campaignSchema,
  CampaignStatusAnswer: campaignStatusResponseSchema,
  Call: callSchema,
  MakeCallAnswer: makeCallResponseSchema,
  LookupPhoneNumber: phoneNumberSchema,
  Voice: voiceSchema,
  LlmModel: llmModelSchema,
  Language: languageSchema,
  Provider: providerSchema,
  OwnedPhoneNumber: ownedPhoneNumberSchema,
  AvailablePhoneNumber: availablePhoneNumberSchema,
  PurchasedPhoneNumber: purchasedPhoneNumberSchema,
  PaginationLink: paginationLinkSchema,
  ServiceEvent: serviceEventSchema,
  Overview: overviewSchema,
  CampaignProgress: campaignProgressSchema,
  WebhookDelivery: webhookDeliverySchema,
  WebhookSecret: webhookSecretSchema,
} as const;

const nullable = (type: string): JsonSchema => ({ type: [type, 'null'] });

/** Written out: these are the service's own shapes, typed exactly. */
const ENVELOPES = {
  Message: {
    type: 'object',
    properties: { message: { type: 'string' } },
    required: ['message'],
  },
  ValidationError: {
    type: 'object',
    description: "Laravel's form: `message` is the first error plus \"(and N more errors)\"; keys are dotted paths.",
    properties: {
      message: { type: 'string' },
      errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    },
    required: ['message', 'errors'],
  },
  TooManyRequests: {
    type: 'object',
    properties: {
      message: { type: 'string', const: 'Too Many Attempts.' },
      retry_after: { type: 'integer', description: 'Seconds until the budget refills (as Retry-After).' },
    },
    required: ['message', 'retry_after'],
  },
  MessageWithEmptyData: {
    type: 'object',
    properties: { message: { type: 'string' }, data: { type: 'array', maxItems: 0 } },
    required: ['message', 'data'],
  },
  LocalInfo: {
    type: 'object',
    properties: {
      service: { type: 'string', const: 'local' },
      demo_data: { type: 'boolean' },
      sign_in_hint: { type: 'string' },
    },
    required: ['service', 'demo_data', 'sign_in_hint'],
  },
} satisfies Record<string, JsonSchema>;

export type ComponentName = keyof typeof RECORDS | keyof typeof ENVELOPES;

/** Laravel's length-aware paginator around one page of `item`. */
export function paginated(item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      current_page: { type: 'integer' },
      data: { type: 'array', items: item },
      first_page_url: nullable('string'),
      from: nullable('integer'),
      last_page: { type: 'integer' },
      last_page_url: nullable('string'),
      links: { type: 'array', items: ref('PaginationLink') },
      next_page_url: nullable('string'),
      path: nullable('string'),
      per_page: { type: 'integer' },
      prev_page_url: nullable('string'),
      to: nullable('integer'),
      total: { type: 'integer' },
    },
    required: ['current_page', 'data', 'last_page', 'per_page', 'total'],
  };
}

export const listOf = (item: JsonSchema): JsonSchema => ({ type: 'array', items: item });

/** `{data: record}`, as the local service's own record answers are wrapped. */
export const dataOf = (record: JsonSchema): JsonSchema => ({ type: 'object', properties: { data: record }, required: ['data'] });

/** `{message, data}` as creates and updates answer. */
export function messageWith(data: JsonSchema): JsonSchema {
  return { type: 'object', properties: { message: { type: 'string' }, data }, required: ['message', 'data'] };
}

export function componentSchemas(): Record<ComponentName, JsonSchema> {
  const records = {} as Record<keyof typeof RECORDS, JsonSchema>;
  for (const name of Object.keys(RECORDS) as (keyof typeof RECORDS)[]) records[name] = toSchema(RECORDS[name], 'output');
  return { ...records, ...ENVELOPES };
}
