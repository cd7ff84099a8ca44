import { OUTCOMES } from '../engine/plan';
import type { TestService } from './harness';
import { until } from './until';

/*
 * The end of a live call as the tests of the voice transports wait for it: the socket or stream hands the call
 * back, and the engine's next tick of the background work gives it its outcome.
 */

/** The call's row as it is now. */
export const callRow = (svc: TestService, id: number) => svc.handle.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const FINAL: readonly string[] = OUTCOMES;

/** Runs the background work until the call has its outcome (a final status, the engine done with it): its row. */
export const callEnded = (svc: TestService, id: number) =>
  until(`call ${id} to end`, async () => {
    await svc.work.runOnce();
    const row = await callRow(svc, id);
    return FINAL.includes(row.status) && row.engine_next_at === null ? row : undefined;
  });
