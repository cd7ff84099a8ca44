import { serve } from '@hono/node-server';
import { createModelStandIn } from './stand-in';

/*
 * `npx tsx e2e/llm/serve.ts`: the language-model stand-in on MODEL_STAND_IN_PORT (default 8092), for the
 * browser tests (playwright.config.ts starts it and points the service's LLM_BASE_URL at it) or by hand:
 * LLM_BASE_URL=http://127.0.0.1:8092/v1 LLM_MODEL=stand-in ALLOW_PRIVATE_URLS=1 npm start
 */
const port = Number(process.env.MODEL_STAND_IN_PORT ?? 8092);
const server = serve({ fetch: createModelStandIn().fetch, port, hostname: '127.0.0.1' }, (info) => {
  console.log(`Language-model stand-in on http://127.0.0.1:${info.port}/v1`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
