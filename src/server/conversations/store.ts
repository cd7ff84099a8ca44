import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { CONVERSATION_MESSAGE_COST, UUID_PATTERN, type ConversationType } from '../../contract';
import type { Db } from '../db/connect';
import type { AssistantRow, ConversationMessageRow, ConversationRow, JsonRecord, StoredFunctionCall, ToolRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { fillPlaceholders, mergedVariables } from './prompt';

/*
 * The conversations' rows: finding a user's assistant and conversation, opening one (with the assistant's
 * initial message, placeholders filled), the messages of a turn and what they cost. Every query is scoped
 * to the user: another user's conversation is a missing one.
 */

const PG_INT_MAX = 2_147_483_647;

/** Widget and api conversations cost CONVERSATION_MESSAGE_COST a user message; test (and whatsapp, not made here) none. */
export function messageCost(type: string): number {
  return type === 'widget' || type === 'api' ? CONVERSATION_MESSAGE_COST : 0;
}

/** One of the user's live assistants, by UUID or integer id (anything else names none). */
export async function findAssistant(db: Db, userId: number, ref: string | number): Promise<AssistantRow | undefined> {
  let q = db.selectFrom('assistants').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null);
  if (typeof ref === 'string' && UUID_PATTERN.test(ref)) q = q.where('uuid', '=', ref.toLowerCase());
  else if (Number.isInteger(Number(ref)) && Number(ref) >= 1 && Number(ref) <= PG_INT_MAX) q = q.where('id', '=', Number(ref));
  else return undefined;
  return q.executeTakeFirst();
}

/** One of the user's conversations by its UUID. */
export async function findConversation(db: Db, userId: number, uuid: string): Promise<ConversationRow | undefined> {
  if (!UUID_PATTERN.test(uuid)) return undefined;
  return db.selectFrom('conversations').selectAll().where('uuid', '=', uuid.toLowerCase()).where('user_id', '=', userId).executeTakeFirst();
}

/** Whether the user's balance covers one billed message (a widget conversation is refused without it). */
export async function canAffordMessage(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).where('balance', '>=', sql<string>`${String(CONVERSATION_MESSAGE_COST)}::numeric`).executeTakeFirst();
  return row !== undefined;
}

/** The conversation with its history and the record the list shows (GET /conversations/{uuid}). */
export async function conversationWithHistory(db: Db, conversation: ConversationRow) {
  const [messages, assistant] = await Promise.all([
    messagesOf(db, conversation.id),
    db.selectFrom('assistants').select(['uuid', 'name']).where('id', '=', conversation.assistant_id).executeTakeFirstOrThrow(),
  ]);
  return { messages, listed: { ...conversation, assistant_uuid: assistant.uuid, assistant_name: assistant.name } };
}

export async function messagesOf(db: Db, conversationId: number): Promise<ConversationMessageRow[]> {
  return db.selectFrom('conversation_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('id').execute();
}

/** The assistant's knowledge base as a turn uses it (conversations/knowledge.ts); null: none, or not its owner's. */
export interface KnowledgeSetting {
  baseId: number;
  /** `prompt` or `function_call` (anything else is no knowledge). */
  mode: string;
  name: string;
  description: string | null;
}

/** What a turn needs of the assistant: its prompt and settings, its model's and language's names, its tools, its knowledge base. */
export interface AssistantSetting {
  assistant: Pick<AssistantRow, 'id' | 'user_id' | 'system_prompt' | 'timezone' | 'variables' | 'end_call_tool_description' | 'llm_temperature' | 'deleted_at' | 'builtin_tools'>;
  modelName: string | null;
  language: string | null;
  tools: Pick<ToolRow, 'name' | 'description' | 'endpoint' | 'method' | 'timeout' | 'headers' | 'schema'>[];
  knowledge: KnowledgeSetting | null;
}

/** What historyMessages reads of a stored message. */
export type HistoryRow = Pick<ConversationMessageRow, 'role' | 'content' | 'error' | 'function_calls'>;

/** The assistant's setting in one read (a turn's reads are the service's own time between the user and the model). */
function settingQuery(db: Db, assistantId: number) {
  return db
    .selectFrom('assistants as a')
    .leftJoin('llm_models as m', 'm.id', 'a.llm_model_id')
    .leftJoin('languages as l', 'l.id', 'a.language_id')
    .leftJoin('knowledgebases as kb', (j) => j.onRef('kb.id', '=', 'a.knowledgebase_id').onRef('kb.user_id', '=', 'a.user_id'))
    .select(['a.id', 'a.user_id', 'a.system_prompt', 'a.timezone', 'a.variables', 'a.end_call_tool_description', 'a.llm_temperature', 'a.deleted_at', 'a.builtin_tools', 'a.language', 'm.name as model_name', 'l.name as language_name'])
    .select(['a.knowledgebase_mode', 'kb.id as kb_id', 'kb.name as kb_name', 'kb.description as kb_description'])
    .select(
      sql<AssistantSetting['tools']>`(
        SELECT coalesce(json_agg(json_build_object('name', t.name, 'description', t.description, 'endpoint', t.endpoint, 'method', t.method,
          'timeout', t.timeout, 'headers', t.headers, 'schema', t.schema) ORDER BY t.id), '[]'::json)
        FROM tools t JOIN assistant_tools x ON x.tool_id = t.id
        WHERE x.assistant_id = a.id AND t.user_id = a.user_id)`.as('tools'),
    )
    .where('a.id', '=', assistantId);
}

type SettingRow = NonNullable<Awaited<ReturnType<ReturnType<typeof settingQuery>['executeTakeFirst']>>>;

function settingOf(row: SettingRow): AssistantSetting {
  const { model_name, language_name, language, tools, knowledgebase_mode, kb_id, kb_name, kb_description, ...assistant } = row;
  const knowledge = kb_id !== null && kb_name !== null ? { baseId: kb_id, mode: knowledgebase_mode, name: kb_name, description: kb_description } : null;
  return { assistant, modelName: model_name, language: language || language_name || null, tools, knowledge };
}

/** What a turn needs of the assistant (a call reads it once; a text conversation with its history: turnSetting). */
export async function assistantSetting(db: Db, assistantId: number): Promise<AssistantSetting | undefined> {
  const row = await settingQuery(db, assistantId).executeTakeFirst();
  return row && settingOf(row);
}

/**
 * The assistant's setting and the conversation's latest `historyLimit` messages, oldest first, in one round
 * trip (a message's turn makes it before the user's message is kept; the turn appends that one itself).
 */
export async function turnSetting(db: Db, assistantId: number, conversationId: number, historyLimit: number): Promise<{ setting: AssistantSetting; history: HistoryRow[] } | undefined> {
  const row = await settingQuery(db, assistantId)
    .select(
      sql<HistoryRow[]>`(
        SELECT coalesce(json_agg(json_build_object('role', h.role, 'content', h.content, 'error', h.error, 'function_calls', h.function_calls) ORDER BY h.id), '[]'::json)
        FROM (SELECT id, role, content, error, function_calls FROM conversation_messages
          WHERE conversation_id = ${conversationId} ORDER BY id DESC LIMIT ${historyLimit}) h)`.as('history'),
    )
    .executeTakeFirst();
  if (!row) return undefined;
  const { history, ...setting } = row;
  return { setting: settingOf(setting), history };
}

export interface NewConversation {
  userId: number;
  assistant: AssistantRow;
  type: ConversationType;
  variables: JsonRecord | null;
  customerIdentifier?: string;
  /** The assistant's initial message opens the history (not for generate-reply, where the customer spoke first). */
  withInitialMessage: boolean;
  now: Date;
}

/** Opens a conversation; the history it starts with (the initial message with its placeholders filled, or nothing). */
export async function openConversation(db: Db, c: NewConversation): Promise<{ conversation: ConversationRow; initial: ConversationMessageRow | null }> {
  return db.transaction().execute((trx) => insertConversation(trx, c));
}

/** openConversation's rows, inside the caller's transaction (the demo seed opens its conversations in its own). */
export async function insertConversation(trx: Db, c: NewConversation): Promise<{ conversation: ConversationRow; initial: ConversationMessageRow | null }> {
  const greeting = c.withInitialMessage ? fillPlaceholders(c.assistant.initial_message, mergedVariables(c.variables, c.assistant.variables)).trim() : '';
  const ts = toDbTimestamp(c.now);
  const conversation = await trx
    .insertInto('conversations')
    .values({
      uuid: randomUUID(),
      user_id: c.userId,
      assistant_id: c.assistant.id,
      type: c.type,
      variables: c.variables === null ? null : JSON.stringify(c.variables),
      customer_identifier: c.customerIdentifier ?? null,
      external_identifier: c.customerIdentifier ?? null,
      message_count: greeting ? 1 : 0,
      total_cost: 0,
      last_message_at: ts,
      created_at: ts,
      updated_at: ts,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const initial = greeting
    ? await trx
        .insertInto('conversation_messages')
        .values({ conversation_id: conversation.id, role: 'assistant', content: greeting, function_calls: '[]', cost: 0, created_at: ts })
        .returningAll()
        .executeTakeFirstOrThrow()
    : null;
  return { conversation, initial };
}

/**
 * The api conversation of a customer with an assistant (POST /ai/generate-reply), opened on first contact;
 * the variables given are merged over the ones it has.
 */
export async function customerConversation(db: Db, userId: number, assistant: AssistantRow, customer: string, variables: JsonRecord | undefined, now: Date): Promise<ConversationRow> {
  const known = await db
    .selectFrom('conversations')
    .selectAll()
    .where('assistant_id', '=', assistant.id)
    .where('customer_identifier', '=', customer)
    .executeTakeFirst();
  if (!known) {
    const opened = await openConversation(db, { userId, assistant, type: 'api', variables: variables ?? null, customerIdentifier: customer, withInitialMessage: false, now }).catch(async (e: unknown) => {
      // Two first messages at once: the other one opened it (the unique index on assistant and customer).
      const again = await db.selectFrom('conversations').selectAll().where('assistant_id', '=', assistant.id).where('customer_identifier', '=', customer).executeTakeFirst();
      if (!again) throw e;
      return { conversation: again };
    });
    return opened.conversation;
  }
  if (!variables || Object.keys(variables).length === 0) return known;
  const merged = { ...(known.variables ?? {}), ...variables };
  return db
    .updateTable('conversations')
    .set({ variables: JSON.stringify(merged), updated_at: toDbTimestamp(now) })
    .where('id', '=', known.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type UserMessageOutcome = { ok: true; message: ConversationMessageRow; cost: number } | { ok: false; reason: 'insufficient_balance' };

/**
 * Keeps the user's message, charging it when `billed` (refused, with nothing kept, when the balance is
 * short), and reopens the conversation when it had ended. One statement: the charge, the message and the
 * conversation's counters stand or fall together.
 */
export async function addUserMessage(db: Db, conversation: ConversationRow, content: string, billed: boolean, now: Date): Promise<UserMessageOutcome> {
  const cost = String(billed ? messageCost(conversation.type) : 0);
  const ts = toDbTimestamp(now);
  const result = await sql<ConversationMessageRow>`
    WITH paid AS (
      UPDATE users SET balance = balance - ${cost}::numeric
      WHERE id = ${conversation.user_id} AND ${cost}::numeric > 0 AND balance >= ${cost}::numeric
      RETURNING id
    ), allowed AS (
      SELECT 1 AS ok WHERE ${cost}::numeric = 0 OR EXISTS (SELECT 1 FROM paid)
    ), kept AS (
      INSERT INTO conversation_messages (conversation_id, role, content, function_calls, cost, created_at)
      SELECT ${conversation.id}, 'user', ${content}, '[]'::jsonb, ${cost}::numeric, ${ts}::timestamp FROM allowed
      RETURNING *
    ), counted AS (
      UPDATE conversations SET message_count = message_count + 1, total_cost = total_cost + ${cost}::numeric,
        last_message_at = ${ts}::timestamp, updated_at = ${ts}::timestamp, ended_at = NULL, ended_reason = NULL
      WHERE id = ${conversation.id} AND EXISTS (SELECT 1 FROM kept)
      RETURNING id
    )
    SELECT * FROM kept`.execute(db);
  const message = result.rows[0];
  if (!message) return { ok: false, reason: 'insufficient_balance' };
  return { ok: true, message, cost: Number(cost) };
}

/** The model could not answer: the message keeps why, and what it cost goes back. */
export async function failUserMessage(db: Db, conversation: ConversationRow, message: ConversationMessageRow, error: string): Promise<void> {
  const cost = Number(message.cost);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('conversation_messages').set({ error: error.slice(0, 2000), cost: 0 }).where('id', '=', message.id).execute();
    if (cost > 0) {
      await trx.updateTable('users').set({ balance: sql`balance + ${String(cost)}::numeric` }).where('id', '=', conversation.user_id).execute();
      await trx.updateTable('conversations').set({ total_cost: sql`total_cost - ${String(cost)}::numeric` }).where('id', '=', conversation.id).execute();
    }
  });
}

export interface AssistantReply {
  content: string;
  functionCalls: StoredFunctionCall[];
  model: string;
  modelLatencyMs: number;
  modelCalls: number;
  inputTokens: number | null;
  outputTokens: number | null;
}

/** Keeps the assistant's reply and counts it on the conversation, in one statement (`db` may be a transaction). */
export async function addAssistantReply(db: Db, conversation: ConversationRow, reply: AssistantReply, now: Date): Promise<ConversationMessageRow> {
  const ts = toDbTimestamp(now);
  const result = await sql<ConversationMessageRow>`
    WITH kept AS (
      INSERT INTO conversation_messages (conversation_id, role, content, function_calls, model, model_latency_ms, model_calls, input_tokens, output_tokens, cost, created_at)
      VALUES (${conversation.id}, 'assistant', ${reply.content}, ${JSON.stringify(reply.functionCalls)}::jsonb, ${reply.model}, ${reply.modelLatencyMs},
        ${reply.modelCalls}, ${reply.inputTokens}, ${reply.outputTokens}, 0, ${ts}::timestamp)
      RETURNING *
    ), counted AS (
      UPDATE conversations SET message_count = message_count + 1, last_message_at = ${ts}::timestamp, updated_at = ${ts}::timestamp
      WHERE id = ${conversation.id}
      RETURNING id
    )
    SELECT * FROM kept`.execute(db);
  return result.rows[0]!;
}

export async function setAiEnabled(db: Db, userId: number, uuid: string, enabled: boolean, now: Date): Promise<ConversationRow | undefined> {
  if (!UUID_PATTERN.test(uuid)) return undefined;
  return db
    .updateTable('conversations')
    .set({ ai_enabled: enabled, updated_at: toDbTimestamp(now) })
    .where('uuid', '=', uuid.toLowerCase())
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Sets (a URL) or clears (null) an assistant's conversation-ended webhook; false when the user has no such assistant. */
export async function setConversationEndedWebhook(db: Db, userId: number, ref: string | number, url: string | null, now: Date): Promise<boolean> {
  const assistant = await findAssistant(db, userId, ref);
  if (!assistant) return false;
  await db.updateTable('assistants').set({ conversation_ended_webhook_url: url, updated_at: toDbTimestamp(now) }).where('id', '=', assistant.id).execute();
  return true;
}
