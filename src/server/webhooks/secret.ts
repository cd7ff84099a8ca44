import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';

/*
 * The per-user signing secret of webhooks, in the Standard Webhooks form ("whsec_" + base64 of the key).
 * Made on first need, so users who never receive a webhook never get one.
 */

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The user's secret, made now when there is none; two callers racing end with the same one (COALESCE). */
export async function webhookSecretOf(db: Db, userId: number): Promise<string> {
  const known = await db.selectFrom('users').select('webhook_secret').where('id', '=', userId).executeTakeFirst();
  if (known?.webhook_secret) return known.webhook_secret;
  const row = await db
    .updateTable('users')
    .set({ webhook_secret: sql<string>`COALESCE(webhook_secret, ${newWebhookSecret()})` })
    .where('id', '=', userId)
    .returning('webhook_secret')
    .executeTakeFirst();
  if (!row?.webhook_secret) throw new Error(`No user ${userId}`);
  return row.webhook_secret;
}

/** A new secret: attempts from now on (retries of earlier deliveries included) are signed with it. */
export async function rotateWebhookSecret(db: Db, userId: number): Promise<string> {
  const secret = newWebhookSecret();
  await db.updateTable('users').set({ webhook_secret: secret }).where('id', '=', userId).execute();
  return secret;
}
