import type { ReactNode } from 'react';
import { SEARCH_KNOWLEDGE_BASE_FUNCTION } from '@contract/knowledge-read';
import { KnowledgeCard } from '@/components/knowledge-card';
import type { ToolCallView } from '@/lib/tool-call-format';

/**
 * A tool whose result has a view of its own, by the tool's name: the card shows it in place of the
 * result as JSON (the arguments, the error and the time stay the card's). `search_knowledge_base`
 * (the knowledge search) gets its passages card here. A view that answers null falls back to the JSON.
 */
export type ToolResultView = (call: ToolCallView) => ReactNode;

export const TOOL_RESULT_VIEWS: Readonly<Partial<Record<string, ToolResultView>>> = {
  [SEARCH_KNOWLEDGE_BASE_FUNCTION]: (call) => <KnowledgeCard arguments={call.arguments} result={call.result} error={call.error} pending={call.pending ?? false} />,
};
