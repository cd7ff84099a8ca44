import type { Db } from '../db/connect';
import type { JsonRecord } from '../db/schema';
import type { ChatTool } from '../model/chat-model';
import type { ToolOutcome } from '../conversations/tool-call';

/*
 * The hosted `assistant_transfer` built-in tool as a function for the model: calling it hands the call to
 * another assistant of the same account (`assistant_id`), which goes on with its own prompt, voice, tools and
 * knowledge in the same call. The target is checked when the model calls it, not only when the tool was
 * saved: another account's assistant, a deleted one, or the assistant itself is refused (the model hears the
 * refusal and the call goes on). What happens next is the call's (voice/session.ts, engine/talk/worker.ts):
 * message_before_transfer in the first assistant's voice, then the other's greeting when
 * speak_transfer_greeting, then the other assistant.
 */

export const TRANSFER_FUNCTION = 'transfer_to_assistant';
export const REFUSED_TRANSFER = 'refused: the assistant to hand over to is not one of this account\'s live assistants';

/** A hand-over the model asked for, once the target was found to be the account's. */
export interface Handover {
  fromAssistantId: number;
  assistantId: number;
  assistantName: string;
  /** Said by the first assistant before the hand-over ('' for nothing). */
  messageBeforeTransfer: string;
  /** The other assistant says its initial message after the hand-over. */
  speakGreeting: boolean;
}

export interface TransferFunction {
  function: ChatTool;
  call(): Promise<ToolOutcome & { handover?: Handover }>;
}

export function transferFunction(db: Db, data: JsonRecord, name: string, from: { userId: number; assistantId: number }): TransferFunction {
  const targetId = Number(data.assistant_id);
  const description = typeof data.description === 'string' && data.description.trim() !== '' ? data.description : 'Hands the call over to another assistant';
  return {
    function: { name, description, parameters: { type: 'object', properties: {}, additionalProperties: false } },
    async call() {
      const started = performance.now();
      const target =
        Number.isInteger(targetId) && targetId > 0 && targetId !== from.assistantId
          ? await db.selectFrom('assistants').select(['id', 'name']).where('id', '=', targetId).where('user_id', '=', from.userId).where('deleted_at', 'is', null).executeTakeFirst()
          : undefined;
      const duration_ms = Math.round(performance.now() - started);
      if (!target) return { result: null, error: REFUSED_TRANSFER, duration_ms, status_code: null };
      const handover: Handover = {
        fromAssistantId: from.assistantId,
        assistantId: target.id,
        assistantName: target.name,
        messageBeforeTransfer: typeof data.message_before_transfer === 'string' ? data.message_before_transfer.trim() : '',
        speakGreeting: data.speak_transfer_greeting === true || data.speak_transfer_greeting === 'true' || data.speak_transfer_greeting === 1,
      };
      return { result: { transferred: true, assistant_id: target.id, assistant_name: target.name }, error: null, duration_ms, status_code: null, handover };
    },
  };
}
