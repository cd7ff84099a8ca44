import { Hono, type Context } from 'hono';
import { createLeadRequest, LEAD_UPDATABLE_FIELDS, updateLeadRequest } from '../../contract';
import type { AppEnv, Deps } from '../http/context';
import { idParam, parseOr422, parseUpdateBody, readJson } from '../http/validate';
import { createLead } from '../leads/create';
import { deleteLead } from '../leads/delete';
import { listLeads } from '../leads/list';
import { LEAD_NOT_FOUND } from '../leads/messages';
import { updateLead } from '../leads/update';

/** PUT /user/leads/{id}, also served at PUT /leads/{id} (the hosted documentation's path). */
function updateLeadHandler({ db, now }: Deps) {
  return async (c: Context<AppEnv>) => {
    const id = idParam(c, 'id', LEAD_NOT_FOUND);
    const input = await parseUpdateBody(c, updateLeadRequest, LEAD_UPDATABLE_FIELDS);
    await updateLead(db, now, c.var.user.id, id, input);
    return c.json({ message: 'Lead updated successfully' });
  };
}

export function leadRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  r.post('/lead', async (c) => {
    const input = parseOr422(createLeadRequest, await readJson(c));
    const data = await createLead(db, now, c.var.user.id, input);
    return c.json({ message: 'Lead created successfully', data });
  });

  r.get('/leads', async (c) => c.json(await listLeads(db, c.var.user.id)));

  r.put('/leads/:id', updateLeadHandler({ db, now }));

  r.delete('/leads/:id', async (c) => {
    const id = idParam(c, 'id', LEAD_NOT_FOUND);
    await deleteLead(db, c.var.user.id, id);
    return c.json({ message: 'Lead deleted successfully' });
  });

  return r;
}

/**
 * Lead updates at the path the hosted documentation prints (`PUT /api/leads/{id}`, without `/user`),
 * which today's clients call: the same handler, mounted behind the same token check and rate limit.
 */
export function leadAliasRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();
  r.put('/leads/:id', updateLeadHandler(deps));
  return r;
}
