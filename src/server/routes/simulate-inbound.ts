import { Hono } from 'hono';
import { simulateInboundRequest } from '../../contract';
import { simulateInbound } from '../calls/simulate-inbound';
import type { AppEnv, Deps } from '../http/context';
import { parseBody } from '../http/validate';

/*
 * POST /user/calls/simulate-inbound (our extension): a customer calling `from` rings the caller's number
 * `phone_number_id` (calls/simulate-inbound.ts). Answers as make_call does.
 */
export function simulateInboundRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  r.post('/calls/simulate-inbound', async (c) => {
    const input = await parseBody(c, simulateInboundRequest);
    const placed = await simulateInbound(db, now, c.var.user.id, input);
    return c.json({ message: 'Inbound call started', call_id: placed.id, status: placed.status });
  });

  return r;
}
