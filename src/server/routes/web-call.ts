import { Hono } from 'hono';
import { keepAsWebCall } from '../calls/web-call';
import { publish } from '../events/bus';
import type { AppEnv, Deps } from '../http/context';
import { HttpError, notFound } from '../http/errors';

const CONVERSATION_NOT_FOUND = 'Conversation not found';

/**
 * POST /api/conversations/{uuid}/web-call (our extension): keeps the conversation as a call of type web
 * (calls/web-call.ts) and answers `{call_id}`. Errors in the conversation family's `{status: false, error}`.
 */
export function webCallRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();
  r.onError((err, c) => {
    if (err instanceof HttpError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      return c.json({ status: false, error: err.message }, err.status);
    }
    console.error('Unhandled error', err);
    return c.json({ message: 'Server Error' }, 500);
  });

  r.post('/conversations/:uuid/web-call', async (c) => {
    const kept = await keepAsWebCall(db, c.var.user.id, c.req.param('uuid'), now());
    if (!kept) throw notFound(CONVERSATION_NOT_FOUND);
    publish(db, kept.event);
    return c.json({ call_id: kept.callId });
  });
  return r;
}
