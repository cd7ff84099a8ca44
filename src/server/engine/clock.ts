/*
 * The one clock of the service: routes (Deps.now), the call engine, campaign dialling and webhook retries
 * all read it, so a test that moves it moves everything together. Leases between processes
 * (webhook_deliveries.locked_until) use the database's own clock instead: they guard real seconds.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets and advances by hand; it never moves on its own. */
export class TestClock implements Clock {
  private ms: number;
  constructor(start: Date | string | number = Date.now()) {
    this.ms = new Date(start).getTime();
  }
  now = (): Date => new Date(this.ms);
  advance(ms: number): Date {
    this.ms += ms;
    return this.now();
  }
  set(at: Date | string | number): Date {
    this.ms = new Date(at).getTime();
    return this.now();
  }
}
