import type { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/connect';
import { liveCalls, observeCalls } from './live-calls';
import { voiceErrors, type VoicePart } from './voice-errors';

/*
 * GET /metrics in Prometheus' text format (prom-client): live calls by line and mode, turn latencies (voice to
 * voice and each part) from the calls' transcript entries, the parts' failures, the webhook deliveries waiting,
 * and Node's own (event-loop delay, memory, CPU, handles) from prom-client's default metrics. prom-client is
 * loaded once the service is up (cli/start.ts), not on the start path: it costs about 30 ms to load.
 */

export interface Metrics {
  contentType: string;
  /** The exposition, collected now. */
  render(): Promise<string>;
  stop(): void;
}

/** Seconds; the voice-to-voice budget is 0.8 s (docs/benchmarks.md), so the buckets are fine around it. */
const TURN_BUCKETS = [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1, 1.25, 1.5, 2, 3, 5, 10];
const TOOL_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];
const PARTS = [
  ['endpointing', 'endpointing_ms'],
  ['stt', 'stt_ms'],
  ['llm', 'llm_ms'],
  ['tts', 'tts_ms'],
] as const;

export async function startMetrics(db: Db | null): Promise<Metrics> {
  const prom = await import('prom-client');
  const registry: Registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });

  // A line and mode seen once stays at 0 when its calls are over: its series does not vanish from the graphs.
  const seen = new Map<string, { line: string; mode: string }>();
  new prom.Gauge({
    name: 'voice_live_calls',
    help: 'Live voice calls held by this process, by line (web, twilio, sip) and assistant mode.',
    labelNames: ['line', 'mode'],
    registers: [registry],
    collect(this: Gauge<'line' | 'mode'>) {
      this.reset();
      for (const labels of seen.values()) this.set(labels, 0);
      for (const call of liveCalls()) this.inc({ line: call.line, mode: call.mode });
    },
  });
  const turns: Histogram<'part'> = new prom.Histogram({
    name: 'voice_turn_seconds',
    help: "Assistant turns' latency: voice_to_voice (end of the caller's speech to the first audio out) and its parts.",
    labelNames: ['part'],
    buckets: TURN_BUCKETS,
    registers: [registry],
  });
  const tools: Histogram<'outcome'> = new prom.Histogram({
    name: 'voice_tool_call_seconds',
    help: 'Mid-call tool calls, by outcome (ok, error).',
    labelNames: ['outcome'],
    buckets: TOOL_BUCKETS,
    registers: [registry],
  });
  const ended: Counter<'line' | 'mode' | 'reason'> = new prom.Counter({
    name: 'voice_calls_ended_total',
    help: 'Voice calls this process ended, by line, mode and reason.',
    labelNames: ['line', 'mode', 'reason'],
    registers: [registry],
  });
  new prom.Counter({
    name: 'voice_part_errors_total',
    help: 'Failures of transcription, the model and speech (a cancel on barge-in is not one).',
    labelNames: ['part'],
    registers: [registry],
    collect(this: Counter<'part'>) {
      this.reset();
      const errors = voiceErrors();
      for (const part of Object.keys(errors) as VoicePart[]) this.inc({ part }, errors[part]);
    },
  });
  if (db) {
    const pending = await import('./webhook-backlog');
    new prom.Gauge({
      name: 'webhook_deliveries_pending',
      help: 'Webhook deliveries waiting to be sent (the whole database: every process reports the same).',
      registers: [registry],
      async collect(this: Gauge) {
        const backlog = await pending.webhookBacklog(db);
        this.set(backlog.pending);
        oldest.set(backlog.oldestAgeS);
      },
    });
    const oldest = new prom.Gauge({
      name: 'webhook_deliveries_oldest_pending_seconds',
      help: 'Age of the oldest webhook delivery still waiting (0 when none waits).',
      registers: [registry],
    });
  }

  const stopObserving = observeCalls({
    opened(call) {
      seen.set(`${call.line}\u0000${call.mode}`, { line: call.line, mode: call.mode });
    },
    entry(_call, entry) {
      if (entry.type === 'function_call') {
        if (entry.duration_ms !== undefined) tools.observe({ outcome: entry.error ? 'error' : 'ok' }, entry.duration_ms / 1000);
        return;
      }
      if (entry.sender !== 'bot' || entry.latency_ms === undefined) return;
      turns.observe({ part: 'voice_to_voice' }, entry.latency_ms / 1000);
      for (const [part, key] of PARTS) {
        const ms = entry[key];
        if (ms !== undefined) turns.observe({ part }, ms / 1000);
      }
    },
    ended(call, reason) {
      ended.inc({ line: call.line, mode: call.mode, reason });
    },
  });

  return {
    contentType: registry.contentType,
    render: () => registry.metrics(),
    stop() {
      stopObserving();
      registry.clear();
    },
  };
}
