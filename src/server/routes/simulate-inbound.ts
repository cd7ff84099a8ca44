import { Hono } from 'hono';
import { attributeName, simulateInboundRequest, type FieldErrors } from '../../contract';
import { toE164 } from '../../contract/phone';
import { placeCall, placedCallEvent, type PlaceCallInput } from '../engine/place-call';
import { publish } from '../events/bus';
import type { AppEnv, Deps } from '../http/context';
import { ValidationError } from '../http/errors';
import { parseBody } from '../http/validate';
import { requireCallBalance } from './calls';

export const NO_INBOUND_ASSISTANT = 'No inbound assistant answers this number.';

/*
 * POST /user/calls/simulate-inbound (our extension): a customer calling `from` rings the caller's number
 * `phone_number_id`; the live inbound assistant holding the number answers, and the engine plays the call
 * as it plays make_call's. Answers as make_call does.
 */
export function simulateInboundRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  r.post('/calls/simulate-inbound', async (c) => {
    const input = await parseBody(c, simulateInboundRequest);
    const userId = c.var.user.id;
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
    await requireCallBalance(db, userId);

    const call: PlaceCallInput = {
      user_id: userId,
      assistant_id: assistant.id,
      assistant_name: assistant.name,
      type: 'inbound',
      client_phone_number: from,
      assistant_phone_number: number.phone_number,
      variables: {},
      now: now(),
    };
    const placed = await db.transaction().execute((trx) => placeCall(trx, call));
    publish(db, placedCallEvent(call, placed));
    return c.json({ message: 'Inbound call started', call_id: placed.id, status: placed.status });
  });

  return r;
}
