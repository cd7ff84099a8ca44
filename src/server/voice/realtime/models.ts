import type { RealtimeConfig } from '../../config';
import type { Db } from '../../db/connect';

/*
 * What the realtime endpoint offers and what the start banner says of it. The endpoint is a WebSocket URL; its
 * models are listed over HTTP where OpenAI (and LocalAI) list them: GET {base}/models with ws → http and
 * wss → https. A server that cannot say (no /models, unreachable, not JSON) lists nothing, and the lookup keeps
 * its catalogue (docs/api.md).
 */

/** How long the lookup waits for the endpoint's list. */
const LIST_TIMEOUT_MS = 3_000;
/** The list is asked again after this long. */
const CACHE_MS = 60_000;

export function realtimeModelsUrl(config: Pick<RealtimeConfig, 'baseUrl'>): string {
  return `${config.baseUrl.replace(/^ws(s?):\/\//i, (_m, s: string) => `http${s.toLowerCase()}://`).replace(/\/+$/, '')}/models`;
}

const cache = new Map<string, { at: number; names: string[] }>();

/** The endpoint's model names ([] when it cannot say), REALTIME_MODEL first when set. */
export async function realtimeModels(config: RealtimeConfig): Promise<string[]> {
  const forced = config.model ? [config.model] : [];
  const url = realtimeModelsUrl(config);
  const hit = cache.get(url);
  if (hit && Date.now() - hit.at < CACHE_MS) return [...new Set([...forced, ...hit.names])];
  let names: string[] = [];
  try {
    const res = await fetch(url, { headers: config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}, signal: AbortSignal.timeout(LIST_TIMEOUT_MS) });
    if (res.ok) {
      const body = (await res.json()) as { data?: { id?: unknown }[] };
      names = (Array.isArray(body.data) ? body.data : []).map((m) => m.id).filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 255);
    }
  } catch {
    // Unreachable or not OpenAI's shape: nothing listed, the catalogue stays.
  }
  cache.set(url, { at: Date.now(), names });
  return [...new Set([...forced, ...names])];
}

/** The start banner's line on speech-to-speech. */
export function realtimeBanner(config: RealtimeConfig | null): string {
  if (!config) return 'Speech-to-speech: none, so multimodal and dualplex assistants cannot hold calls (their web calls say so, their phone calls end realtime_unavailable). Set REALTIME_BASE_URL to an OpenAI Realtime endpoint, e.g. REALTIME_BASE_URL=wss://api.openai.com/v1 with REALTIME_API_KEY.';
  return `Speech-to-speech: ${config.baseUrl} (${config.model ? `REALTIME_MODEL=${config.model} for every multimodal and dualplex assistant` : "each assistant's multimodal model"}).`;
}

/**
 * `rows` (the catalogue's models, by id) with the endpoint's realtime models added as multimodal llm_models rows
 * (made on first sight, ON CONFLICT on the unique name), so an assistant's multimodal_model_id can name them.
 */
export async function withRealtimeModels(db: Db, config: RealtimeConfig, rows: { id: number; name: string }[]): Promise<{ id: number; name: string }[]> {
  const names = await realtimeModels(config);
  if (names.length === 0) return rows;
  await db
    .insertInto('llm_models')
    .values(names.map((name) => ({ name, multimodal: true })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const endpoint = await db.selectFrom('llm_models').select(['id', 'name']).where('name', 'in', names).execute();
  const known = new Set(rows.map((r) => r.id));
  return [...rows, ...endpoint.filter((r) => !known.has(r.id))].sort((a, b) => a.id - b.id);
}
