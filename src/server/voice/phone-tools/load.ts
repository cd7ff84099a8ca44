import type { Db } from '../../db/connect';
import type { BuiltinToolItem } from '../../db/schema';

/*
 * The assistant's telephone tools as a voice call uses them, read once when the call starts: its built-in
 * tools of the four telephone types (the stored `{type, data}` items, validated when they were written:
 * contract/assistant-write.ts), and for warm transfers the user's own number that outbound_phone_id names
 * (another user's number, or a gone one, names none: the tool then refuses).
 */

export const PHONE_TOOL_TYPES = ['dtmf_input', 'collect_keypad', 'call_transfer', 'warm_call_transfer'] as const;
export type PhoneToolType = (typeof PHONE_TOOL_TYPES)[number];

export interface PhoneToolItem {
  type: PhoneToolType;
  data: Record<string, unknown>;
  /** warm_call_transfer: the outbound number's E.164, when it is the user's. */
  outboundNumber?: string | null;
}

const isPhoneType = (t: string): t is PhoneToolType => (PHONE_TOOL_TYPES as readonly string[]).includes(t);

export async function loadPhoneTools(db: Db, userId: number, assistantId: number): Promise<PhoneToolItem[]> {
  const row = await db.selectFrom('assistants').select('builtin_tools').where('id', '=', assistantId).where('user_id', '=', userId).executeTakeFirst();
  const items = (Array.isArray(row?.builtin_tools) ? row.builtin_tools : []) as BuiltinToolItem[];
  const out: PhoneToolItem[] = [];
  for (const item of items) {
    if (!isPhoneType(item.type) || typeof item.data !== 'object' || item.data === null) continue;
    const tool: PhoneToolItem = { type: item.type, data: item.data };
    if (item.type === 'warm_call_transfer') {
      const id = Number(item.data.outbound_phone_id);
      const number = Number.isInteger(id)
        ? await db.selectFrom('phone_numbers').select('phone_number').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
        : undefined;
      tool.outboundNumber = number?.phone_number ?? null;
    }
    out.push(tool);
  }
  return out;
}
