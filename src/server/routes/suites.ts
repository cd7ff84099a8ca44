import { Hono } from 'hono';
import { scenarioRequest, startSuiteRunRequest, suiteRunsQuery } from '../../contract';
import type { AppEnv, Deps } from '../http/context';
import { HttpError } from '../http/errors';
import { paginate } from '../http/pagination';
import { idParam, parseBody, parseQuery } from '../http/validate';
import { cancelRun, RUN_NOT_FOUND, runsPage, runWithItems, startRun } from '../suites/runs';
import { ASSISTANT_NOT_FOUND, createScenario, deleteScenario, listScenarios, SCENARIO_NOT_FOUND, scenarioResource, updateScenario } from '../suites/scenarios';

/*
 * Our extension: an assistant's test scenarios and runs of them (suites/). Starting a run answers at once
 * (201) with the run; the background work places its calls and checks them, and the run is read again for
 * progress. Without a language model a run cannot start: 503 naming LLM_BASE_URL.
 */

export const SUITES_NEED_MODEL =
  'Test suites need a language model: the model plays the caller, holds the assistant\'s side and judges. Set LLM_BASE_URL to an OpenAI-compatible endpoint and start the service again ' +
  '(with Ollama: `ollama serve`, `ollama pull llama3.2`, then `LLM_BASE_URL=http://localhost:11434/v1 LLM_MODEL=llama3.2 npm start`).';

export function suiteRoutes({ db, now, model }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/assistant/:id/scenarios', async (c) => {
    const assistantId = idParam(c, 'id', ASSISTANT_NOT_FOUND);
    const rows = await listScenarios(db, c.var.user.id, assistantId);
    // model_ready: whether runs can start here (the console says how to connect a model before one is tried).
    return c.json({ data: rows.map(scenarioResource), model_ready: Boolean(model) });
  });

  r.post('/assistant/:id/scenarios', async (c) => {
    const assistantId = idParam(c, 'id', ASSISTANT_NOT_FOUND);
    const input = await parseBody(c, scenarioRequest);
    const row = await createScenario(db, now(), c.var.user.id, assistantId, input);
    return c.json({ message: 'Scenario created', data: scenarioResource(row) }, 201);
  });

  r.put('/scenarios/:id', async (c) => {
    const id = idParam(c, 'id', SCENARIO_NOT_FOUND);
    const input = await parseBody(c, scenarioRequest);
    const row = await updateScenario(db, now(), c.var.user.id, id, input);
    return c.json({ message: 'Scenario updated', data: scenarioResource(row) });
  });

  r.delete('/scenarios/:id', async (c) => {
    const id = idParam(c, 'id', SCENARIO_NOT_FOUND);
    await deleteScenario(db, c.var.user.id, id);
    return c.json({ message: 'Scenario deleted' });
  });

  r.post('/assistant/:id/suite-runs', async (c) => {
    const assistantId = idParam(c, 'id', ASSISTANT_NOT_FOUND);
    const request = await parseBody(c, startSuiteRunRequest);
    if (!model) throw new HttpError(503, SUITES_NEED_MODEL);
    const run = await startRun(db, { userId: c.var.user.id, assistantId, request, model, now: now() });
    return c.json({ message: 'Suite run started', data: await runWithItems(db, c.var.user.id, run.id) }, 201);
  });

  r.get('/assistant/:id/suite-runs', async (c) => {
    const assistantId = idParam(c, 'id', ASSISTANT_NOT_FOUND);
    const q = parseQuery(c, suiteRunsQuery);
    const { total, rows } = await runsPage(db, c.var.user.id, assistantId, q.page, q.per_page);
    return c.json(paginate(c.req.url, q.page, q.per_page, total, rows));
  });

  r.get('/suite-runs/:id', async (c) => {
    const id = idParam(c, 'id', RUN_NOT_FOUND);
    return c.json({ data: await runWithItems(db, c.var.user.id, id) });
  });

  r.post('/suite-runs/:id/cancel', async (c) => {
    const id = idParam(c, 'id', RUN_NOT_FOUND);
    return c.json({ message: 'Suite run cancelled', data: await cancelRun(db, now(), c.var.user.id, id) });
  });

  return r;
}
