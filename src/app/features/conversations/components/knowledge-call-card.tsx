import { KnowledgeCard } from '@/components/knowledge-card';
import { m } from '@/i18n';
import type { ChatCall } from '../lib/chat-state';
import { formatCallDuration } from '../lib/format';

/** A `search_knowledge_base` call in the chat: the shared knowledge card (query and passages) instead of raw JSON. */
export function KnowledgeCallCard({ call }: { call: ChatCall }) {
  const duration = formatCallDuration(call.durationMs);
  return (
    <KnowledgeCard
      arguments={call.arguments}
      result={call.result}
      error={call.error}
      pending={call.pending}
      duration={duration ? m.conversations_call_took({ duration }) : null}
    />
  );
}
