import { ToolCallCard } from '@/components/tool-call/tool-call-card';
import type { ChatCall } from '../lib/chat-state';

/** One function the assistant called in the chat: the card a call's timeline shows too. */
export function FunctionCallCard({ call }: { call: ChatCall }) {
  return <ToolCallCard call={call} />;
}
