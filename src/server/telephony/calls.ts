import { sql } from 'kysely';
import { toDbTimestamp } from '../db/time';
import { publish } from '../events/bus';
import { callEvent } from '../events/build';
import { readPlan, type FinalStatus } from '../engine/plan';
import { issueTicket, PHONE_TICKET_MS } from '../live-calls/tickets';
import { refusesPhoneCall, socketUrl, type VoiceServices } from '../live-calls/services';
import { importedNumber, numberWebhooks, type ImportedNumber } from './numbers';
import type { LineStatus, WebhookAnswer } from './provider';
import { deliverLineVerdict } from '../voice/voicemail/verdicts';

/*
 * Calls on real lines: the voice webhook of an imported number (inbound: the number's live inbound assistant
 * answers through a media stream), the dial of an outbound call placed by make_call or a campaign
 * (engine/place-call.ts holds it while it rings), and the status callbacks that end the calls nobody answered
 * the way the engine ends simulated ones (the engine gives the outcome: lead, webhooks).
 */

export const NO_ASSISTANT_SAY = 'Sorry, nobody can take your call at this number. Goodbye.';
export const VOICE_UNAVAILABLE_SAY = 'Sorry, this assistant cannot take calls right now. Goodbye.';

export type WebhookResult = { status: 200; answer: WebhookAnswer } | { status: 403 | 404; message: string };

/** The number behind a webhook, when the request is signed with its credentials. */
async function signedNumber(services: VoiceServices, provider: string, numberId: number, url: string, params: Record<string, string>, headers: Headers): Promise<ImportedNumber | WebhookResult> {
  const number = await importedNumber(services, { id: numberId });
  if (!number || number.provider.name !== provider) return { status: 404, message: 'No such number.' };
  if (!number.provider.verifyWebhook(number.credentials, url, params, headers)) return { status: 403, message: 'The request signature is not valid.' };
  return number;
}

/** The voice webhook: a stream to the number's live inbound assistant, or a refusal said aloud. */
export async function answerInbound(services: VoiceServices, provider: string, numberId: number, url: string, params: Record<string, string>, headers: Headers): Promise<WebhookResult> {
  const number = await signedNumber(services, provider, numberId, url, params, headers);
  if ('status' in number) return number;
  const call = number.provider.inboundCall(params);
  const assistant = await services.db
    .selectFrom('assistants')
    .select(['id', 'mode'])
    .where('user_id', '=', number.user_id)
    .where('phone_number_id', '=', number.id)
    .where('type', '=', 'inbound')
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  if (!call || !assistant) return { status: 200, answer: number.provider.refusalAnswer(NO_ASSISTANT_SAY) };
  // A realtime-only service holds speech-to-speech assistants' calls; a pipeline assistant's caller is told it cannot talk.
  if (refusesPhoneCall(services, assistant.mode)) return { status: 200, answer: number.provider.refusalAnswer(VOICE_UNAVAILABLE_SAY) };
  const { ticket } = await issueTicket(services.db, services.now(), {
    kind: number.provider.name,
    userId: number.user_id,
    assistantId: assistant.id,
    phoneNumberId: number.id,
    details: { from: call.from, to: call.to || number.phone_number, provider_call_id: call.providerCallId },
    ttlMs: PHONE_TICKET_MS,
  });
  return { status: 200, answer: number.provider.streamAnswer(socketUrl(services.publicUrl, number.provider.mediaPath), ticket) };
}

/**
 * Places a call that engine/place-call.ts put on a real line at its provider: a ticket for its media stream,
 * the call created there, its id kept. A refusal ends the call as failed.
 */
export async function dialOut(services: VoiceServices, callId: number): Promise<void> {
  const { db } = services;
  const call = await db.selectFrom('calls').select(['id', 'user_id', 'assistant_id', 'assistant_phone_number', 'client_phone_number', 'talk_lease']).where('id', '=', callId).executeTakeFirst();
  if (!call || !call.talk_lease?.startsWith('dial:') || !call.assistant_phone_number || call.assistant_id === null) return;
  // A SIP trunk's call goes out through Kamailio (sip/line.ts, loaded only for it).
  const trunk = await db.selectFrom('phone_numbers').select('id').where('user_id', '=', call.user_id).where('phone_number', '=', call.assistant_phone_number).where('provider', '=', 'sip').orderBy('id').executeTakeFirst();
  if (trunk) return (await import('../sip/line')).dialSip(services, callId, trunk.id);
  const number = await importedNumber(services, { userId: call.user_id, phoneNumber: call.assistant_phone_number });
  if (!number) {
    await endUnanswered(services, callId, 'failed');
    return;
  }
  const { ticket } = await issueTicket(db, services.now(), {
    kind: number.provider.name,
    userId: call.user_id,
    assistantId: call.assistant_id,
    callId,
    phoneNumberId: number.id,
    details: { dial_lease: call.talk_lease },
    ttlMs: PHONE_TICKET_MS,
  });
  const assistant = await db.selectFrom('assistants').select('ringing_time').where('id', '=', call.assistant_id).executeTakeFirst();
  try {
    const placed = await number.provider.placeCall(number.credentials, {
      to: call.client_phone_number,
      from: number.phone_number,
      streamUrl: socketUrl(services.publicUrl, number.provider.mediaPath),
      ticket,
      statusUrl: numberWebhooks(services.publicUrl, number.provider.name, number.id).statusUrl,
      ...(assistant?.ringing_time ? { ringingTimeoutS: assistant.ringing_time } : {}),
      ...(number.provider.detectsMachines && { machineDetectionUrl: machineDetectionUrl(services.publicUrl, number.provider.name, number.id) }),
    });
    await db.updateTable('calls').set({ provider_call_id: placed.providerCallId }).where('id', '=', callId).execute();
  } catch (e) {
    console.error(`Call ${callId}: ${number.provider.name} did not place it: ${e instanceof Error ? e.message : String(e)}`);
    await endUnanswered(services, callId, 'failed');
  }
}

/**
 * A call that was never answered (busy, no answer, failed) goes to the engine, due now, with that outcome; only
 * while it is still in its dial (a call a voice session holds ends with the session).
 */
export async function endUnanswered(services: VoiceServices, callId: number, status: FinalStatus): Promise<void> {
  const now = services.now();
  const { db } = services;
  const call = await db.selectFrom('calls').select(['created_at', 'engine_plan']).where('id', '=', callId).where('talk_lease', 'like', 'dial:%').executeTakeFirst();
  const plan = call ? readPlan(call.engine_plan) : null;
  if (!call || !plan) return;
  const ringS = Math.max(0, (now.getTime() - Date.parse(`${call.created_at.replace(' ', 'T')}Z`)) / 1000);
  const ended = { ...plan, outcome: status, final_status: status, answered_by: null, dial_s: 0, ring_s: ringS, talk_s: 0, wrap_s: 0 };
  const row = await db
    .updateTable('calls')
    .set({
      engine_plan: JSON.stringify(ended),
      engine_next_at: toDbTimestamp(now),
      talk_next_at: null,
      talk_locked_until: null,
      talk_lease: null,
      status: sql<string>`CASE WHEN status = 'initiated' THEN 'ringing' ELSE status END`,
      updated_at: toDbTimestamp(now),
    })
    .where('id', '=', callId)
    .where('talk_lease', 'like', 'dial:%')
    .returningAll()
    .executeTakeFirst();
  if (row) publish(db, callEvent(row));
}

const UNANSWERED: Partial<Record<LineStatus, FinalStatus>> = { busy: 'busy', 'no-answer': 'no-answer', failed: 'failed', completed: 'no-answer' };

/** A status callback: ringing shows, an unanswered end goes to the engine; answered calls are their session's. */
export async function applyStatus(services: VoiceServices, provider: string, numberId: number, url: string, params: Record<string, string>, headers: Headers): Promise<WebhookResult> {
  const number = await signedNumber(services, provider, numberId, url, params, headers);
  if ('status' in number) return number;
  const report = number.provider.statusReport(params);
  const ok: WebhookResult = { status: 200, answer: { contentType: 'text/plain', body: '' } };
  if (!report?.status) return ok;
  const { db } = services;
  const call = await db
    .selectFrom('calls')
    .select(['id', 'status'])
    .where('provider', '=', provider)
    .where('provider_call_id', '=', report.providerCallId)
    .where('user_id', '=', number.user_id)
    .where('talk_lease', 'like', 'dial:%')
    .executeTakeFirst();
  if (!call) return ok; // answered (its session holds it), ended already, or not ours
  if (report.status === 'ringing' && call.status === 'initiated') {
    const row = await db.updateTable('calls').set({ status: 'ringing', updated_at: toDbTimestamp(services.now()) }).where('id', '=', call.id).where('status', '=', 'initiated').returningAll().executeTakeFirst();
    if (row) publish(db, callEvent(row));
    return ok;
  }
  const final = UNANSWERED[report.status];
  if (final) await endUnanswered(services, call.id, final);
  return ok;
}

/** Where a provider that detects answering machines posts its verdicts on a number's outbound calls. */
export function machineDetectionUrl(publicUrl: string, provider: string, phoneNumberId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/telephony/${provider}/amd/${phoneNumberId}`;
}

/**
 * The provider's answering-machine verdict on one of the number's calls (Twilio's AsyncAmdStatusCallback), handed
 * to the call's voicemail gate (voice/voicemail/verdicts.ts). Only the number's owner's calls on that provider.
 */
export async function applyMachineDetection(services: VoiceServices, provider: string, numberId: number, url: string, params: Record<string, string>, headers: Headers): Promise<WebhookResult> {
  const number = await signedNumber(services, provider, numberId, url, params, headers);
  if ('status' in number) return number;
  const ok: WebhookResult = { status: 200, answer: { contentType: 'text/plain', body: '' } };
  const report = number.provider.machineReport?.(params);
  if (!report) return ok;
  const call = await services.db
    .selectFrom('calls')
    .select('id')
    .where('provider', '=', provider)
    .where('provider_call_id', '=', report.providerCallId)
    .where('user_id', '=', number.user_id)
    .executeTakeFirst();
  if (call) deliverLineVerdict(call.id, report.answeredBy);
  return ok;
}
