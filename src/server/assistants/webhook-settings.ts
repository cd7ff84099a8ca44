import type { Db } from '../db/connect';
import type { AssistantUpdate } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { notFound } from '../http/errors';
import { ASSISTANT_NOT_FOUND } from './read';
import { isRowId } from './references';

/*
 * The webhook switches of an assistant (the call-end webhook and the inbound webhook), set one at a time
 * on one of the caller's live assistants; a missing or foreign one is a 404.
 */

async function setOwn(db: Db, now: () => Date, userId: number, assistantId: number, cols: AssistantUpdate): Promise<void> {
  if (!isRowId(assistantId)) throw notFound(ASSISTANT_NOT_FOUND);
  const res = await db
    .updateTable('assistants')
    .set({ ...cols, updated_at: toDbTimestamp(now()) })
    .where('id', '=', assistantId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(ASSISTANT_NOT_FOUND);
}

/** The inbound webhook's URL; null switches it off. */
export function setInboundWebhook(db: Db, now: () => Date, userId: number, assistantId: number, url: string | null): Promise<void> {
  return setOwn(db, now, userId, assistantId, { inbound_webhook_url: url });
}

export function enableWebhook(db: Db, now: () => Date, userId: number, assistantId: number, url: string): Promise<void> {
  return setOwn(db, now, userId, assistantId, { is_webhook_active: true, webhook_url: url });
}

/** The URL stays, so switching the webhook back on needs only is_webhook_active. */
export function disableWebhook(db: Db, now: () => Date, userId: number, assistantId: number): Promise<void> {
  return setOwn(db, now, userId, assistantId, { is_webhook_active: false });
}
