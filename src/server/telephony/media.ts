import { RealtimeUnavailableError } from '../voice/realtime/client';
import { answerPlacedCall, createLiveCall, type CallRecord, type CallRecordDeps } from '../voice/call-record';
import type { PhoneLine, VoiceSessionInput, VoiceTransport } from '../voice/session-types';
import { redeemTicket } from '../live-calls/tickets';
import type { VoiceServices } from '../live-calls/services';
import { importedNumber } from './numbers';
import type { TelephonyProvider } from './provider';

/*
 * What every provider's media socket does once its stream says who it is, whatever its wire format: the ticket
 * the stream presents is redeemed (once), the call is created (inbound) or taken from its dial (outbound), and
 * the voice session starts with the provider's transport.
 */

export interface LiveSession {
  input: VoiceSessionInput;
  record: CallRecord;
}

export interface MediaSocketContext {
  /** Undefined when the ticket is refused (missing, used, expired) or the call cannot start: the socket closes. */
  begin(ticket: string | undefined, transport: VoiceTransport, line?: { providerCallId: string | null }): Promise<LiveSession | undefined>;
}

/** The call's telephone line (its transfers), through the number's provider and credentials; none when it has none. */
async function phoneLineOf(services: VoiceServices, provider: Pick<TelephonyProvider, 'name'>, phoneNumberId: number | null, callId: number, providerCallId: string | null): Promise<PhoneLine | undefined> {
  if (phoneNumberId === null) return undefined;
  const [number, call] = await Promise.all([
    importedNumber(services, { id: phoneNumberId }),
    services.db.selectFrom('calls').select(['provider_call_id', 'type', 'client_phone_number', 'assistant_phone_number']).where('id', '=', callId).executeTakeFirst(),
  ]);
  const sid = providerCallId ?? call?.provider_call_id ?? null;
  // The number's provider as configured now (its REST base), the same one that carries the stream.
  if (!number || !call || !sid || number.provider.name !== provider.name || !number.provider.phoneLine) return undefined;
  return number.provider.phoneLine(number.credentials, { providerCallId: sid, callerNumber: call.client_phone_number ?? '', lineNumber: call.assistant_phone_number ?? number.phone_number });
}

export function recordDeps(services: VoiceServices): CallRecordDeps {
  return {
    db: services.db,
    now: services.now,
    model: services.model,
    allowPrivateUrls: services.allowPrivateUrls,
    publicUrl: services.publicUrl,
    holdLeaseMs: services.holdLeaseMs,
    heartbeatMs: services.heartbeatMs,
  };
}

/** `provider`: its name, and whether it tells machines from people itself (SIP calls come through sip/endpoint.ts, not a webhook provider, and leave that to our own detector). */
export function mediaContext(services: VoiceServices, provider: Pick<TelephonyProvider, 'name'> & Partial<Pick<TelephonyProvider, 'detectsMachines'>>): MediaSocketContext {
  return {
    async begin(ticketText, transport, line) {
      const startSession = services.startSession;
      if (!startSession) return undefined;
      const ticket = await redeemTicket(services.db, services.now(), provider.name, ticketText);
      if (!ticket) return undefined;
      const deps = recordDeps(services);
      const details = ticket.details;
      const text = (k: string) => (typeof details[k] === 'string' ? (details[k] as string) : '');
      const record =
        ticket.call_id !== null
          ? await answerPlacedCall(deps, ticket.call_id, text('dial_lease'))
          : await createLiveCall(deps, {
              userId: ticket.user_id,
              assistantId: ticket.assistant_id,
              type: 'inbound',
              clientPhoneNumber: text('from'),
              assistantPhoneNumber: text('to') || null,
              variables: {},
              provider: provider.name,
              providerCallId: text('provider_call_id') || null,
            });
      if (!record) return undefined;
      try {
        const phone = await phoneLineOf(services, provider, ticket.phone_number_id, record.callId, line?.providerCallId ?? null);
        // An outbound call on a line that tells machines from people itself waits for its word (voice/voicemail/).
        const start = ticket.call_id !== null && provider.detectsMachines ? { ...record.start, machineDetection: 'line' as const } : record.start;
        const input = await startSession(start, phone ? { ...transport, phone } : transport, record);
        return { input, record };
      } catch (e) {
        console.error(`Voice call ${record.callId}: the session did not start:`, e instanceof Error ? e.message : e);
        await record.ended({ reason: e instanceof RealtimeUnavailableError ? 'realtime_unavailable' : 'error', wav: new Uint8Array(0), audioMs: 0, entries: [] });
        return undefined;
      }
    },
  };
}
