import type { Health as HealthBody } from '../../contract/ops';
import { liveCalls } from './live-calls';

/*
 * Whether this process takes new calls, as GET /healthz says it (the load balancer's check, deploy/haproxy.cfg):
 * starting (the database opening), ready, or draining (a SIGTERM: no new calls, live ones play out).
 */

export type HealthPhase = HealthBody['status'];

export interface Health {
  readonly phase: HealthPhase;
  ready(): void;
  drain(): void;
}

export function processHealth(): Health {
  let phase: HealthPhase = 'starting';
  return {
    get phase() {
      return phase;
    },
    ready() {
      if (phase === 'starting') phase = 'ready';
    },
    drain() {
      phase = 'draining';
    },
  };
}

/** GET /healthz's body (src/contract/ops.ts healthSchema): 200 when taking calls, else 503. */
export function healthAnswer(health: Health): { status: number; body: HealthBody } {
  return { status: health.phase === 'ready' ? 200 : 503, body: { status: health.phase, live_calls: liveCalls().length } };
}
