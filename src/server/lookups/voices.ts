import type { z } from 'zod';
import type { voicesQuerySchema } from '../../contract';
import type { Db } from '../db/connect';

/** The voices the caller sees (public ones and the caller's own), by id, of one mode and language when asked. */
export function visibleVoices(db: Db, userId: number, { mode, language_id }: z.output<typeof voicesQuerySchema>) {
  let q = db
    .selectFrom('voices')
    .select(['id', 'name', 'mode', 'language_id', 'gender', 'accent', 'age', 'preview_url', 'synthesizer_provider_id'])
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]));
  if (mode) q = q.where('mode', '=', mode);
  if (language_id !== undefined) q = q.where('language_id', '=', language_id);
  return q.orderBy('id').execute();
}
