import { Hono } from 'hono';
import { assistantIdRequest, assistantListFilterQuery, assistantsPageQuery, inboundWebhookEnableRequest, webhookEnableRequest } from '../../contract';
import { allAssistants, ASSISTANT_NOT_FOUND, assistantsPage, getAssistant, outboundAssistants } from '../assistants/read';
import { parseAssistantWrite } from '../assistants/input';
import { assistantMutationData, assistantResource, assistantSummary } from '../assistants/resource';
import { disableWebhook, enableWebhook, setInboundWebhook } from '../assistants/webhook-settings';
import { createAssistant, deleteAssistant, updateAssistant } from '../assistants/write';
import type { AppEnv, Deps } from '../http/context';
import { paginate } from '../http/pagination';
import { idParam, parseBody, parseQuery, readJson } from '../http/validate';

export function assistantRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  r.post('/assistant', async (c) => {
    const input = parseAssistantWrite(await readJson(c), 'create');
    const row = await createAssistant(db, now, c.var.user.id, input);
    return c.json({ message: 'Assistant created successfully', data: assistantMutationData(row) }, 201);
  });

  r.get('/assistants/get', async (c) => {
    const { per_page: perPage, page, ...filter } = parseQuery(c, assistantsPageQuery);
    const { total, assistants } = await assistantsPage(db, c.var.user.id, page, perPage, filter);
    const data = assistants.map(({ row, tools, labelIds }) => assistantResource(row, tools, labelIds));
    return c.json(paginate(c.req.url, page, perPage, total, data));
  });

  // The hosted API's plain list: every live assistant as a full record, newest first like the paginated list.
  r.get('/assistants', async (c) => {
    const filter = parseQuery(c, assistantListFilterQuery);
    const assistants = await allAssistants(db, c.var.user.id, filter);
    return c.json(assistants.map(({ row, tools, labelIds }) => assistantResource(row, tools, labelIds)));
  });

  r.get('/assistants/outbound', async (c) => {
    const rows = await outboundAssistants(db, c.var.user.id);
    return c.json(rows.map(assistantSummary));
  });

  r.get('/assistant/:id', async (c) => {
    const id = idParam(c, 'id', ASSISTANT_NOT_FOUND);
    const { row, tools, labelIds } = await getAssistant(db, c.var.user.id, id);
    return c.json(assistantResource(row, tools, labelIds));
  });

  r.put('/assistant/:id', async (c) => {
    const id = idParam(c, 'id', ASSISTANT_NOT_FOUND);
    const body = await readJson(c);
    const row = await updateAssistant(db, now, c.var.user.id, id, body);
    return c.json({ message: 'Assistant updated successfully', data: assistantMutationData(row) });
  });

  r.delete('/assistant/:id', async (c) => {
    const id = idParam(c, 'id', ASSISTANT_NOT_FOUND);
    await deleteAssistant(db, now, c.var.user.id, id);
    return c.json({ message: 'Assistant deleted successfully' });
  });

  r.post('/assistants/enable-inbound-webhook', async (c) => {
    const input = await parseBody(c, inboundWebhookEnableRequest);
    await setInboundWebhook(db, now, c.var.user.id, input.assistant_id, input.webhook_url);
    return c.json({ message: 'Inbound webhook enabled successfully', data: [] });
  });

  r.post('/assistants/disable-inbound-webhook', async (c) => {
    const input = await parseBody(c, assistantIdRequest);
    await setInboundWebhook(db, now, c.var.user.id, input.assistant_id, null);
    return c.json({ message: 'Inbound webhook disabled successfully', data: [] });
  });

  r.post('/assistants/enable-webhook', async (c) => {
    const input = await parseBody(c, webhookEnableRequest);
    await enableWebhook(db, now, c.var.user.id, input.assistant_id, input.webhook_url);
    return c.json({ message: 'Webhook enabled successfully', data: [] });
  });

  r.post('/assistants/disable-webhook', async (c) => {
    const input = await parseBody(c, assistantIdRequest);
    await disableWebhook(db, now, c.var.user.id, input.assistant_id);
    return c.json({ message: 'Webhook disabled successfully', data: [] });
  });

  return r;
}
