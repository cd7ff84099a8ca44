import type { ChatRequest, Scripted } from './stand-in';

/*
 * The stand-in model's knowledge-base behaviour, kept apart from its other script:
 *   - the last message is a knowledge search's answer ({query, passages})  -> a reply quoting the first passage
 *   - search_knowledge_base is on offer and the user just spoke             -> a call of it with the user's words
 *   - the system prompt holds passages (prompt mode)                       -> a reply quoting the first one
 * Anything else: null (the rest of the script answers).
 */

const SEARCH = 'search_knowledge_base';

function firstSentence(text: string): string {
  return (/^[^.!?]*[.!?]?/.exec(text.trim())?.[0] ?? text).trim();
}

export function knowledgeScript(request: ChatRequest, text: (content: unknown) => string): Scripted | null {
  const messages = request.messages ?? [];
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') {
    try {
      const answer = JSON.parse(text(last.content)) as { passages?: { excerpt?: string }[] };
      if (!Array.isArray(answer.passages)) return null;
      const first = answer.passages[0]?.excerpt;
      return { text: first ? `From the knowledge base: ${firstSentence(first)}` : 'The knowledge base has nothing on that.' };
    } catch {
      return null;
    }
  }
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  if (last?.role === 'user' && request.tools?.some((t) => t.function.name === SEARCH)) {
    return { text: '', toolCalls: [{ id: `call_${Date.now().toString(36)}`, name: SEARCH, arguments: JSON.stringify({ query: text(lastUser?.content) }) }] };
  }
  const system = text(messages.find((m) => m.role === 'system')?.content);
  const passage = /\n\[1\] [^\n]*\n([^\n]+)/.exec(system)?.[1];
  if (passage) return { text: `From the knowledge base: ${firstSentence(passage)}` };
  return null;
}
