import type { Db } from '../db/connect';
import { HttpError, notFound } from '../http/errors';
import { PHONE_NUMBER_NOT_FOUND } from './owned';

/** "assistant Reception (#4), campaign Spring (#2)": who holds a number, for the release refusal. */
async function holdersOf(db: Db, userId: number, phoneId: number): Promise<string[]> {
  const [assistants, campaigns] = await Promise.all([
    db
      .selectFrom('assistants')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .where('phone_number_id', '=', phoneId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('campaign_phone_numbers as cp')
      .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
      .select(['c.id', 'c.name'])
      .where('c.user_id', '=', userId)
      .where('cp.phone_number_id', '=', phoneId)
      .orderBy('c.id')
      .execute(),
  ]);
  return [
    ...assistants.map((a) => `assistant ${a.name} (#${a.id})`),
    ...campaigns.map((c) => `campaign ${c.name} (#${c.id})`),
  ];
}

/**
 * Releases one of the caller's numbers: a 404 when it is not theirs, a 422 naming who holds it while an
 * assistant or a campaign uses it.
 */
export async function releaseNumber(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('phone_numbers')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(PHONE_NUMBER_NOT_FOUND);
    const holders = await holdersOf(trx, userId, id);
    if (holders.length > 0) {
      throw new HttpError(422, `The phone number is used by ${holders.join(', ')}. Remove it there before releasing it.`);
    }
    // The inventory row, if it came from one, goes back on sale (phone_number_id ON DELETE SET NULL).
    await trx.deleteFrom('phone_numbers').where('id', '=', id).where('user_id', '=', userId).execute();
  });
}
