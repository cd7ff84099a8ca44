import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect';

export function hashToken(token: string): string {
  // The one-shot form: no Hash object a call (every authenticated request hashes its token).
  return hash('sha256', token, 'hex');
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
  forgetUser(userId);
}

/*
 * Every authenticated request looked its token up: a database round trip as dear as the page query on a
 * busy server (issue 15, bench:api). Tokens that resolved are remembered for TOKEN_CACHE_MS, keyed by
 * their hash and by the database they resolved in. revokeTokens forgets its user's at once in this
 * process; a token deleted by another process (or by hand in SQL) still works here for up to
 * TOKEN_CACHE_MS. Unknown tokens are never remembered, so a token issued elsewhere works at once.
 */
export const TOKEN_CACHE_MS = 5_000;
/** Past this many entries the expired ones are swept; a flood of distinct valid tokens cannot grow it for ever. */
const TOKEN_CACHE_MAX = 10_000;

interface TokenUser {
  id: number;
  email: string;
}

const remembered = new Map<string, { db: Db; user: TokenUser; until: number }>();

function forgetUser(userId: number): void {
  // Every database's entries for the id: the revoking Db may be a transaction of the one that cached.
  for (const [hash, entry] of remembered) if (entry.user.id === userId) remembered.delete(hash);
}

function remember(db: Db, hash: string, user: TokenUser, now: number): void {
  if (remembered.size >= TOKEN_CACHE_MAX) {
    for (const [h, e] of remembered) if (e.until <= now) remembered.delete(h);
    if (remembered.size >= TOKEN_CACHE_MAX) remembered.clear();
  }
  remembered.set(hash, { db, user, until: now + TOKEN_CACHE_MS });
}

export async function userForToken(db: Db, token: string): Promise<TokenUser | undefined> {
  const hash = hashToken(token);
  const now = Date.now();
  const hit = remembered.get(hash);
  if (hit && hit.db === db && hit.until > now) return hit.user;
  const user = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select(['users.id', 'users.email'])
    .where('api_tokens.token_hash', '=', hash)
    .executeTakeFirst();
  if (user) remember(db, hash, user, now);
  else remembered.delete(hash);
  return user;
}
