import { runAssistantSteps, type AssistantStepsInput, type StepTool } from '../../conversations/assistant-steps';
import { withKnowledgeFunctions, type TurnKnowledge } from '../../conversations/knowledge';
import { withBuiltinFunctions, type BuiltinFunctions } from '../../builtin/functions';
import type { FillerConfig } from '../../db/schema';
import type { ChatMessage, ChatModel, ChatTool } from '../../model/chat-model';
import type { Handover } from '../../builtin/functions';
import { assistantHistory, customerHistory, handoverEntry, type FillerEntry, type FunctionCallEntry, type MessageEntry, type TalkEntry } from './entries';
import { FILLER_AFTER_MS, fillerKind, fillerPhrase } from './fillers';
import { ASSISTANT_CONNECTED_CUE, CONNECTED_CUE, HANG_UP_TOOL, hangUpTool } from './persona';
import { CUSTOMER_REACTION_MS, speakingMs, type TalkState } from './state';

/*
 * One turn of a model call, without the database: the side whose turn it is speaks (the assistant with its
 * prompt, tools and end_call, through the same steps as a text conversation; the customer with its persona
 * and hang_up), and the turn comes back as transcript entries stamped on the conversation's time (answer +
 * elapsed) and the state after it. The assistant's entries carry the model's time (latency_ms), its tool
 * calls their arguments, answers and durations; a wait over a second gets a filler when the assistant has
 * them. The call ends by end_call (ended_by_assistant), by hang_up (completed when the customer says the
 * goal was reached, else ended_by_customer), or at max_duration (ended_by_assistant, cut there).
 */

/** Turns at most (both sides): a conversation that never ends is cut here even under a long max_duration. */
export const MAX_TURNS = 80;

export interface TalkSetting {
  model: ChatModel;
  modelName: string;
  callId: number;
  /** Epoch ms of the answer: entries are stamped from here. */
  answeredAt: number;
  maxDurationMs: number;
  allowPrivateUrls: boolean;
  assistant: {
    system: string;
    offered: ChatTool[];
    tools: readonly StepTool[];
    endCall: boolean;
    temperature: number;
    /** The initial message, its placeholders filled ('' when none). */
    initialMessage: string;
    fillers: boolean;
    fillerConfig: Partial<FillerConfig> | null;
    /** The assistant's knowledge base for a turn after the customer said this (conversations/knowledge.ts); none without one. */
    knowledge?: (customerWords: string) => Promise<TurnKnowledge | null>;
    /** The built-in tools that act on a call (builtin/: the calendar, the hand-over to another assistant). */
    builtins?: BuiltinFunctions | null;
  };
  customer: { system: string; temperature: number };
}

export interface TurnOutcome {
  entries: TalkEntry[];
  state: TalkState;
  /** The assistant handed the call to another (assistant_transfer): the caller swaps the setting before the next turn. */
  handover?: Handover;
}

/** The search that put knowledge-base passages in the prompt, as the timeline shows it before the model's step. */
export function promptSearchEntry(knowledge: TurnKnowledge | null, timestamp: string): FunctionCallEntry | null {
  const c = knowledge?.promptCall;
  if (!c) return null;
  return { sender: 'tool', type: 'function_call', text: '', timestamp, name: c.name, arguments: c.arguments, result: c.result ?? null, error: c.error, duration_ms: c.duration_ms };
}

/** The assistant's steps of a call's turn (simulated or heard): its prompt with the knowledge found, its tools, its model. */
export function assistantStepsInput(
  talk: Pick<TalkSetting, 'model' | 'modelName' | 'allowPrivateUrls' | 'assistant'>,
  knowledge: TurnKnowledge | null,
  context: ChatMessage[],
): AssistantStepsInput {
  const a = talk.assistant;
  return {
    model: talk.model,
    modelName: talk.modelName,
    system: knowledge?.system ? `${a.system}\n\n${knowledge.system}` : a.system,
    context,
    offered: withBuiltinFunctions(withKnowledgeFunctions(a.offered, knowledge), a.builtins),
    knowledge,
    builtins: a.builtins ?? null,
    tools: a.tools,
    endCall: a.endCall,
    temperature: a.temperature,
    allowPrivateUrls: talk.allowPrivateUrls,
  };
}

const stamp = (setting: TalkSetting, offsetMs: number) => new Date(setting.answeredAt + Math.round(offsetMs)).toISOString();

function lastCustomerWords(entries: readonly TalkEntry[]): string {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.type === 'message' && e.sender === 'human') return e.text;
  }
  return '';
}

/** The state once the turn has taken `durationMs`; at max_duration the call ends there. */
function advance(setting: TalkSetting, state: TalkState, durationMs: number, next: TalkState['next']): TalkState {
  const elapsed = state.elapsed_ms + durationMs;
  const out: TalkState = { ...state, elapsed_ms: elapsed, turns: state.turns + 1, next, failures: 0 };
  if (!out.end && elapsed >= setting.maxDurationMs) return { ...out, elapsed_ms: setting.maxDurationMs, end: { status: 'ended_by_assistant', reason: 'max_duration' } };
  if (!out.end && out.turns >= Math.min(MAX_TURNS, state.max_turns ?? MAX_TURNS)) return { ...out, end: { status: 'ended_by_assistant', reason: 'turn_limit' } };
  return out;
}

/** Entries said past max_duration are not in the call (it was cut). */
function withinCall(setting: TalkSetting, entries: TalkEntry[]): TalkEntry[] {
  const end = setting.answeredAt + setting.maxDurationMs;
  return entries.filter((e) => Date.parse(e.timestamp) <= end);
}

export async function takeTalkTurn(setting: TalkSetting, transcript: readonly TalkEntry[], state: TalkState): Promise<TurnOutcome> {
  if (state.next === 'customer') return customerTurn(setting, transcript, state);
  // The initial message needs no model: said at once when the call opens.
  if (!state.opened && setting.assistant.initialMessage !== '') {
    const text = setting.assistant.initialMessage;
    const entry: MessageEntry = { sender: 'bot', type: 'message', text, timestamp: stamp(setting, state.elapsed_ms) };
    const after = advance(setting, { ...state, opened: true }, speakingMs(text), 'customer');
    return { entries: withinCall(setting, [entry]), state: after };
  }
  return assistantTurn(setting, transcript, { ...state, opened: true });
}

async function assistantTurn(setting: TalkSetting, transcript: readonly TalkEntry[], state: TalkState): Promise<TurnOutcome> {
  const a = setting.assistant;
  const entries: TalkEntry[] = [];
  const context: ChatMessage[] = assistantHistory(transcript);
  if (context.length === 0) context.push({ role: 'user', content: ASSISTANT_CONNECTED_CUE });
  const kind = fillerKind(lastCustomerWords(transcript));
  let t = state.elapsed_ms;
  let sinceSpoken = 0;
  let fillers = 0;
  const filler = (waitStart: number, waitedMs: number) => {
    if (!a.fillers || waitedMs <= FILLER_AFTER_MS) return;
    const text = fillerPhrase(a.fillerConfig, kind, setting.callId + state.turns + fillers);
    if (text === null) return;
    fillers += 1;
    const entry: FillerEntry = { sender: 'bot', type: 'filler', text, timestamp: stamp(setting, waitStart + FILLER_AFTER_MS) };
    entries.push(entry);
  };
  let roundStart = t;
  let roundCalls: FunctionCallEntry[] = [];

  // The knowledge base, as in a text conversation: passages for what the customer just said in the prompt
  // (on the timeline as a search_knowledge_base call before the model's step), or a search function on offer.
  const knowledge = a.knowledge ? await a.knowledge(lastCustomerWords(transcript)) : null;
  const search = promptSearchEntry(knowledge, stamp(setting, t));
  if (search) entries.push(search);

  const steps = await runAssistantSteps(
    assistantStepsInput(setting, knowledge, context),
    {
      onModelStep(step) {
        // Tools of the step before have answered: their time is on the clock now.
        if (roundCalls.length > 0) {
          const longest = Math.max(...roundCalls.map((c) => c.duration_ms));
          filler(roundStart, longest);
          t = roundStart + longest;
          roundCalls = [];
        }
        filler(t, step.latencyMs);
        t += step.latencyMs;
        sinceSpoken += step.latencyMs;
        if (step.text !== '') {
          entries.push({ sender: 'bot', type: 'message', text: step.text, timestamp: stamp(setting, t), latency_ms: sinceSpoken });
          sinceSpoken = 0;
          t += speakingMs(step.text);
        }
        roundStart = t;
      },
      onFunctionResult(call) {
        const entry: FunctionCallEntry = {
          sender: 'tool',
          type: 'function_call',
          text: '',
          timestamp: stamp(setting, roundStart),
          name: call.name,
          arguments: call.arguments,
          result: call.result ?? null,
          error: call.error,
          duration_ms: call.duration_ms,
        };
        entries.push(entry);
        roundCalls.push(entry);
      },
    },
  );
  // A turn ending on tool calls (end_call without words): their time still passes.
  if (roundCalls.length > 0) t = roundStart + Math.max(...roundCalls.map((c) => c.duration_ms));
  const billed = (steps.inputTokens ?? 0) + (steps.outputTokens ?? 0);
  const base: TalkState = { ...state, model_requests: state.model_requests + steps.modelCalls, billed_tokens: state.billed_tokens + billed };
  const ended: TalkState = steps.ending ? { ...base, end: { status: 'ended_by_assistant', reason: 'end_call' } } : base;
  const handover = steps.handover;
  if (handover && !steps.ending) {
    // The words before the hand-over, the mark; then the other assistant's greeting (its first turn) or the customer.
    if (handover.messageBeforeTransfer !== '') {
      entries.push({ sender: 'bot', type: 'message', text: handover.messageBeforeTransfer, timestamp: stamp(setting, t) });
      t += speakingMs(handover.messageBeforeTransfer);
    }
    entries.push(handoverEntry(handover, stamp(setting, t)));
    const next: TalkState = { ...ended, assistant_id: handover.assistantId, opened: !handover.speakGreeting };
    return { entries: withinCall(setting, entries), state: advance(setting, next, t - state.elapsed_ms, handover.speakGreeting ? 'assistant' : 'customer'), handover };
  }
  return { entries: withinCall(setting, entries), state: advance(setting, ended, t - state.elapsed_ms, 'customer') };
}

async function customerTurn(setting: TalkSetting, transcript: readonly TalkEntry[], state: TalkState): Promise<TurnOutcome> {
  const context = customerHistory(transcript);
  if (context.length === 0 || context.at(-1)?.role === 'assistant') context.push({ role: 'user', content: CONNECTED_CUE });
  const reply = await setting.model.reply({
    model: setting.modelName,
    system: setting.customer.system,
    messages: context,
    tools: [hangUpTool],
    temperature: setting.customer.temperature,
  });
  const hangUp = reply.toolCalls.find((c) => c.name === HANG_UP_TOOL);
  const text = reply.text.trim();
  const entries: TalkEntry[] = [];
  let duration = CUSTOMER_REACTION_MS;
  if (text !== '') {
    entries.push({ sender: 'human', type: 'message', text, timestamp: stamp(setting, state.elapsed_ms + duration) });
    duration += speakingMs(text);
  }
  let next: TalkState = { ...state, model_requests: state.model_requests + 1 };
  if (hangUp) {
    const reached = hangUp.arguments.goal_reached === true;
    next = { ...next, end: { status: reached ? 'completed' : 'ended_by_customer', reason: reached ? 'goal_reached' : 'hang_up' } };
  }
  return { entries: withinCall(setting, entries), state: advance(setting, next, duration, 'assistant') };
}
