import type { SeenRequest, Scripted } from './model';
import { textOf } from './roles';

/*
 * The model stand-in's answers for the telephone tools (voice/phone-tools/), stateless like the rest of its
 * script: asked in words, it calls the tool on offer; told the tool's answer, it says it.
 *   - "press 1 2 3" (dtmf_input on offer)                 -> dtmf_input {keys: "123"}
 *   - "keypad" or "type" (collect_keypad on offer)        -> collect_keypad
 *   - "supervisor" (warm_call_transfer on offer)          -> warm_call_transfer
 *   - "transfer" or "a person" (call_transfer on offer)   -> call_transfer
 *   - the caller's keys (the session's keypress note)     -> "You pressed <keys>."
 *   - a telephone tool's answer                           -> what it did, or that it could not
 */

const PHONE_TOOLS = new Set(['dtmf_input', 'collect_keypad', 'call_transfer', 'warm_call_transfer']);
const KEYS_NOTE = /pressed these keys on their phone: ([0-9*#A-D]+)/;

interface Message {
  role: string;
  content?: unknown;
  tool_calls?: { id: string; function: { name: string } }[];
  tool_call_id?: string;
}

export function phoneToolAnswer(seen: SeenRequest): Scripted | null {
  const messages: Message[] = seen.body.messages;
  const last = messages.at(-1);
  const offered = new Set((seen.body.tools ?? []).map((t) => t.function.name));
  if (last?.role === 'tool') {
    const name = messages.flatMap((m) => m.tool_calls ?? []).find((c) => c.id === last.tool_call_id)?.function.name;
    if (!name || !PHONE_TOOLS.has(name)) return null;
    const text = textOf(last.content);
    let result: Record<string, unknown> = {};
    try {
      result = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return { text: `I could not do that: ${text}` };
    }
    if (typeof result.pressed === 'string') return { text: `I pressed ${result.pressed}.` };
    if (typeof result.digits === 'string') return { text: `You typed ${result.digits}.` };
    if (result.transferred === false) return { text: 'Nobody answered. I am back with you.' };
    return { text: 'You are being transferred.' };
  }
  if (last?.role !== 'user') return null;
  const said = textOf(last.content);
  const keys = KEYS_NOTE.exec(said)?.[1];
  if (keys) return { text: `You pressed ${keys}.` };
  const call = (name: string, args: Record<string, unknown> = {}): Scripted => ({ text: '', toolCalls: [{ id: `call_${name}_${messages.length}`, name, arguments: args }] });
  const press = /\bpress(?:ing)?\s+((?:[0-9*#]\s*)+)/i.exec(said);
  if (press && offered.has('dtmf_input')) return call('dtmf_input', { keys: press[1]!.replace(/\s+/g, '') });
  if (/\b(keypad|type)\b/i.test(said) && offered.has('collect_keypad')) return call('collect_keypad');
  if (/\bsupervisor\b/i.test(said) && offered.has('warm_call_transfer')) return call('warm_call_transfer');
  if (/\b(transfer|a person)\b/i.test(said) && offered.has('call_transfer')) return call('call_transfer');
  return null;
}
