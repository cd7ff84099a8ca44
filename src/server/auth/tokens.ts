import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect';

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new token for the user with this email (made if missing). Only its hash is stored. */
export async function issueToken(db: Db, email: string, tokenName = 'default'): Promise<{ token: string; userId: number }> {
  const normalized = email.trim().toLowerCase();
  let user = await db.selectFrom('users').select('id').where('email', '=', normalized).executeTakeFirst();
  if (!user) {
    const name = normalized.split('@')[0] ?? normalized;
    user = await db
      .insertInto('users')
      .values({ email: normalized, name })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  const token = `vc_${randomBytes(24).toString('base64url')}`;
  await db.insertInto('api_tokens').values({ user_id: user.id, token_hash: hashToken(token), name: tokenName }).execute();
  return { token, userId: user.id };
}

export async function revokeTokens(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
}

export async function userForToken(db: Db, token: string): Promise<{ id: number; email: string } | undefined> {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select(['users.id', 'users.email'])
    .where('api_tokens.token_hash', '=', hashToken(token))
    .executeTakeFirst();
}
