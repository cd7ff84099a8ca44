import { Hono, type Context } from 'hono';
import { FIXTURES, type FixtureSet, type Json, type JsonObject, type Revision } from './hosted-service-fixtures';

/*
 * A stand-in for the hosted service, built from its public documentation: it answers what the console
 * asks with the documented examples' shapes (our own data), so the console can be tried against "the
 * hosted API as it really is" without an account. Any bearer token is accepted.
 *
 * The revision of the examples is picked per request, so parallel tests do not share state:
 * the `X-Stand-In-Revision` header, else a token that starts with the revision's name
 * (`earlier-…`), else today's. Changes are answered as the documentation labels them and not kept.
 */

export const REVISION_HEADER = 'x-stand-in-revision';

function revisionOf(c: Context): Revision {
  const header = c.req.header(REVISION_HEADER);
  if (header === 'current' || header === 'earlier') return header;
  const token = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '');
  return token.startsWith('earlier') ? 'earlier' : 'current';
}

type Env = { Variables: { fx: FixtureSet } };

const idOf = (record: JsonObject) => String(record.id);
const json = (c: Context, body: Json, status: 200 | 201 | 404 | 405 | 422 = 200) => c.json(body, status);

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function createStandIn(): Hono<Env> {
  const app = new Hono<Env>().basePath('/api');

  app.use('*', async (c, next) => {
    // The hosted service answers a missing token like Laravel's API guard.
    if (!/^Bearer\s+\S+/i.test(c.req.header('authorization') ?? '')) return c.json({ message: 'Unauthenticated.' }, 401);
    c.set('fx', FIXTURES[revisionOf(c)]);
    await next();
  });

  const page = (c: Context<Env>, items: JsonObject[], defaultPerPage: number) => {
    const fx = c.get('fx');
    const perPage = Math.min(100, positiveInt(c.req.query('per_page'), defaultPerPage));
    const url = new URL(c.req.url);
    return fx.paginate(items, positiveInt(c.req.query('page'), 1), perPage, `${url.origin}${url.pathname}`);
  };

  // ---- account
  app.get('/user/me', (c) => json(c, c.get('fx').me));

  // ---- assistants
  app.get('/user/assistants/get', (c) => json(c, page(c, c.get('fx').assistants, 10)));
  app.get('/user/assistants', (c) => json(c, c.get('fx').assistants));
  app.get('/user/assistants/outbound', (c) => json(c, c.get('fx').outbound));
  app.get('/user/assistants/voices', (c) => {
    const fx = c.get('fx');
    const mode = c.req.query('mode');
    // Voices without `mode` cannot be filtered by it: all of them come back, as a host that ignores it.
    const voices = mode && fx.voicesHaveMode ? fx.voices.filter((v) => v.mode === mode) : fx.voices;
    return json(c, voices);
  });
  app.get('/user/assistants/models', (c) => {
    const type = c.req.query('type');
    const models = c.get('fx').models;
    return json(c, type ? models.filter((m) => m.type === undefined || m.type === type) : models);
  });
  app.get('/user/assistants/languages', (c) => json(c, c.get('fx').languages));
  app.get('/user/assistants/phone-numbers', (c) => json(c, c.get('fx').phoneNumbers));
  app.get('/user/assistants/synthesizer-providers', (c) => json(c, c.get('fx').synthesizerProviders));
  app.get('/user/assistants/transcriber-providers', (c) => json(c, c.get('fx').transcriberProviders));
  app.get('/user/assistant/:id', (c) => {
    const { status, message } = c.get('fx').assistantDetail;
    return json(c, { message: message(c.req.param('id')) }, status);
  });
  app.post('/user/assistant', async (c) => {
    const fx = c.get('fx');
    const body = await readObject(c);
    const name =
      typeof body.assistant_name === 'string' ? body.assistant_name : typeof body.name === 'string' ? body.name : 'New assistant';
    return json(
      c,
      {
        message: 'Assistant created successfully',
        data: {
          id: 4999,
          name,
          status: 'active',
          type: 'outbound',
          mode: 'pipeline',
        },
      },
      fx.createStatus,
    );
  });
  app.put('/user/assistant/:id', (c) => {
    const found = c.get('fx').assistants.find((a) => idOf(a) === c.req.param('id'));
    if (!found) return json(c, { message: 'Assistant not found' }, 404);
    return json(c, {
      message: 'Assistant updated successfully',
      data: {
        id: found.id ?? null,
        name: found.name ?? null,
        status: found.status ?? null,
        type: found.type ?? null,
        mode: found.mode ?? null,
      },
    });
  });
  app.delete('/user/assistant/:id', (c) => json(c, { message: 'Assistant deleted successfully' }));
  for (const path of ['enable-inbound-webhook', 'disable-inbound-webhook', 'enable-webhook', 'disable-webhook']) {
    app.post(`/user/assistants/${path}`, (c) => json(c, { message: 'Webhook settings updated successfully', data: [] }));
  }

  // ---- mid-call tools
  app.get('/user/tools', (c) => json(c, c.get('fx').toolsAnswer(c.get('fx').tools)));
  app.get('/user/tools/:id', (c) => {
    const found = c.get('fx').tools.find((t) => idOf(t) === c.req.param('id'));
    return found ? json(c, found) : json(c, { message: 'Tool not found' }, 404);
  });
  app.post('/user/tools', async (c) =>
    json(
      c,
      {
        message: 'Tool created successfully',
        data: { id: 699, ...(await readObject(c)) },
      },
      c.get('fx').createStatus,
    ),
  );
  app.put('/user/tools/:id', async (c) =>
    json(c, {
      message: 'Tool updated successfully',
      data: { id: Number(c.req.param('id')), ...(await readObject(c)) },
    }),
  );
  app.delete('/user/tools/:id', (c) => json(c, { message: 'Tool deleted successfully' }));

  // ---- leads (today: Laravel's paginator, 15 a page)
  app.get('/user/leads', (c) => {
    const fx = c.get('fx');
    return json(c, fx.leadsAnswer ? fx.leadsAnswer(fx.leads) : page(c, fx.leads, 15));
  });
  app.post('/user/lead', async (c) =>
    json(c, {
      message: 'Lead created successfully',
      data: { id: 9999, status: 'created', ...(await readObject(c)) },
    }),
  );
  for (const path of ['/user/leads/:id', '/leads/:id']) app.put(path, (c) => json(c, { message: 'Lead updated successfully' }));
  app.delete('/user/leads/:id', (c) => json(c, { message: 'Lead deleted successfully' }));

  // ---- campaigns
  app.get('/user/campaigns', (c) => json(c, c.get('fx').campaignsAnswer(c.get('fx').campaigns)));
  app.post('/user/campaigns', async (c) =>
    json(
      c,
      {
        message: 'Campaign created successfully',
        data: { id: 7999, status: 'draft', ...(await readObject(c)) },
      },
      c.get('fx').createStatus,
    ),
  );
  app.post('/user/campaigns/update-status', async (c) => {
    const body = await readObject(c);
    const status = body.action === 'start' ? 'running' : 'stopped';
    return json(c, {
      message: `Campaign ${status === 'running' ? 'started' : 'stopped'} successfully`,
      success: true,
      data: { campaign_id: body.campaign_id ?? null, status },
    });
  });
  app.delete('/user/campaign/:id', (c) => json(c, { message: 'Campaign deleted successfully' }));

  // ---- calls
  app.get('/user/calls', (c) => json(c, page(c, c.get('fx').calls, 15)));
  app.get('/user/calls/:id', (c) => {
    const fx = c.get('fx');
    const found = fx.calls.find((call) => idOf(call) === c.req.param('id'));
    return found ? json(c, fx.callDetail(found)) : json(c, { message: 'Call not found' }, 404);
  });
  app.delete('/user/calls/:id', (c) => json(c, { message: 'Call deleted successfully' }));
  app.post('/user/make_call', (c) =>
    json(c, {
      message: 'Call initiated successfully',
      call_id: 88999,
      status: 'initiated',
    }),
  );

  // ---- phone numbers
  app.get('/user/phone-numbers/all', (c) => json(c, c.get('fx').numbersAll));
  app.get('/user/phone-numbers/search', (c) => {
    const fx = c.get('fx');
    const country = (c.req.query('country_code') ?? 'DE').toUpperCase();
    const digits = (c.req.query('contains') ?? '').replace(/\D/g, '');
    const hits = fx.numbersForSale.filter(
      (n) => n.country_code === country && (!digits || String(n.phone_number).replace(/\D/g, '').includes(digits)),
    );
    return json(c, fx.searchAnswer(hits));
  });
  app.post('/user/phone-numbers/purchase', async (c) => {
    const body = await readObject(c);
    const sale = c.get('fx').numbersForSale.find((n) => n.phone_number === body.phone_number);
    if (!sale)
      return json(
        c,
        {
          message: 'The selected phone number is no longer available.',
          errors: {
            phone_number: ['The selected phone number is no longer available.'],
          },
        },
        422,
      );
    return json(c, {
      message: 'Phone number purchased successfully',
      data: {
        id: 9399,
        phone_number: sale.phone_number ?? null,
        country_code: sale.country_code ?? null,
      },
    });
  });
  // ---- SIP trunks (the sip-trunks pages: list, get, update; the create answer is undocumented and follows the update's)
  const trunkIds = (trunk: JsonObject): JsonObject => ({ ...trunk, inbound_trunk_id: `ST_in${idOf(trunk)}`, outbound_trunk_id: `ST_out${idOf(trunk)}` });
  const withoutPassword = (body: JsonObject): JsonObject => Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'sip_password'));
  app.get('/user/phone-numbers/sip-trunks', (c) => json(c, { data: c.get('fx').sipTrunks }));
  app.get('/user/phone-numbers/sip-trunks/:id', (c) => {
    const trunk = c.get('fx').sipTrunks.find((t) => idOf(t) === c.req.param('id'));
    return trunk ? json(c, { data: trunkIds(trunk) }) : json(c, { message: 'SIP trunk not found.' }, 404);
  });
  app.post('/user/phone-numbers/sip-trunks', async (c) => {
    const body = await readObject(c);
    const required = ['sip_trunk_type', 'phone_number', 'sip_username', 'sip_password', 'sip_address', 'sip_calling_format', 'inbound_authorization_type', 'country_code'];
    const missing = required.filter((k) => typeof body[k] !== 'string' || body[k] === '');
    if (missing.length > 0) {
      const errors: JsonObject = Object.fromEntries(missing.map((k) => [k, [`The ${k.replace(/_/g, ' ')} field is required.`]]));
      return json(c, { message: `The ${missing[0]!.replace(/_/g, ' ')} field is required.`, errors }, 422);
    }
    const now = '2025-09-10T09:00:00.000000Z';
    const data = trunkIds({ id: 9399, allowed_inbound_ips: null, outbound_proxy: false, ...withoutPassword(body), created_at: now, updated_at: now });
    return json(c, { message: 'SIP trunk created successfully.', data }, c.get('fx').createStatus);
  });
  app.put('/user/phone-numbers/sip-trunks/:id', async (c) => {
    const trunk = c.get('fx').sipTrunks.find((t) => idOf(t) === c.req.param('id'));
    if (!trunk) return json(c, { message: 'SIP trunk not found.' }, 404);
    const body = withoutPassword(await readObject(c));
    return json(c, { message: 'SIP trunk updated successfully.', data: trunkIds({ ...trunk, ...body }) });
  });
  app.put('/user/phone-numbers/:id', (c) => json(c, { message: 'Phone number updated successfully' }));
  app.delete('/user/phone-numbers/:id', (c) => json(c, { message: 'Phone number released successfully' }));

  app.notFound((c) =>
    c.json(
      {
        message: `The route ${c.req.path.replace(/^\//, '')} could not be found.`,
      },
      404,
    ),
  );
  return app;
}

async function readObject(c: Context): Promise<JsonObject> {
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as JsonObject) : {};
  } catch {
    return {};
  }
}
