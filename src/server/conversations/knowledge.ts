import { randomUUID } from 'node:crypto';
import { SEARCH_KNOWLEDGE_BASE_FUNCTION } from '../../contract';
import type { Db } from '../db/connect';
import type { StoredFunctionCall } from '../db/schema';
import { searchKnowledgeBase, type KnowledgeHit } from '../knowledge/search';
import type { ChatTool } from '../model/chat-model';
import type { KnowledgeSetting } from './store';
import type { ToolOutcome } from './tool-call';

/*
 * An assistant's knowledge base in a turn (its `knowledgebase_mode`), as a hook the turn calls:
 * - `prompt`: the best passages for the customer's latest message go into the system prompt, and the search
 *   is recorded as a function call named search_knowledge_base (round 0: before the model's first step), so
 *   the Test chat and the transcripts show what the assistant was given;
 * - `function_call`: the model is offered search_knowledge_base({query}) and searches when it wants to.
 * Both record the result as `{query, passages: [{document_id, document_name, excerpt, headline}]}`. A base that
 * is gone (or not the assistant's owner's) is no knowledge: the assistant answers without it. The base comes
 * with the assistant's setting (store.ts: one read), so a search is the turn's only other read; a base
 * deleted since finds nothing.
 */

/** Passages put into the prompt per message, and given back per function call. */
export const PROMPT_PASSAGES = 3;
export const FUNCTION_PASSAGES = 5;
/** The prompt-mode search's round: before the model's first step (historyMessages leaves it out). */
export const KNOWLEDGE_PROMPT_ROUND = 0;

export interface TurnKnowledge {
  /** Added to the system prompt (prompt mode). */
  system: string | null;
  /** The prompt-mode search as a function call to record (prompt mode). */
  promptCall: StoredFunctionCall | null;
  /** The functions offered beside the assistant's own (function_call mode). */
  functions: ChatTool[];
  /** Whether a function call of this name is the knowledge base's. */
  answers(name: string): boolean;
  /** Runs the model's search_knowledge_base call. */
  call(args: Record<string, unknown>): Promise<ToolOutcome>;
}

function resultOf(query: string, hits: KnowledgeHit[]) {
  return {
    query,
    passages: hits.map((h) => ({ document_id: h.document_id, document_name: h.document_name, excerpt: h.excerpt, headline: h.headline })),
  };
}

/** The passages as the system prompt gives them, each under its document and heading. */
export function knowledgePrompt(hits: KnowledgeHit[]): string {
  const intro =
    hits.length > 0
      ? "Knowledge base: passages that may answer the customer's latest message. Answer from them where they do; do not make up what they do not say."
      : "Knowledge base: nothing in it matches the customer's latest message. Do not make up an answer to a question it would have to answer.";
  const passages = hits.map((h, i) => `[${i + 1}] ${h.document_name}${h.heading ? ` — ${h.heading}` : ''}\n${h.excerpt}`);
  return [intro, ...passages].join('\n\n');
}

/** What the assistant's knowledge base adds to this turn; null when it has none (mode `none`, or no base). */
export async function knowledgeForTurn(db: Db, userId: number, base: KnowledgeSetting | null, userText: string): Promise<TurnKnowledge | null> {
  if (!base || (base.mode !== 'prompt' && base.mode !== 'function_call')) return null;
  const search = (query: string, limit: number) => searchKnowledgeBase(db, { id: base.baseId, userId }, query, limit);
  const answers = (name: string) => base.mode === 'function_call' && name === SEARCH_KNOWLEDGE_BASE_FUNCTION;

  const call = async (args: Record<string, unknown>): Promise<ToolOutcome> => {
    const t0 = performance.now();
    const query = typeof args.query === 'string' ? args.query.trim().slice(0, 500) : '';
    if (query === '') return { result: null, error: 'invalid call: query is required', duration_ms: 0, status_code: null };
    const hits = await search(query, FUNCTION_PASSAGES);
    return { result: resultOf(query, hits), error: null, duration_ms: Math.round(performance.now() - t0), status_code: null };
  };

  if (base.mode === 'function_call') {
    const about = base.description ? ` (${base.description})` : '';
    return {
      system: null,
      promptCall: null,
      functions: [
        {
          name: SEARCH_KNOWLEDGE_BASE_FUNCTION,
          description: `Searches the knowledge base "${base.name}"${about} for passages that answer a question. Use it before answering a question it may cover, and answer from what it finds.`,
          parameters: {
            type: 'object',
            properties: { query: { type: 'string', description: 'What to look for: the question, or its key words' } },
            required: ['query'],
            additionalProperties: false,
          },
        },
      ],
      answers,
      call,
    };
  }

  const t0 = performance.now();
  const query = userText.trim().slice(0, 500);
  const hits = await search(query, PROMPT_PASSAGES);
  return {
    system: knowledgePrompt(hits),
    promptCall: {
      id: `kb_${randomUUID()}`,
      name: SEARCH_KNOWLEDGE_BASE_FUNCTION,
      arguments: { query },
      result: resultOf(query, hits),
      error: null,
      duration_ms: Math.round(performance.now() - t0),
      status_code: null,
      round: KNOWLEDGE_PROMPT_ROUND,
    },
    functions: [],
    answers,
    call,
  };
}

/** The functions offered with the knowledge base's: an assistant tool of the same name gives way to it. */
export function withKnowledgeFunctions(offered: ChatTool[], knowledge: TurnKnowledge | null): ChatTool[] {
  if (!knowledge || knowledge.functions.length === 0) return offered;
  const names = new Set(knowledge.functions.map((f) => f.name));
  return [...offered.filter((f) => !names.has(f.name)), ...knowledge.functions];
}
