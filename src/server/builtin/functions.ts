import type { Db } from '../db/connect';
import type { BuiltinToolItem, JsonRecord } from '../db/schema';
import type { ChatTool } from '../model/chat-model';
import type { ToolOutcome } from '../conversations/tool-call';
import { calendarFunctions } from './calendar';
import { TRANSFER_FUNCTION, transferFunction, type Handover } from './transfer';

/*
 * An assistant's built-in tools (assistants.builtin_tools, `{type, data}`) that act without a phone line, as
 * functions of a turn the service answers itself: calendar_integration everywhere the assistant talks (chat,
 * calls, test suites), assistant_transfer on calls only (a text chat has no call to hand over). The others
 * (call_transfer, warm_call_transfer, dtmf_input, collect_keypad) need a phone line and are not offered here.
 * They take precedence over an attached tool of the same name, as end_call and the knowledge search do.
 */

export type { Handover } from './transfer';

export interface BuiltinFunctions {
  functions: ChatTool[];
  answers(name: string): boolean;
  call(name: string, args: JsonRecord, signal?: AbortSignal): Promise<ToolOutcome & { handover?: Handover }>;
}

export interface BuiltinContext {
  userId: number;
  assistantId: number;
  channel: 'chat' | 'call';
  allowPrivate: boolean;
  timeZone: string;
  now: () => Date;
}

const numbered = (base: string, n: number) => (n === 1 ? base : `${base}_${n}`);

/** The assistant's built-in functions for a turn; null when it has none that act here. */
export function builtinFunctions(db: Db, items: readonly BuiltinToolItem[] | null | undefined, ctx: BuiltinContext): BuiltinFunctions | null {
  const handlers = new Map<string, (args: JsonRecord, signal?: AbortSignal) => Promise<ToolOutcome & { handover?: Handover }>>();
  const functions: ChatTool[] = [];
  let calendars = 0;
  let transfers = 0;
  for (const item of items ?? []) {
    if (item.type === 'calendar_integration') {
      calendars += 1;
      const cal = calendarFunctions(item.data, calendars === 1 ? '' : `_${calendars}`, { allowPrivate: ctx.allowPrivate, timeZone: ctx.timeZone, now: ctx.now });
      for (const f of cal.functions) {
        functions.push(f);
        handlers.set(f.name, (args, signal) => cal.call(f.name, args, signal));
      }
    } else if (item.type === 'assistant_transfer' && ctx.channel === 'call') {
      transfers += 1;
      const t = transferFunction(db, item.data, numbered(TRANSFER_FUNCTION, transfers), { userId: ctx.userId, assistantId: ctx.assistantId });
      functions.push(t.function);
      handlers.set(t.function.name, () => t.call());
    }
  }
  if (functions.length === 0) return null;
  return {
    functions,
    answers: (name) => handlers.has(name),
    call: async (name, args, signal) => {
      const handler = handlers.get(name);
      return handler ? handler(args, signal) : { result: null, error: `unknown function "${name}"`, duration_ms: 0, status_code: null };
    },
  };
}

/** The functions offered with the built-ins': an attached tool of the same name gives way to them. */
export function withBuiltinFunctions(offered: ChatTool[], builtins: BuiltinFunctions | null | undefined): ChatTool[] {
  if (!builtins) return offered;
  const names = new Set(builtins.functions.map((f) => f.name));
  return [...offered.filter((f) => !names.has(f.name)), ...builtins.functions];
}
