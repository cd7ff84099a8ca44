import { afterAll, describe, expect, it } from 'vitest';
import { healthSchema } from '../../contract/ops';
import { listen, type Listening } from '../listen';
import { processHealth } from './health';
import { callClosed, callEnded, callEntry, callOpened, liveCalls, whenNoLiveCalls } from './live-calls';
import { startMetrics, type Metrics } from './metrics';
import { opsApp } from './ops-app';
import { routeName } from './tracing';

/*
 * GET /healthz and GET /metrics over real HTTP (listen.ts, as cli/start.ts serves them), with prom-client's real
 * registry and the live calls reported as a call record reports them (ops/live-calls.ts). The whole path with a
 * running service and real calls: telemetry.test.ts and load-balancer.test.ts (on PostgreSQL).
 */

const health = processHealth();
let metrics: Metrics | null = null;
let server: Listening | undefined;

afterAll(async () => {
  metrics?.stop();
  await server?.close();
});

async function serve(): Promise<string> {
  const app = opsApp({ health, metricsToken: 'the-token', metrics: () => metrics });
  server = await listen(app.fetch, 0, '127.0.0.1');
  return `http://127.0.0.1:${server.port}`;
}

describe('the operations endpoints', () => {
  it('say whether the process takes calls, and count its calls for Prometheus', async () => {
    const base = await serve();
    const healthz = async () => {
      const res = await fetch(`${base}/healthz`);
      return { status: res.status, body: healthSchema.parse(await res.json()), cache: res.headers.get('cache-control') };
    };
    expect(await healthz()).toEqual({ status: 503, body: { status: 'starting', live_calls: 0 }, cache: 'no-store' });
    // Before prom-client is loaded, /metrics says so.
    const early = await fetch(`${base}/metrics`);
    expect(early.status).toBe(503);
    expect(await early.json()).toEqual({ message: expect.stringMatching(/starting/) });

    health.ready();
    metrics = await startMetrics(null);
    callOpened({ callId: 901, line: 'web', mode: 'pipeline', direction: 'web', answeredAt: Date.now() });
    callOpened({ callId: 902, line: 'twilio', mode: 'pipeline', direction: 'inbound', answeredAt: Date.now() });
    expect(await healthz()).toMatchObject({ status: 200, body: { status: 'ready', live_calls: 2 } });
    callEntry(901, { sender: 'bot', type: 'message', text: 'Hello', timestamp: new Date().toISOString(), latency_ms: 640, endpointing_ms: 300, stt_ms: 150, llm_ms: 170, tts_ms: 20 });
    callEntry(901, { sender: 'tool', type: 'function_call', text: '', name: 'lookup', timestamp: new Date().toISOString(), duration_ms: 250, error: 'timed out' });

    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toMatch(/^voice_live_calls\{line="web",mode="pipeline"\} 1$/m);
    expect(text).toMatch(/^voice_live_calls\{line="twilio",mode="pipeline"\} 1$/m);
    expect(text).toMatch(/^voice_turn_seconds_sum\{part="voice_to_voice"\} 0\.64$/m);
    expect(text).toMatch(/^voice_turn_seconds_bucket\{le="0\.7",part="voice_to_voice"\} 1$/m);
    expect(text).toMatch(/^voice_turn_seconds_bucket\{le="0\.6",part="voice_to_voice"\} 0$/m);
    expect(text).toMatch(/^voice_turn_seconds_sum\{part="stt"\} 0\.15$/m);
    expect(text).toMatch(/^voice_tool_call_seconds_count\{outcome="error"\} 1$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    // Without a database, no backlog is reported (there is none to read).
    expect(text).not.toMatch(/webhook_deliveries_pending/);

    // Forwarded by a proxy: the token is needed, and only the right one does.
    expect((await fetch(`${base}/metrics`, { headers: { 'X-Forwarded-For': '198.51.100.4' } })).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { Forwarded: 'for=198.51.100.4', Authorization: 'Bearer the-token!' } })).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { 'X-Forwarded-For': '198.51.100.4', Authorization: 'Bearer the-token' } })).status).toBe(200);

    // Draining: 503 while calls play out; the waiter resolves once the last is closed.
    health.drain();
    expect(await healthz()).toMatchObject({ status: 503, body: { status: 'draining', live_calls: 2 } });
    let drained = false;
    const waiting = whenNoLiveCalls().then(() => (drained = true));
    callEnded(901, 'caller_ended');
    callClosed(901);
    callClosed(901); // a lost hold and an ending may both close it: once counts
    await new Promise((r) => setTimeout(r, 20));
    expect(drained).toBe(false);
    callEnded(902, 'dropped');
    callClosed(902);
    await waiting;
    expect(liveCalls()).toEqual([]);
    const after = await (await fetch(`${base}/metrics`)).text();
    expect(after).toMatch(/^voice_live_calls\{line="web",mode="pipeline"\} 0$/m);
    expect(after).toMatch(/^voice_calls_ended_total\{line="web",mode="pipeline",reason="caller_ended"\} 1$/m);
    expect(after).toMatch(/^voice_calls_ended_total\{line="twilio",mode="pipeline",reason="dropped"\} 1$/m);
  });

  it('names API spans by route, not by resource', () => {
    expect(routeName('/api/user/calls/12/recording')).toBe('/api/user/calls/:id/recording');
    expect(routeName('/api/user/assistants/7')).toBe('/api/user/assistants/:id');
    expect(routeName('/api/user/assistants/0b5c1a7e-3f2d-4c1b-9a8e-2f6d7c8b9a0e/tools')).toBe('/api/user/assistants/:uuid/tools');
    expect(routeName('/api/local/info')).toBe('/api/local/info');
  });
});
