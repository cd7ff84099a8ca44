import type { Db } from '../db/connect';

/** The languages, by id. */
export async function languages(db: Db) {
  const rows = await db.selectFrom('languages').select(['id', 'name', 'iso_2']).orderBy('id').execute();
  // iso_2 is char(2): trimmed in case a driver pads it.
  return rows.map((row) => ({ id: row.id, name: row.name, iso_2: row.iso_2.trim() }));
}
