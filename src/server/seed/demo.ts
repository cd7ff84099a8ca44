import type { Db } from '../db/connect';

/** TODO(issue 2): the demo data. Returns the tokens made, one per seeded user. */
export async function seedDemo(_db: Db): Promise<{ email: string; token: string }[]> {
  return [];
}
