import { Hono } from 'hono';
import { modelsQuerySchema, phoneNumbersQuerySchema, providersQuerySchema, voicesQuerySchema } from '../../contract';
import type { AppEnv, Deps } from '../http/context';
import { parseQuery } from '../http/validate';
import { languages } from '../lookups/languages';
import { llmModels } from '../lookups/models';
import { assistantPhoneNumbers } from '../lookups/phone-numbers';
import { providersServing } from '../lookups/providers';
import { visibleVoices } from '../lookups/voices';
import { withEndpointModels } from '../model/catalogue';
import { withRealtimeModels } from '../voice/realtime/models';

/*
 * The lookup lists an assistant refers to: the caller's phone numbers, the voices the caller sees
 * (public ones and the caller's own), the LLM models, the languages and the TTS/STT providers.
 * Bare arrays, ordered by id.
 */
export function lookupRoutes({ db, model, voice }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/assistants/phone-numbers', async (c) => {
    return c.json(await assistantPhoneNumbers(db, c.var.user.id, parseQuery(c, phoneNumbersQuerySchema)));
  });

  r.get('/assistants/voices', async (c) => {
    return c.json(await visibleVoices(db, c.var.user.id, parseQuery(c, voicesQuerySchema)));
  });

  r.get('/assistants/models', async (c) => {
    const q = parseQuery(c, modelsQuerySchema);
    const rows = await withEndpointModels(db, model, await llmModels(db, q), q.type);
    // The realtime endpoint's own models beside the catalogue's multimodal ones (voice/realtime/models.ts).
    return c.json(voice?.realtimeConfig && q.type !== 'llm' ? await withRealtimeModels(db, voice.realtimeConfig, rows) : rows);
  });

  for (const table of ['synthesizer_providers', 'transcriber_providers'] as const) {
    const path = `/assistants/${table.replace('_providers', '-providers')}`;
    r.get(path, async (c) => {
      const { language_id } = parseQuery(c, providersQuerySchema);
      return c.json(await providersServing(db, table, language_id));
    });
  }

  r.get('/assistants/languages', async (c) => {
    return c.json(await languages(db));
  });

  return r;
}
