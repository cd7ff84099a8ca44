import { attributeName, type FieldErrors, type SimulateInboundRequest } from '../../contract';
import { toE164 } from '../../contract/phone';
import type { Db } from '../db/connect';
import type { PlacedCall } from '../engine/place-call';
import { ValidationError } from '../http/errors';
import { startCall } from './start';

export const NO_INBOUND_ASSISTANT = 'No inbound assistant answers this number.';

/**
 * POST /user/calls/simulate-inbound (our extension): a customer calling `from` rings the caller's number
 * `phone_number_id`; the live inbound assistant holding the number answers, and the engine plays the call
 * as it plays make_call's.
 */
export async function simulateInbound(db: Db, now: () => Date, userId: number, input: SimulateInboundRequest): Promise<PlacedCall> {
  const errors: FieldErrors = {};
  const from = toE164(input.from);
  if (!from) errors.from = [`The ${attributeName(['from'])} field must be a valid phone number.`];
  const number = await db
    .selectFrom('phone_numbers')
    .select(['id', 'phone_number'])
    .where('id', '=', input.phone_number_id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!number) errors.phone_number_id = [`The selected ${attributeName(['phone_number_id'])} is invalid.`];
  const assistant = number
    ? await db
        .selectFrom('assistants')
        .select(['id', 'name'])
        .where('user_id', '=', userId)
        .where('phone_number_id', '=', number.id)
        .where('type', '=', 'inbound')
        .where('status', '=', 'active')
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirst()
    : undefined;
  if (number && !assistant) errors.phone_number_id = [NO_INBOUND_ASSISTANT];
  if (Object.keys(errors).length > 0 || !from || !number || !assistant) throw new ValidationError(errors);
  return startCall(db, now, {
    user_id: userId,
    assistant_id: assistant.id,
    assistant_name: assistant.name,
    type: 'inbound',
    client_phone_number: from,
    assistant_phone_number: number.phone_number,
    variables: {},
    persona: input.persona ?? null,
  });
}
