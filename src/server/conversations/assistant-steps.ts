import type { BuiltinFunctions, Handover } from '../builtin/functions';
import type { StoredFunctionCall, ToolRow } from '../db/schema';
import type { ChatMessage, ChatModel, ChatReply, ChatTool, ChatToolCall } from '../model/chat-model';
import { END_CALL_TOOL } from './prompt';
import { callTool, storableJson, type ToolOutcome } from './tool-call';

/*
 * The assistant's side of one turn, wherever the assistant talks (a text conversation, a call): the model is
 * asked with the system prompt, the history and the assistant's tools; the tools it calls are called for real
 * (through the one door for users' URLs), their answers (or failures) go back to it, and it may go again, up
 * to MAX_TOOL_ROUNDS steps with tools (the step after that is offered none, so it has to answer in words).
 * end_call is answered here and reported as `ending`. A failed model call throws (ModelCallError): the caller
 * decides what the failure means for its conversation.
 */

/** Model steps that may call tools, per turn; one more step without tools follows at most. */
export const MAX_TOOL_ROUNDS = 5;
/** Tool calls run per step at most (the rest are answered with an error). */
export const MAX_CALLS_PER_ROUND = 8;

export type StepTool = Pick<ToolRow, 'name' | 'description' | 'endpoint' | 'method' | 'timeout' | 'headers' | 'schema'>;

export interface AssistantStepEvents {
  onText?(delta: string): void;
  /** A model step has answered (before its tools run). */
  onModelStep?(step: { round: number; text: string; latencyMs: number; toolCalls: ChatToolCall[] }): void;
  onFunctionCall?(call: { id: string; name: string; arguments: Record<string, unknown> }): void;
  onFunctionResult?(call: StoredFunctionCall): void;
}

/** Functions the service answers itself, beside the assistant's tools (which give way to them by name). */
export interface ServiceFunctions {
  answers(name: string): boolean;
  call(args: Record<string, unknown>): Promise<ToolOutcome>;
}

/** Functions a live call answers itself by name (voice/phone-tools/: keys and transfers), before the assistant's tools. */
export interface CallFunctions {
  answers(name: string): boolean;
  call(name: string, args: Record<string, unknown>): Promise<ToolOutcome>;
}

export interface AssistantStepsInput {
  model: ChatModel;
  /** The model's name as the endpoint knows it. */
  modelName: string;
  system: string;
  /** The history so far; the turn's steps (tool calls and their answers) are appended to it. */
  context: ChatMessage[];
  /** What the model is offered (the assistant's tools as functions, end_call). */
  offered: ChatTool[];
  tools: readonly StepTool[];
  /** The assistant has the end_call tool (its description set). */
  endCall: boolean;
  temperature: number;
  allowPrivateUrls: boolean;
  /** Functions answered by the service itself (the knowledge base's search_knowledge_base, conversations/knowledge.ts). */
  knowledge?: ServiceFunctions | null;
  /** The assistant's built-in tools that act here (builtin/: the calendar, the hand-over on calls). */
  builtins?: BuiltinFunctions | null;
  /** Functions answered by the call under way (voice/phone-tools/). */
  callFunctions?: CallFunctions | null;
  /** Stream the text (a chat's SSE answer); else one answer per step. */
  stream?: boolean;
  signal?: AbortSignal;
}

export interface AssistantSteps {
  /** What the assistant said, one entry per step that said something. */
  said: string[];
  calls: StoredFunctionCall[];
  modelMs: number;
  toolMs: number;
  modelCalls: number;
  inputTokens: number | null;
  outputTokens: number | null;
  /** end_call was called. */
  ending: boolean;
  /** The model handed the call to another assistant (assistant_transfer): the turn ends with that call. */
  handover: Handover | null;
}

/**
 * One function call of the model answered (the assistant's tool for real, the knowledge base's search, end_call,
 * or an error): the steps below, and the speech-to-speech sessions (voice/realtime/) whose model calls functions
 * itself.
 */
export async function runFunctionCall(
  input: Pick<AssistantStepsInput, 'tools' | 'endCall' | 'knowledge' | 'builtins' | 'callFunctions' | 'allowPrivateUrls' | 'signal'>,
  toolByName: ReadonlyMap<string, StepTool>,
  call: ChatToolCall,
  round: number,
  refused?: string,
): Promise<{ stored: StoredFunctionCall; ending: boolean; handover?: Handover | null }> {
  const args = storableJson(call.arguments) as Record<string, unknown>;
  const base = { id: call.id, name: call.name, arguments: args, round };
  const tool = toolByName.get(call.name);
  if (refused) return { stored: { ...base, result: null, error: refused, duration_ms: 0, status_code: null }, ending: false };
  if (call.invalid) return { stored: { ...base, result: null, error: `invalid call: ${call.invalid}`, duration_ms: 0, status_code: null }, ending: false };
  if (call.name === END_CALL_TOOL && input.endCall) return { stored: { ...base, result: { ended: true }, error: null, duration_ms: 0, status_code: null }, ending: true };
  if (input.builtins?.answers(call.name)) {
    const { handover, ...outcome } = await input.builtins.call(call.name, args, input.signal);
    return { stored: { ...base, ...outcome }, ending: false, handover: handover ?? null };
  }
  if (input.knowledge?.answers(call.name)) return { stored: { ...base, ...(await input.knowledge.call(args)) }, ending: false };
  if (input.callFunctions?.answers(call.name)) return { stored: { ...base, ...(await input.callFunctions.call(call.name, args)) }, ending: false };
  if (!tool) return { stored: { ...base, result: null, error: `unknown function "${call.name}"`, duration_ms: 0, status_code: null }, ending: false };
  return { stored: { ...base, ...(await callTool(tool, args, { allowPrivate: input.allowPrivateUrls, ...(input.signal ? { signal: input.signal } : {}) })) }, ending: false };
}

export async function runAssistantSteps(input: AssistantStepsInput, events: AssistantStepEvents = {}): Promise<AssistantSteps> {
  const { model, context } = input;
  const toolByName = new Map(input.tools.map((t) => [t.name, t]));
  const out: AssistantSteps = { said: [], calls: [], modelMs: 0, toolMs: 0, modelCalls: 0, inputTokens: null, outputTokens: null, ending: false, handover: null };

  const runCall = async (call: ChatToolCall, round: number, refused?: string): Promise<StoredFunctionCall> => {
    events.onFunctionCall?.({ id: call.id, name: call.name, arguments: storableJson(call.arguments) as Record<string, unknown> });
    const done = await runFunctionCall(input, toolByName, call, round, refused);
    if (done.ending) out.ending = true;
    // The first hand-over of a step wins: a call goes on with one assistant.
    if (done.handover && !out.handover) out.handover = done.handover;
    events.onFunctionResult?.(done.stored);
    return done.stored;
  };

  for (let round = 1; ; round++) {
    const tools = round <= MAX_TOOL_ROUNDS && !out.ending && !out.handover ? input.offered : [];
    let startedStep = false;
    const onText = (delta: string) => {
      if (!startedStep && out.said.length > 0 && delta !== '') events.onText?.('\n\n');
      startedStep ||= delta !== '';
      events.onText?.(delta);
    };
    const request = {
      model: input.modelName,
      system: input.system,
      messages: context,
      tools,
      ...(Number.isFinite(input.temperature) ? { temperature: input.temperature } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    };
    const reply: ChatReply = input.stream ? await model.stream(request, { onText }) : await model.reply(request);
    out.modelCalls += 1;
    out.modelMs += reply.latencyMs;
    if (reply.usage.inputTokens !== null) out.inputTokens = (out.inputTokens ?? 0) + reply.usage.inputTokens;
    if (reply.usage.outputTokens !== null) out.outputTokens = (out.outputTokens ?? 0) + reply.usage.outputTokens;
    if (reply.text.trim() !== '') out.said.push(reply.text.trim());
    const wanted = tools.length > 0 ? reply.toolCalls : [];
    events.onModelStep?.({ round, text: reply.text.trim(), latencyMs: reply.latencyMs, toolCalls: wanted });
    if (wanted.length === 0) break;

    const t0 = performance.now();
    const done = await Promise.all(
      wanted.map((call, i) => runCall(call, round, i >= MAX_CALLS_PER_ROUND ? `refused: at most ${MAX_CALLS_PER_ROUND} function calls in one step` : undefined)),
    );
    out.toolMs += performance.now() - t0;
    out.calls.push(...done);
    context.push({ role: 'assistant', content: reply.text, toolCalls: wanted });
    for (const c of done) context.push({ role: 'tool', toolCallId: c.id, name: c.name, result: c.error ?? c.result, isError: c.error !== null });
    // end_call with its goodbye in the same step: nothing more to ask.
    if (out.ending && reply.text.trim() !== '') break;
    // Handed over: the other assistant answers from here (the caller of the steps swaps it in).
    if (out.handover) break;
  }
  out.toolMs = Math.round(out.toolMs);
  return out;
}
