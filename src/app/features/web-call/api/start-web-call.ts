import { webCallTicketSchema, type WebCallTicket } from '@contract/voice';
import { api } from '@/api';

/**
 * POST /api/voice/web-calls {assistant_id}: a one-time ticket (valid a minute) for the call's socket. 503
 * `{message}` when the service cannot hear or think. Never repeated: each ticket is a call about to start.
 */
export function startWebCall(assistantId: number, signal?: AbortSignal): Promise<WebCallTicket> {
  return api.post('/voice/web-calls', webCallTicketSchema, { body: { assistant_id: assistantId }, signal, timeoutMs: 15_000 });
}
