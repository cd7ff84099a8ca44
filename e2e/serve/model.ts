import { conversation, STAND_IN_MODEL, startStandInModel } from '../../src/server/test/stand-ins/model';

/*
 * `npx tsx e2e/serve/model.ts`: the language-model stand-in (src/server/test/stand-ins/model.ts) on
 * MODEL_STAND_IN_PORT (default 8092), for the browser tests (playwright.config.ts starts it and points the
 * service's LLM_BASE_URL at it) or by hand:
 * LLM_BASE_URL=http://127.0.0.1:8092/v1 LLM_MODEL=stand-in ALLOW_PRIVATE_URLS=1 npm start
 * It answers every conversation from the stateless `conversation` script, for any model name, and serves the
 * tests' order tool at GET /tools/order-status.
 */
const port = Number(process.env.MODEL_STAND_IN_PORT ?? 8092);
const model = await startStandInModel({ port, models: [STAND_IN_MODEL], fallback: conversation, anyModel: true });
console.log(`Language-model stand-in on ${model.baseUrl}`);
const stop = () => {
  void model.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
