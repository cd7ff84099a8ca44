import type { Db } from '../db/connect';
import { deliverWebhooks } from '../webhooks/dispatcher';
import { endIdleConversations } from '../conversations/ending';
import { advanceCalls } from './calls';
import type { Clock } from './clock';
import { dialCampaigns } from './dialer';

/*
 * The service's background work: the call engine, campaign dialling and webhook deliveries, each a loop of
 * its own (a slow receiver never holds up a call), each claiming its rows in the database so several
 * service processes on one PostgreSQL share the work. Tests drive it by hand with `runOnce` on a TestClock.
 */
export interface BackgroundOptions {
  clock: Clock;
  /** Milliseconds between ticks of each loop; 0 starts no timers (tests call runOnce). */
  tickMs: number;
  allowPrivateWebhooks: boolean;
  /** PUBLIC_URL: the base of recording links in webhook payloads (unless given, the default port here). */
  publicUrl?: string;
  /** DIALER_LOG: one line per campaign dial. */
  logDials?: boolean;
  /** WEBHOOK_TIMEOUT_MS and WEBHOOK_LEASE_MS; unset, the dispatcher's defaults. */
  webhookTimeoutMs?: number | undefined;
  webhookLeaseMs?: number | undefined;
  onError?: (what: string, e: unknown) => void;
}

export interface BackgroundWork {
  /** One tick of every loop, in order: calls, dialling, calls again (new dials ring), idle conversations, deliveries. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

type Loop = { name: string; step: (now: Date) => Promise<unknown> };

export function startBackgroundWork(db: Db, options: BackgroundOptions): BackgroundWork {
  const loops: Loop[] = [
    { name: 'Call engine', step: (now) => advanceCalls(db, now, { publicUrl: options.publicUrl }) },
    { name: 'Campaign dialler', step: (now) => dialCampaigns(db, now, { logDials: options.logDials }) },
    {
      name: 'Webhook deliveries',
      step: (now) =>
        deliverWebhooks(db, now, { allowPrivate: options.allowPrivateWebhooks, timeoutMs: options.webhookTimeoutMs, leaseMs: options.webhookLeaseMs }),
    },
    { name: 'Idle conversations', step: (now) => endIdleConversations(db, now) },
  ];
  const onError = options.onError ?? ((what, e) => console.error(`${what}:`, e instanceof Error ? e.message : e));
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];

  if (options.tickMs > 0) {
    for (const loop of loops) {
      let busy = false;
      const tick = () => {
        if (busy || stopped) return;
        busy = true;
        const p = loop
          .step(options.clock.now())
          .catch((e: unknown) => {
            if (!stopped) onError(loop.name, e);
          })
          .finally(() => {
            busy = false;
            running.delete(p);
          });
        running.add(p);
      };
      const timer = setInterval(tick, options.tickMs);
      timer.unref();
      timers.push(timer);
      tick();
    }
  }

  return {
    async runOnce() {
      const [calls, dialler, deliveries, conversations] = loops as [Loop, Loop, Loop, Loop];
      await calls.step(options.clock.now());
      await dialler.step(options.clock.now());
      await calls.step(options.clock.now());
      await conversations.step(options.clock.now());
      await deliveries.step(options.clock.now());
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running]);
    },
  };
}
