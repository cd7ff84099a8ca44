import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/context';
import type { VoiceServices } from '../../live-calls/services';
import { answerInbound, applyMachineDetection, applyStatus, type WebhookResult } from '../calls';

/*
 * Twilio's webhooks of an imported number (public: Twilio sends no token; each request is checked against the
 * number's auth token instead, X-Twilio-Signature over the URL rebuilt from PUBLIC_URL and the form parameters):
 * POST /api/telephony/twilio/voice/{phone number id} answers TwiML, POST …/status/{id} takes status callbacks,
 * POST …/amd/{id} the answering-machine verdicts of outbound calls (AsyncAmdStatusCallback).
 */

async function formOf(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') params[name] = value;
  return params;
}

/** The URL Twilio requested, as Twilio saw it: PUBLIC_URL, then the path and query this request came with. */
function publicUrlOf(c: Context, publicUrl: string): string {
  const url = new URL(c.req.url);
  return `${publicUrl.replace(/\/+$/, '')}${url.pathname}${url.search}`;
}

function answer(c: Context, result: WebhookResult): Response {
  if (result.status !== 200) return c.json({ message: result.message }, result.status);
  return c.body(result.answer.body, 200, { 'Content-Type': result.answer.contentType });
}

export function twilioWebhookRoutes(services: VoiceServices | null) {
  const r = new Hono<AppEnv>();
  const idOf = (c: Context) => {
    const id = Number(c.req.param('id'));
    return Number.isInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
  };
  r.post('/telephony/twilio/voice/:id', async (c) => {
    const id = idOf(c);
    if (!services || id === null) return c.json({ message: 'No such number.' }, 404);
    return answer(c, await answerInbound(services, 'twilio', id, publicUrlOf(c, services.publicUrl), await formOf(c), c.req.raw.headers));
  });
  r.post('/telephony/twilio/status/:id', async (c) => {
    const id = idOf(c);
    if (!services || id === null) return c.json({ message: 'No such number.' }, 404);
    return answer(c, await applyStatus(services, 'twilio', id, publicUrlOf(c, services.publicUrl), await formOf(c), c.req.raw.headers));
  });
  r.post('/telephony/twilio/amd/:id', async (c) => {
    const id = idOf(c);
    if (!services || id === null) return c.json({ message: 'No such number.' }, 404);
    return answer(c, await applyMachineDetection(services, 'twilio', id, publicUrlOf(c, services.publicUrl), await formOf(c), c.req.raw.headers));
  });
  return r;
}
