import { Hono } from 'hono';
import { sql } from 'kysely';
import { modelsQuerySchema, phoneNumbersQuerySchema, providersQuerySchema, voicesQuerySchema } from '../../contract';
import type { AppEnv, Deps } from '../http/context';
import { parseQuery } from '../http/validate';
import { withEndpointModels } from '../model/catalogue';

/*
 * The lookup lists an assistant refers to: the caller's phone numbers, the voices the caller sees
 * (public ones and the caller's own), the LLM models, the languages and the TTS/STT providers.
 * Bare arrays, ordered by id.
 */
export function lookupRoutes({ db, model }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/assistants/phone-numbers', async (c) => {
    const { type } = parseQuery(c, phoneNumbersQuerySchema);
    let q = db
      .selectFrom('phone_numbers as p')
      .select((eb) => [
        'p.id',
        'p.phone_number',
        'p.country_code',
        'p.type_label',
        // Computed, never stored: free unless a live inbound assistant holds the number.
        eb
          .not(
            eb.exists(
              eb
                .selectFrom('assistants as a')
                .select('a.id')
                .whereRef('a.phone_number_id', '=', 'p.id')
                .where('a.type', '=', 'inbound')
                .where('a.deleted_at', 'is', null),
            ),
          )
          .as('is_available'),
      ])
      .where('p.user_id', '=', c.var.user.id);
    if (type === 'inbound') {
      // A number to receive calls on: no Caller ID numbers, none an inbound assistant already holds.
      q = q.where('p.type_label', '<>', 'Caller ID').where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('assistants as a')
              .select('a.id')
              .whereRef('a.phone_number_id', '=', 'p.id')
              .where('a.type', '=', 'inbound')
              .where('a.deleted_at', 'is', null),
          ),
        ),
      );
    }
    const rows = await q.orderBy('p.id').execute();
    return c.json(
      rows.map((row) => ({
        id: row.id,
        phone_number: row.phone_number,
        country_code: row.country_code,
        type_label: row.type_label,
        is_available: Boolean(row.is_available),
      })),
    );
  });

  r.get('/assistants/voices', async (c) => {
    const { mode, language_id } = parseQuery(c, voicesQuerySchema);
    let q = db
      .selectFrom('voices')
      .select(['id', 'name', 'mode', 'language_id', 'gender', 'accent', 'age', 'preview_url', 'synthesizer_provider_id'])
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', c.var.user.id)]));
    if (mode) q = q.where('mode', '=', mode);
    if (language_id !== undefined) q = q.where('language_id', '=', language_id);
    return c.json(await q.orderBy('id').execute());
  });

  r.get('/assistants/models', async (c) => {
    const { type } = parseQuery(c, modelsQuerySchema);
    let q = db.selectFrom('llm_models').select(['id', 'name']);
    if (type) q = q.where('multimodal', '=', type === 'multimodal');
    return c.json(await withEndpointModels(db, model, await q.orderBy('id').execute(), type));
  });

  for (const table of ['synthesizer_providers', 'transcriber_providers'] as const) {
    const path = `/assistants/${table.replace('_providers', '-providers')}`;
    r.get(path, async (c) => {
      const { language_id } = parseQuery(c, providersQuerySchema);
      let q = db.selectFrom(table).select(['id', 'name', 'code']);
      if (language_id !== undefined) {
        // An unknown language has no provider; iso_codes NULL serves every known one.
        const language = await db.selectFrom('languages').select('iso_2').where('id', '=', language_id).executeTakeFirst();
        if (!language) return c.json([]);
        const iso = language.iso_2.trim();
        q = q.where((eb) => eb.or([eb('iso_codes', 'is', null), eb(sql<string>`${iso}`, '=', sql<string>`ANY(iso_codes)`)]));
      }
      return c.json(await q.orderBy('id').execute());
    });
  }

  r.get('/assistants/languages', async (c) => {
    const rows = await db.selectFrom('languages').select(['id', 'name', 'iso_2']).orderBy('id').execute();
    // iso_2 is char(2): trimmed in case a driver pads it.
    return c.json(rows.map((row) => ({ id: row.id, name: row.name, iso_2: row.iso_2.trim() })));
  });

  return r;
}
