import type { Db } from '../db/connect';
import type { AssistantUpdate } from '../db/schema';
import { insertAssistant, insertPhoneNumber } from './fixtures';

export interface OrderAssistantOptions {
  /** The order tool's server (startOrderTool, stand-ins/tool-endpoint.ts). */
  toolBase: string;
  type?: 'outbound' | 'inbound';
  postCallFields: { name: string; type: string; description: string }[];
  evaluation?: boolean;
}

/** An assistant of Acme's support line on the stand-ins' model (gpt-4o), with a number, the order tool and post-call fields. */
export async function insertOrderAssistant(db: Db, userId: number, options: OrderAssistantOptions): Promise<{ id: number; toolId: number }> {
  const number = await insertPhoneNumber(db, userId);
  const row = await insertAssistant(db, userId, { phone_number_id: number.id, type: options.type ?? 'outbound' });
  const model = await db.selectFrom('llm_models').select('id').where('name', '=', 'gpt-4o').executeTakeFirstOrThrow();
  await db
    .updateTable('assistants')
    .set({
      system_prompt: 'You are the support line of Acme.',
      initial_message: 'Hello, Acme support here. How can I help?',
      llm_model_id: model.id,
      post_call_evaluation: options.evaluation ?? false,
      post_call_schema: JSON.stringify(options.postCallFields),
    })
    .where('id', '=', row.id)
    .execute();
  return { id: row.id, toolId: await addOrderTool(db, userId, row.id, options.toolBase) };
}

/** A new order tool of the user (order_status: POST `${toolBase}/orders` with an order_id), given to the assistant: the tool's id. */
export async function addOrderTool(db: Db, userId: number, assistantId: number, toolBase: string): Promise<number> {
  const tool = await db
    .insertInto('tools')
    .values({ user_id: userId, name: 'order_status', description: 'The status of an order', endpoint: `${toolBase}/orders`, method: 'POST', timeout: 5, headers: '[]', schema: JSON.stringify([{ name: 'order_id', type: 'string', description: 'the order' }]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('assistant_tools').values({ assistant_id: assistantId, tool_id: tool.id }).execute();
  return tool.id;
}

/** What a voice test sets on its assistant: any columns, and whether it has the order tool. */
export type VoiceAssistantSpec = AssistantUpdate & { withTool?: boolean };

/**
 * Makes the user's assistant the voice tests' support line of Acme: gpt-4o, English, no greeting of its own, no
 * ambient sound, then `spec`'s columns; with `spec.withTool`, the order tool at `toolBase`.
 */
export async function setUpVoiceAssistant(db: Db, userId: number, assistantId: number, toolBase: string, spec: VoiceAssistantSpec): Promise<void> {
  const gpt = await db.selectFrom('llm_models').select('id').where('name', '=', 'gpt-4o').executeTakeFirstOrThrow();
  const en = await db.selectFrom('languages').select('id').where('iso_2', '=', 'en').executeTakeFirst();
  const { withTool, ...cols } = spec;
  await db
    .updateTable('assistants')
    .set({ system_prompt: 'You are the support line of Acme.', initial_message: '', llm_model_id: gpt.id, language_id: en?.id ?? null, ambient_sound: 'none', ...cols })
    .where('id', '=', assistantId)
    .execute();
  if (withTool) await addOrderTool(db, userId, assistantId, toolBase);
}
