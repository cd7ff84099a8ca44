import type { Db } from '../db/connect';
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
  const tool = await db
    .insertInto('tools')
    .values({ user_id: userId, name: 'order_status', description: 'The status of an order', endpoint: `${options.toolBase}/orders`, method: 'POST', timeout: 5, headers: '[]', schema: JSON.stringify([{ name: 'order_id', type: 'string', description: 'the order' }]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('assistant_tools').values({ assistant_id: row.id, tool_id: tool.id }).execute();
  return { id: row.id, toolId: tool.id };
}
