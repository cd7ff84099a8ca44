import { Hono } from 'hono';
import { phoneNumbersQuerySchema, voicesQuerySchema } from '../../contract';
import type { AppEnv, Deps } from '../http/context';
import { parseQuery } from '../http/validate';

/*
 * The lookup lists an assistant refers to: the caller's phone numbers, the voices the caller sees
 * (public ones and the caller's own), the LLM models and the languages. Bare arrays, ordered by id.
 */
export function lookupRoutes({ db }: Deps) {
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
    const { mode } = parseQuery(c, voicesQuerySchema);
    let q = db
      .selectFrom('voices')
      .select(['id', 'name', 'mode'])
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', c.var.user.id)]));
    if (mode) q = q.where('mode', '=', mode);
    return c.json(await q.orderBy('id').execute());
  });

  r.get('/assistants/models', async (c) => {
    return c.json(await db.selectFrom('llm_models').select(['id', 'name']).orderBy('id').execute());
  });

  r.get('/assistants/languages', async (c) => {
    const rows = await db.selectFrom('languages').select(['id', 'name', 'iso_2']).orderBy('id').execute();
    // iso_2 is char(2): trimmed in case a driver pads it.
    return c.json(rows.map((row) => ({ id: row.id, name: row.name, iso_2: row.iso_2.trim() })));
  });

  return r;
}
