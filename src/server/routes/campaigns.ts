import { Hono } from 'hono';
import {
  CAMPAIGN_UNKNOWN_FIELDS_ON_CREATE,
  campaignStatusRequest,
  createCampaignRequest,
  unknownCampaignFields,
  withoutBlankCampaignFields,
} from '../../contract';
import { createCampaign } from '../campaigns/create';
import { deleteCampaign } from '../campaigns/delete';
import { listCampaigns } from '../campaigns/list';
import { CAMPAIGN_NOT_FOUND } from '../campaigns/messages';
import { changeCampaignStatus } from '../campaigns/start-stop';
import type { AppEnv, Deps } from '../http/context';
import { HttpError } from '../http/errors';
import { idParam, parseBody, parseOr422, readJson } from '../http/validate';

export function campaignRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/campaigns', async (c) => c.json(await listCampaigns(db, c.var.user.id)));

  r.post('/campaigns', async (c) => {
    const body = await readJson(c);
    const unknown = unknownCampaignFields(body);
    if (unknown.length > 0) throw new HttpError(422, `${CAMPAIGN_UNKNOWN_FIELDS_ON_CREATE} ${unknown.join(', ')}`);
    const input = parseOr422(createCampaignRequest, withoutBlankCampaignFields(body));
    const data = await createCampaign(db, now, c.var.user.id, input);
    return c.json({ message: 'Campaign created successfully', data }, 201);
  });

  r.post('/campaigns/update-status', async (c) => {
    const input = await parseBody(c, campaignStatusRequest);
    const data = await changeCampaignStatus(db, now, c.var.user.id, input);
    return c.json({
      message: data.status === 'running' ? 'Campaign started successfully' : 'Campaign stopped successfully',
      success: true,
      data,
    });
  });

  // Singular path, as the hosted documentation prints it.
  r.delete('/campaign/:id', async (c) => {
    const id = idParam(c, 'id', CAMPAIGN_NOT_FOUND);
    await deleteCampaign(db, c.var.user.id, id);
    return c.json({ message: 'Campaign deleted successfully' });
  });

  return r;
}
