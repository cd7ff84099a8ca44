import { Hono } from 'hono';
import { hasDemoUser } from '../account/demo-user';
import type { AppEnv, Deps } from '../http/context';
import { sipInfo, voiceInfo } from '../live-calls/services';

/**
 * GET /api/local/info: not part of the hosted API. Tells the sign-in page that this is the local
 * service and whether it holds the demo data, so it can say where the demo token is printed.
 * A hosted API answers 404 here, which the console reads as "not the local service".
 */
export function metaRoutes({ db, voice }: Deps) {
  const r = new Hono<AppEnv>();
  r.get('/local/info', async (c) => {
    const demo = await hasDemoUser(db);
    return c.json({
      service: 'local',
      demo_data: demo,
      sign_in_hint: demo
        ? 'The demo token was printed in the terminal that ran `npm start` (line "API token for demo@example.com"). Lost it? Stop the service and run `npm run token -- demo@example.com`.'
        : 'Make a token with `npm run token -- you@example.com` (stop the service first when it uses the embedded database).',
      // What the service can do with voice (src/contract/voice.ts voiceInfoSchema): the console's "Start web call".
      voice: voiceInfo(voice ?? null),
      // Where carriers send SIP, for the Numbers page's "Our SIP address" (src/contract/sip-trunks.ts sipInfoSchema).
      sip: sipInfo(voice ?? null),
    });
  });
  return r;
}
