import { sql } from 'kysely';
import type { Db } from '../db/connect';

/** The TTS (synthesizer) or STT (transcriber) providers, by id: all, or those serving one language. */
export async function providersServing(
  db: Db,
  table: 'synthesizer_providers' | 'transcriber_providers',
  languageId: number | undefined,
) {
  let q = db.selectFrom(table).select(['id', 'name', 'code']);
  if (languageId !== undefined) {
    // An unknown language has no provider; iso_codes NULL serves every known one.
    const language = await db.selectFrom('languages').select('iso_2').where('id', '=', languageId).executeTakeFirst();
    if (!language) return [];
    const iso = language.iso_2.trim();
    q = q.where((eb) => eb.or([eb('iso_codes', 'is', null), eb(sql<string>`${iso}`, '=', sql<string>`ANY(iso_codes)`)]));
  }
  return q.orderBy('id').execute();
}
