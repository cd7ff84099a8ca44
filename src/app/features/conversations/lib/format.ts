import { DASH, formatCurrency, formatInstant, formatNumber } from '@/i18n/format';
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

/** How long a tool took: "120 ms", "1.4 s". */
export function formatCallDuration(ms: number | null): string | null {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return null;
  if (ms < 1000) return m.conversations_duration_ms({ ms: formatNumber(Math.round(ms)) });
  return m.conversations_duration_s({ seconds: formatNumber(ms / 1000, { maximumFractionDigits: 1 }) });
}

/** Any value as readable text: strings as they are, the rest as indented JSON. */
export function prettyValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
