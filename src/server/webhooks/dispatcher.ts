import type { Db } from '../db/connect';

/*
 * STUB (issue 11, helper "webhooks" implements): claims due deliveries (lease in locked_until), sends
 * them signed, records each attempt's outcome. Returns how many attempts it made.
 */
export interface DeliveryOptions {
  /** ALLOW_PRIVATE_WEBHOOKS=1: loopback, private and link-local receivers are allowed (tests, local set-up). */
  allowPrivate: boolean;
}

export async function deliverWebhooks(db: Db, now: Date, options: DeliveryOptions): Promise<number> {
  void db;
  void now;
  void options;
  return 0;
}
