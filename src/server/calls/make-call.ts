import { attributeName, type FieldErrors, type MakeCallRequest } from '../../contract';
import { toE164 } from '../../contract/phone';
import { liveAssistantsOf } from '../assistants/read';
import type { Db } from '../db/connect';
import type { PlacedCall } from '../engine/place-call';
import { ValidationError } from '../http/errors';
import { startCall } from './start';

export const CALL_PHONE_INVALID = 'The phone number field must be a valid phone number.';

/**
 * POST /user/make_call: the caller's live outbound assistant dials `phone_number` from its number. With `dial`
 * (the service has a voice pipeline), a number imported from a telephony provider places a real call through it
 * (telephony/calls.ts dialOut); every other number, and every number without a pipeline, keeps the simulated engine.
 */
export async function makeCall(db: Db, now: () => Date, userId: number, input: MakeCallRequest, dial?: (callId: number) => Promise<void>): Promise<PlacedCall> {
  const errors: FieldErrors = {};
  const phone = toE164(input.phone_number);
  if (!phone) errors.phone_number = [CALL_PHONE_INVALID];
  const assistant = await liveAssistantsOf(db, userId)
    .leftJoin('phone_numbers', (j) =>
      j.onRef('phone_numbers.id', '=', 'assistants.phone_number_id').on('phone_numbers.user_id', '=', userId),
    )
    .select(['assistants.id', 'assistants.name', 'phone_numbers.phone_number'])
    .where('assistants.id', '=', input.assistant_id)
    .where('assistants.type', '=', 'outbound')
    .executeTakeFirst();
  if (!assistant) errors.assistant_id = [`The selected ${attributeName(['assistant_id'])} is invalid.`];
  if (Object.keys(errors).length > 0 || !phone || !assistant) throw new ValidationError(errors);
  return startCall(db, now, {
    user_id: userId,
    assistant_id: assistant.id,
    assistant_name: assistant.name,
    type: 'outbound',
    client_phone_number: phone,
    assistant_phone_number: assistant.phone_number,
    variables: input.variables ?? {},
    persona: input.persona ?? null,
    realLines: dial !== undefined,
  }).then(async (placed) => {
    if (placed.provider && dial) await dial(placed.id);
    return placed;
  });
}
