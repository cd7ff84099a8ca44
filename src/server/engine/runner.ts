import type { Db } from '../db/connect';
import { deliverWebhooks } from '../webhooks/dispatcher';
import { endIdleConversations } from '../conversations/ending';
import { advanceCalls } from './calls';
import type { Clock } from './clock';
import { dialCampaigns } from './dialer';
import type { ChatModel } from '../model/chat-model';
import { advanceTalks } from './talk/worker';
import { advanceSuites } from '../suites/worker';
import { advanceReplays } from '../replays/worker';

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
  /** The language model (LLM_BASE_URL): calls a human answers become its conversations. None: scripted calls. */
  model?: ChatModel | null;
  /** ALLOW_PRIVATE_URLS: mid-call tools may be on loopback, private and link-local addresses. */
  allowPrivateUrls?: boolean;
  /** MODEL_PRICE_PER_1K_TOKENS (config.ts). */
  modelPricePer1kTokens?: number;
  /** How long a claimed model call stays this process's (tests shorten it). */
  talkLeaseMs?: number;
  /** SUITE_PARALLELISM: a suite run's calls in flight at once. */
  suiteParallelism?: number;
  /** How long a claimed suite repetition stays this process's while it is checked (tests shorten it). */
  suiteLeaseMs?: number;
  /** Live voice: campaign calls from numbers imported from a telephony provider are dialled there (telephony/calls.ts dialOut). */
  dial?: ((callId: number) => Promise<void>) | undefined;
  /** Told of every tick once done (epoch ms): the traces' background spans (ops/tracing.ts). */
  onTick?: ((loop: string, startedAt: number, endedAt: number, failed: boolean) => void) | undefined;
}

export interface BackgroundWork {
  /**
   * One tick of every loop, in order: suite runs and replay sets (calls placed, ended ones checked), calls, dialling, calls
   * again (new dials ring), the model calls' turns, calls again (a conversation just handed back), idle
   * conversations, deliveries.
   */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

type Loop = { name: string; step: (now: Date) => Promise<unknown> };

export function startBackgroundWork(db: Db, options: BackgroundOptions): BackgroundWork {
  const model = options.model ?? null;
  const loops: Loop[] = [
    {
      name: 'Call engine',
      step: (now) => advanceCalls(db, now, { publicUrl: options.publicUrl, model, modelPricePer1kTokens: options.modelPricePer1kTokens }),
    },
    { name: 'Campaign dialler', step: (now) => dialCampaigns(db, now, { logDials: options.logDials, dial: options.dial }) },
    {
      name: 'Webhook deliveries',
      step: (now) =>
        deliverWebhooks(db, now, { allowPrivate: options.allowPrivateWebhooks, timeoutMs: options.webhookTimeoutMs, leaseMs: options.webhookLeaseMs }),
    },
    { name: 'Idle conversations', step: (now) => endIdleConversations(db, now) },
  ];
  // The model calls' turns: a loop of their own, so a slow model never holds up the engine's other calls.
  if (model) {
    const talkOptions = { model, allowPrivateUrls: options.allowPrivateUrls ?? false, ...(options.talkLeaseMs ? { leaseMs: options.talkLeaseMs } : {}) };
    loops.push({ name: 'Model calls', step: (now) => advanceTalks(db, now, talkOptions) });
    // Suite runs place calls the model holds and check them: nothing to do without a model.
    const suiteOptions = { model, ...(options.suiteParallelism ? { parallelism: options.suiteParallelism } : {}), ...(options.suiteLeaseMs ? { leaseMs: options.suiteLeaseMs } : {}) };
    loops.push({ name: 'Suite runs', step: (now) => advanceSuites(db, now, suiteOptions) });
    // Replay sets: the same two steps over their pairs (replays/worker.ts).
    loops.push({ name: 'Replays', step: (now) => advanceReplays(db, now, suiteOptions) });
  }
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
        const startedAt = Date.now();
        let failed = false;
        const p = loop
          .step(options.clock.now())
          .catch((e: unknown) => {
            failed = true;
            if (!stopped) onError(loop.name, e);
          })
          .finally(() => {
            busy = false;
            running.delete(p);
            options.onTick?.(loop.name, startedAt, Date.now(), failed);
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
      const [calls, dialler, deliveries, conversations, talks, suites, replays] = loops as [Loop, Loop, Loop, Loop, Loop | undefined, Loop | undefined, Loop | undefined];
      if (suites) await suites.step(options.clock.now());
      if (replays) await replays.step(options.clock.now());
      await calls.step(options.clock.now());
      await dialler.step(options.clock.now());
      await calls.step(options.clock.now());
      if (talks) {
        await talks.step(options.clock.now());
        await calls.step(options.clock.now());
      }
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
