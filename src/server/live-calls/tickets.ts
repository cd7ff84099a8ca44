import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { JsonRecord, VoiceTicketsTable } from '../db/schema';
import { toDbTimestamp } from '../db/time';

/*
 * One-time tickets of the voice sockets (voice_tickets, migration 0020): the browser's web call and a Twilio
 * media stream present one; only its SHA-256 is stored, so several processes on one PostgreSQL share them.
 * Redeeming is one UPDATE … WHERE used_at IS NULL AND expires_at > now RETURNING: a ticket opens one socket.
 */

export const WEB_CALL_TICKET_MS = 60_000;
/** A phone line's stream connects after the webhook's answer (inbound) or the callee's (outbound: ringing included). */
export const PHONE_TICKET_MS = 5 * 60_000;

/** 'web' (the browser's web call) or a telephony provider's name (its media stream: 'twilio'). */
export type TicketKind = string;

export interface TicketInput {
  kind: TicketKind;
  userId: number;
  assistantId: number;
  callId?: number | null;
  phoneNumberId?: number | null;
  details?: JsonRecord;
  ttlMs: number;
}

export type Ticket = Omit<VoiceTicketsTable, 'details' | 'created_at'> & { details: JsonRecord };

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function issueTicket(db: Db, now: Date, input: TicketInput): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  await db
    .insertInto('voice_tickets')
    .values({
      hash: hashOf(ticket),
      kind: input.kind,
      user_id: input.userId,
      assistant_id: input.assistantId,
      call_id: input.callId ?? null,
      phone_number_id: input.phoneNumberId ?? null,
      details: JSON.stringify(input.details ?? {}),
      expires_at: toDbTimestamp(expiresAt),
    })
    .execute();
  // Old tickets go as new ones come (an index range, nothing to scan).
  await db.deleteFrom('voice_tickets').where('expires_at', '<', toDbTimestamp(new Date(now.getTime() - 3_600_000))).execute();
  return { ticket, expiresAt };
}

/** The ticket's grant, once: undefined when it is unknown, of another kind, used or expired. */
export async function redeemTicket(db: Db, now: Date, kind: TicketKind, ticket: string | null | undefined): Promise<Ticket | undefined> {
  if (!ticket || ticket.length > 200) return undefined;
  const result = await sql<Ticket>`
    UPDATE voice_tickets SET used_at = ${toDbTimestamp(now)}
    WHERE hash = ${hashOf(ticket)} AND kind = ${kind} AND used_at IS NULL AND expires_at > ${toDbTimestamp(now)}
    RETURNING hash, kind, user_id, assistant_id, call_id, phone_number_id, details, expires_at, used_at`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  return { ...row, details: typeof row.details === 'string' ? (JSON.parse(row.details) as JsonRecord) : row.details };
}
