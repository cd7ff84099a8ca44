import { Hono } from 'hono';
import { replaysQuery, saveReplayScenarioRequest, startReplayRequest } from '../../contract';
import type { AppEnv, Deps } from '../http/context';
import { HttpError } from '../http/errors';
import { paginate } from '../http/pagination';
import { idParam, parseBody, parseQuery } from '../http/validate';
import { PAIR_NOT_FOUND, saveAsScenario } from '../replays/scenario';
import { cancelSet, ownSet, SET_NOT_FOUND, setsPage, setWithPairs, startSet } from '../replays/sets';
import { scenarioResource } from '../suites/scenarios';

/*
 * Our extension: replay sets (replays/). Starting one answers at once (201) with the set and its queued
 * pairs; the background work places the replays and compares them, and the set is read again for progress.
 * Without a language model nothing can be replayed: 503 naming LLM_BASE_URL.
 */

export const REPLAYS_NEED_MODEL =
  'Replays need a language model: the model plays the original caller, holds the assistant\'s side and judges what changed. Set LLM_BASE_URL to an OpenAI-compatible endpoint and start the service again.';

export function replayRoutes({ db, now, model }: Deps) {
  const r = new Hono<AppEnv>();

  r.post('/replays', async (c) => {
    const request = await parseBody(c, startReplayRequest);
    if (!model) throw new HttpError(503, REPLAYS_NEED_MODEL);
    const set = await startSet(db, { userId: c.var.user.id, request, model, now: now() });
    return c.json({ message: 'Replay set started', data: await setWithPairs(db, c.var.user.id, set.id) }, 201);
  });

  r.get('/replays', async (c) => {
    const q = parseQuery(c, replaysQuery);
    const { total, rows } = await setsPage(db, c.var.user.id, q.assistant_id, q.page, q.per_page);
    return c.json(paginate(c.req.url, q.page, q.per_page, total, rows));
  });

  r.get('/replays/:id', async (c) => {
    const id = idParam(c, 'id', SET_NOT_FOUND);
    return c.json({ data: await setWithPairs(db, c.var.user.id, id) });
  });

  r.post('/replays/:id/cancel', async (c) => {
    const id = idParam(c, 'id', SET_NOT_FOUND);
    return c.json({ message: 'Replay set cancelled', data: await cancelSet(db, now(), c.var.user.id, id) });
  });

  r.post('/replays/:id/pairs/:pair/scenario', async (c) => {
    const id = idParam(c, 'id', SET_NOT_FOUND);
    const pair = idParam(c, 'pair', PAIR_NOT_FOUND);
    await ownSet(db, c.var.user.id, id);
    const body = await parseBody(c, saveReplayScenarioRequest);
    const row = await saveAsScenario(db, now(), c.var.user.id, id, pair, body);
    return c.json({ message: 'Scenario created', data: scenarioResource(row) }, 201);
  });

  return r;
}
