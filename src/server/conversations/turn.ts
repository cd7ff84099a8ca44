import { builtinFunctions, withBuiltinFunctions } from '../builtin/functions';
import type { Db } from '../db/connect';
import type { ConversationRow, StoredFunctionCall } from '../db/schema';
import { publish } from '../events/bus';
import { accountEvent } from '../events/build';
import { chooseModel, ModelCallError, UnknownModelError, type ChatMessage, type ChatModel } from '../model/chat-model';
import { runAssistantSteps, type AssistantSteps } from './assistant-steps';
import { endConversation } from './ending';
import { knowledgeForTurn, withKnowledgeFunctions, KNOWLEDGE_PROMPT_ROUND } from './knowledge';
import { mergedVariables, offeredFunctions, systemPrompt } from './prompt';
import { addAssistantReply, addUserMessage, failUserMessage, turnSetting, type HistoryRow } from './store';

/*
 * One turn of a conversation: the user's message is kept (and charged), the model is asked with the
 * system prompt, the history and the assistant's tools; the tools it calls are called for real, their
 * answers (or failures) go back to it, and it may go again, up to MAX_TOOL_ROUNDS steps with tools
 * (the step after that is offered none, so it has to answer in words). Its reply is kept with every call
 * it made; end_call ends the conversation. Nothing here holds a transaction while the model or a tool
 * works, so a slow one never holds up other requests. A turn's statements: the setting with the history (one
 * read), the user's message kept and, in prompt mode, a knowledge search (at once), the reply kept.
 */

export { MAX_CALLS_PER_ROUND, MAX_TOOL_ROUNDS } from './assistant-steps';
/** Messages of the history the model gets at most (the latest). */
export const HISTORY_LIMIT = 200;

export const NO_MODEL_MESSAGE =
  'No language model is connected, so the assistant cannot answer. Set LLM_BASE_URL to an OpenAI-compatible endpoint and start the service again: ' +
  'with Ollama, `ollama serve`, `ollama pull llama3.2`, then `LLM_BASE_URL=http://localhost:11434/v1 LLM_MODEL=llama3.2 npm start`; ' +
  'with llama.cpp, `llama-server -m model.gguf --port 8081`, then `LLM_BASE_URL=http://localhost:8081/v1 npm start`.';
export const INSUFFICIENT_BALANCE = 'Insufficient balance. Please top up your account.';

export type ConversationFailure = 'no_model' | 'insufficient_balance' | 'processing';

/** A turn that could not be taken, with the words for the client. */
export class ConversationError extends Error {
  override name = 'ConversationError';
  constructor(
    readonly failure: ConversationFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface ConversationServices {
  db: Db;
  now: () => Date;
  /** null: no LLM_BASE_URL. */
  model: ChatModel | null;
  /** ALLOW_PRIVATE_URLS: tools may be on loopback, private and link-local addresses. */
  allowPrivateUrls: boolean;
}

export interface TurnEvents {
  onText?(delta: string): void;
  onFunctionCall?(call: { id: string; name: string; arguments: Record<string, unknown> }): void;
  onFunctionResult?(call: StoredFunctionCall): void;
}

export interface TurnResult {
  /** A human has the conversation (disable-ai): the message was kept, nobody answered. */
  aiDisabled: boolean;
  text: string;
  functionCalls: StoredFunctionCall[];
  /** Wall time spent waiting for the model and for tools (the service's own time is the rest). */
  modelMs: number;
  toolMs: number;
}

/** The stored history as the model's messages: a reply's tool calls, step by step, before its words. */
export function historyMessages(rows: readonly HistoryRow[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const row of rows.slice(-HISTORY_LIMIT)) {
    if (row.role === 'user') {
      // A message the model could not answer is not in its history (the user will say it again).
      if (row.error === null) out.push({ role: 'user', content: row.content });
      continue;
    }
    // The knowledge prompt's search (round 0) was context for that message, not a call the model made.
    const made = row.function_calls.filter((c) => c.round !== KNOWLEDGE_PROMPT_ROUND);
    const rounds = [...new Set(made.map((c) => c.round))].sort((a, b) => a - b);
    for (const round of rounds) {
      const calls = made.filter((c) => c.round === round);
      out.push({ role: 'assistant', content: '', toolCalls: calls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })) });
      for (const c of calls) out.push({ role: 'tool', toolCallId: c.id, name: c.name, result: c.error ?? c.result, isError: c.error !== null });
    }
    if (row.content !== '') out.push({ role: 'assistant', content: row.content });
  }
  return out;
}

function failedWords(e: ModelCallError, source: 'LLM_MODEL' | 'assistant'): string {
  if (e instanceof UnknownModelError) {
    const from = source === 'LLM_MODEL' ? 'LLM_MODEL' : `the assistant's model; set LLM_MODEL to use one model for every assistant, or choose another model on the assistant`;
    return `Failed to process message: ${e.message} The name came from ${from}.`;
  }
  return `Failed to process message: ${e.message}`;
}

/** The user's message and the assistant's answer to it. */
export async function takeTurn(svc: ConversationServices, conversation: ConversationRow, text: string, events: TurnEvents = {}, stream = false): Promise<TurnResult> {
  const { db } = svc;
  if (!conversation.ai_enabled) {
    await addUserMessage(db, conversation, text, false, svc.now());
    return { aiDisabled: true, text: '', functionCalls: [], modelMs: 0, toolMs: 0 };
  }
  const model = svc.model;
  if (!model) throw new ConversationError('no_model', NO_MODEL_MESSAGE);
  // The history as it stands before this message, which is appended once kept.
  const read = await turnSetting(db, conversation.assistant_id, conversation.id, HISTORY_LIMIT);
  if (!read || read.setting.assistant.deleted_at !== null) throw new ConversationError('processing', 'Failed to process message: the assistant has been deleted.');
  const { setting } = read;
  const chosen = chooseModel(model.info, setting.modelName);
  if (!chosen) throw new ConversationError('processing', 'Failed to process message: the assistant has no model. Choose one on the assistant, or set LLM_MODEL to the model every assistant uses.');

  const assistant = setting.assistant;
  // The message is kept while the assistant's knowledge base is searched for it (prompt mode; in function_call
  // mode nothing is read here): the two statements at once, not one after the other.
  const [kept, knowledge] = await Promise.all([
    addUserMessage(db, conversation, text, true, svc.now()),
    knowledgeForTurn(db, assistant.user_id, setting.knowledge, text),
  ]);
  if (!kept.ok) throw new ConversationError('insufficient_balance', INSUFFICIENT_BALANCE);
  if (kept.cost > 0) publish(db, accountEvent(conversation.user_id));

  const variables = mergedVariables(conversation.variables, assistant.variables);
  const baseSystem = systemPrompt({ system_prompt: assistant.system_prompt, timezone: assistant.timezone, language: setting.language, variables: assistant.variables }, variables, svc.now());
  const system = knowledge?.system ? `${baseSystem}\n\n${knowledge.system}` : baseSystem;
  if (knowledge?.promptCall) {
    const { promptCall } = knowledge;
    events.onFunctionCall?.({ id: promptCall.id, name: promptCall.name, arguments: promptCall.arguments });
    events.onFunctionResult?.(promptCall);
  }

  // The calendar acts in a chat too; a hand-over needs a call (builtin/functions.ts).
  const builtins = builtinFunctions(db, assistant.builtin_tools, {
    userId: assistant.user_id,
    assistantId: assistant.id,
    channel: 'chat',
    allowPrivate: svc.allowPrivateUrls,
    timeZone: assistant.timezone,
    now: svc.now,
  });
  let steps: AssistantSteps;
  try {
    steps = await runAssistantSteps(
      {
        model,
        modelName: chosen.model,
        system,
        context: historyMessages([...read.history, kept.message]),
        offered: withBuiltinFunctions(withKnowledgeFunctions(offeredFunctions(setting.tools, assistant.end_call_tool_description), knowledge), builtins),
        tools: setting.tools,
        knowledge,
        builtins,
        endCall: Boolean(assistant.end_call_tool_description),
        temperature: Number(assistant.llm_temperature),
        allowPrivateUrls: svc.allowPrivateUrls,
        stream,
      },
      events,
    );
  } catch (e) {
    const words = e instanceof ModelCallError ? failedWords(e, chosen.source) : `Failed to process message: ${e instanceof Error ? e.message : String(e)}`;
    await failUserMessage(db, conversation, kept.message, words);
    if (kept.cost > 0) publish(db, accountEvent(conversation.user_id));
    if (e instanceof ModelCallError) throw new ConversationError('processing', words);
    throw e;
  }
  const { said, modelMs, toolMs, modelCalls, inputTokens, outputTokens, ending } = steps;
  // The prompt-mode search comes first: it is what the model was given before its first step.
  const calls = knowledge?.promptCall ? [knowledge.promptCall, ...steps.calls] : steps.calls;

  const answer = said.join('\n\n');
  const now = svc.now();
  const reply = { content: answer, functionCalls: calls, model: chosen.model, modelLatencyMs: modelMs, modelCalls, inputTokens, outputTokens };
  const ended = ending
    ? await db.transaction().execute(async (trx) => {
        await addAssistantReply(trx, conversation, reply, now);
        return endConversation(trx, conversation.id, 'end_call', now);
      })
    : (await addAssistantReply(db, conversation, reply, now), []);
  for (const e of ended) publish(db, e);
  return { aiDisabled: false, text: answer, functionCalls: calls, modelMs, toolMs };
}
