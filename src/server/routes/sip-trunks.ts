import { Hono } from 'hono';
import { createSipTrunkRequest, SIP_TRUNK_UPDATABLE_FIELDS, updateSipTrunkRequest } from '../../contract';
import type { AppEnv, Deps } from '../http/context';
import { idParam, parseBody, parseUpdateBody } from '../http/validate';
import {
  createSipTrunk,
  getSipTrunk,
  listSipTrunks,
  SIP_TRUNK_CREATED,
  SIP_TRUNK_NOT_FOUND,
  SIP_TRUNK_UPDATED,
  updateSipTrunk,
  type TrunkDeps,
} from '../numbers/sip-trunks';

/*
 * The hosted API's SIP trunk endpoints (issue 40): list, one, create, partial update. A trunk is released as
 * any number is, by DELETE /user/phone-numbers/{id} (routes/phone-numbers.ts).
 */

export function sipTrunkRoutes({ db, now, voice, allowPrivateUrls }: Deps) {
  const r = new Hono<AppEnv>();
  // The key is the voice services' (SECRET_KEY, or the embedded database's key file): null without one.
  const deps: TrunkDeps = { db, now, secretKey: voice?.secretKey ?? null, allowPrivateUrls: allowPrivateUrls ?? false };

  r.get('/phone-numbers/sip-trunks', async (c) => {
    return c.json({ data: await listSipTrunks(db, c.var.user.id) });
  });

  r.get('/phone-numbers/sip-trunks/:id', async (c) => {
    const id = idParam(c, 'id', SIP_TRUNK_NOT_FOUND);
    return c.json({ data: await getSipTrunk(db, c.var.user.id, id) });
  });

  // The hosted documentation leaves the create answer out: it follows the update's, with 201 (docs/api.md).
  r.post('/phone-numbers/sip-trunks', async (c) => {
    const input = await parseBody(c, createSipTrunkRequest);
    const data = await createSipTrunk(deps, c.var.user.id, input);
    return c.json({ message: SIP_TRUNK_CREATED, data }, 201);
  });

  r.put('/phone-numbers/sip-trunks/:id', async (c) => {
    const id = idParam(c, 'id', SIP_TRUNK_NOT_FOUND);
    const input = await parseUpdateBody(c, updateSipTrunkRequest, SIP_TRUNK_UPDATABLE_FIELDS);
    const data = await updateSipTrunk(deps, c.var.user.id, id, input);
    return c.json({ message: SIP_TRUNK_UPDATED, data });
  });

  return r;
}
