import { z } from 'zod';

/*
 * The service's operations endpoints outside /api (the load balancer's and Prometheus' side):
 * GET /healthz answers 200 when the process takes new calls, 503 while it starts or drains.
 */

export const healthSchema = z.object({
  status: z.enum(['starting', 'ready', 'draining']),
  /** Live voice calls this process holds (a draining process exits when they reach 0). */
  live_calls: z.number().int().nonnegative(),
});
export type Health = z.infer<typeof healthSchema>;
