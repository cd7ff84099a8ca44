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

export async function messagesOf(db: Db, conversationId: number): Promise<ConversationMessageRow[]> {
  return db.selectFrom('conversation_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('id').execute();
}

/** What an assistant needs in a conversation besides its row: its model's name, its language, its tools. */
export interface AssistantSetting {
  assistant: AssistantRow;
  modelName: string | null;
  language: string | null;
  tools: ToolRow[];
}

export async function assistantSetting(db: Db, assistant: AssistantRow): Promise<AssistantSetting> {
  const [model, language, tools] = await Promise.all([
    assistant.llm_model_id === null ? undefined : db.selectFrom('llm_models').select('name').where('id', '=', assistant.llm_model_id).executeTakeFirst(),
    assistant.language || assistant.language_id === null ? undefined : db.selectFrom('languages').select('name').where('id', '=', assistant.language_id).executeTakeFirst(),
    db
      .selectFrom('tools')
      .innerJoin('assistant_tools', 'assistant_tools.tool_id', 'tools.id')
      .selectAll('tools')
      .where('assistant_tools.assistant_id', '=', assistant.id)
      .where('tools.user_id', '=', assistant.user_id)
      .orderBy('tools.id')
      .execute(),
  ]);
  return { assistant, modelName: model?.name ?? null, language: assistant.language || language?.name || null, tools };
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
  const greeting = c.withInitialMessage ? fillPlaceholders(c.assistant.initial_message, mergedVariables(c.variables, c.assistant.variables)).trim() : '';
  const ts = toDbTimestamp(c.now);
  return db.transaction().execute(async (trx) => {
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
  });
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
 * short), and reopens the conversation when it had ended. One transaction.
 */
export async function addUserMessage(db: Db, conversation: ConversationRow, content: string, billed: boolean, now: Date): Promise<UserMessageOutcome> {
  const cost = billed ? messageCost(conversation.type) : 0;
  const ts = toDbTimestamp(now);
  return db.transaction().execute(async (trx) => {
    if (cost > 0) {
      const paid = await trx
        .updateTable('users')
        .set({ balance: sql`balance - ${String(cost)}::numeric` })
        .where('id', '=', conversation.user_id)
        .where('balance', '>=', sql<string>`${String(cost)}::numeric`)
        .executeTakeFirst();
      if (Number(paid.numUpdatedRows) !== 1) return { ok: false, reason: 'insufficient_balance' } as const;
    }
    const message = await trx
      .insertInto('conversation_messages')
      .values({ conversation_id: conversation.id, role: 'user', content, function_calls: '[]', cost, created_at: ts })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('conversations')
      .set({
        message_count: sql`message_count + 1`,
        total_cost: sql`total_cost + ${String(cost)}::numeric`,
        last_message_at: ts,
        updated_at: ts,
        ended_at: null,
        ended_reason: null,
      })
      .where('id', '=', conversation.id)
      .execute();
    return { ok: true, message, cost } as const;
  });
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

/** Keeps the assistant's reply (inside the caller's transaction, which may also end the conversation). */
export async function addAssistantReply(trx: Db, conversation: ConversationRow, reply: AssistantReply, now: Date): Promise<ConversationMessageRow> {
  const ts = toDbTimestamp(now);
  const message = await trx
    .insertInto('conversation_messages')
    .values({
      conversation_id: conversation.id,
      role: 'assistant',
      content: reply.content,
      function_calls: JSON.stringify(reply.functionCalls),
      model: reply.model,
      model_latency_ms: reply.modelLatencyMs,
      model_calls: reply.modelCalls,
      input_tokens: reply.inputTokens,
      output_tokens: reply.outputTokens,
      cost: 0,
      created_at: ts,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('conversations')
    .set({ message_count: sql`message_count + 1`, last_message_at: ts, updated_at: ts })
    .where('id', '=', conversation.id)
    .execute();
  return message;
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
