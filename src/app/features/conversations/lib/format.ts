import { DASH, formatCurrency, formatInstant } from '@/i18n/format';
import { m } from '@/i18n';

/** A conversation's type in words; one the console does not know, as it came. */
export function conversationTypeLabel(type: string): string {
  switch (type) {
    case 'widget':
      return m.conversations_type_widget();
    case 'test':
      return m.conversations_type_test();
    case 'whatsapp':
      return m.conversations_type_whatsapp();
    case 'api':
      return m.conversations_type_api();
    default:
      return type || m.conversations_type_unknown();
  }
}

/** Who wrote a message: the assistant by its name where known, the user, or the role as the host sent it. */
export function roleLabel(role: string, assistantName?: string | null): string {
  if (role === 'assistant') return assistantName?.trim() || m.conversations_role_assistant();
  if (role === 'user') return m.conversations_role_user();
  if (role === 'system') return m.conversations_role_system();
  return role || m.conversations_role_unknown();
}

/** The list's timestamps (`YYYY-MM-DD HH:MM:SS`, UTC) in the reader's zone and language. */
export function formatConversationTime(value: string | null | undefined): string {
  return formatInstant(value ?? null, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A cost in dollars; free test conversations read $0.00. */
export function formatCost(value: number | null): string {
  return value === null ? DASH : formatCurrency(value, 'USD', { min: 2, max: 4 });
}

// Shared with the call timeline's tool cards.
export { formatCallDuration, prettyValue } from '@/lib/tool-call-format';
