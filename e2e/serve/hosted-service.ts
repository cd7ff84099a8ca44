import { serve } from '@hono/node-server';
import { createStandIn } from '../../src/server/test/stand-ins/hosted-service';

/*
 * `npx tsx e2e/serve/hosted-service.ts`: the hosted-service stand-in (src/server/test/stand-ins/hosted-service.ts)
 * on STAND_IN_PORT (default 8090), for the browser tests (playwright.config.ts starts it) or by hand:
 * API_UPSTREAM=http://127.0.0.1:8090/api npm start.
 */
const port = Number(process.env.STAND_IN_PORT ?? 8090);
const server = serve({ fetch: createStandIn().fetch, port, hostname: '127.0.0.1' }, (info) => {
  console.log(`Hosted-service stand-in on http://127.0.0.1:${info.port}/api`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
