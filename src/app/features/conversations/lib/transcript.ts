import { m } from '@/i18n';
import type { ChatMessage } from './chat-state';
import { formatCallDuration, prettyValue, roleLabel } from './format';

/** One line's worth of a value: JSON without indentation, text as it is. */
function inline(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return prettyValue(value);
  }
}

/**
 * The transcript as plain text, for the clipboard: each message under who wrote it, each function call
 * with its arguments, its result or error, and how long it took.
 */
export function transcriptText(messages: readonly ChatMessage[], assistantName?: string | null): string {
  const blocks: string[] = [];
  for (const message of messages) {
    const lines = [`${roleLabel(message.role, assistantName)}:`];
    for (const call of message.calls) {
      const duration = formatCallDuration(call.durationMs);
      lines.push(`  ${m.conversations_transcript_call({ name: call.name, arguments: inline(call.arguments) })}${duration ? ` (${duration})` : ''}`);
      if (call.error) lines.push(`    ${m.conversations_transcript_error({ error: call.error })}`);
      else if (!call.pending) lines.push(`    ${m.conversations_transcript_result({ result: inline(call.result) })}`);
    }
    if (message.content) lines.push(message.content);
    blocks.push(lines.join('\n'));
  }
  return blocks.join('\n\n');
}
