import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { addOrderTool } from '../test/order-tool';
import { startOrderTool, type OrderTool } from '../test/stand-ins/tool-endpoint';
import { ANSWER, askAndHear, dialAndGreet, freePort, quiet, phoneServiceEnv, setUpInboundLine, startPhoneStandIns, type PhoneStandIns } from '../test/phone-line';
import { startServiceProcess, stopServiceProcess, urlWithSchema, type ServiceProcess } from '../test/service-process';
import { startStandInOtlp, type ReceivedSpan, type StandInOtlp } from '../test/stand-ins/otlp';
import { until } from '../test/until';

/*
 * The service as `npm start` runs it, with OTEL_EXPORTER_OTLP_ENDPOINT pointing at the OTLP/HTTP stand-in and
 * METRICS_TOKEN set, takes a phone call of two turns (the second calls a tool) through the Twilio stand-in: GET /metrics counts the live
 * call by line and mode and then its turns' latencies and its ending; the collector receives the call's trace
 * (call → turn → endpointing, transcription, llm → llm.first_token, speech, tool <name>; call → post_call), the API's requests
 * and the background ticks that did work, with the service's name on them.
 */

const pgUrl = process.env.TEST_DATABASE_URL;
const METRICS_TOKEN = 'metrics-token-for-the-test';
let service: ServiceProcess | undefined;
let handle: DatabaseHandle | undefined;
let schema: string | undefined;
let line: PhoneStandIns | undefined;
let otlp: StandInOtlp | undefined;
let tool: OrderTool | undefined;

afterAll(async () => {
  if (service) await stopServiceProcess(service.child);
  await line?.close();
  await otlp?.close();
  await tool?.close();
  if (handle && schema) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(handle.db);
  await handle?.close();
});

/** One sample's value from a Prometheus exposition (the line `name{labels} value`), null when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const l of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(l);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return null;
}

describe('metrics and traces of a live call', () => {
  it.skipIf(!pgUrl)(pgUrl ? 'GET /metrics counts it, the OTLP collector receives its trace' : 'skipped: needs TEST_DATABASE_URL', async () => {
    const url = pgUrl ?? '';
    schema = `tot_${randomBytes(5).toString('hex')}`;
    handle = await openDatabase({ databaseUrl: url, schema });
    line = await startPhoneStandIns();
    otlp = await startStandInOtlp();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    service = await startServiceProcess({
      ...phoneServiceEnv(line, urlWithSchema(url, schema), origin),
      PORT: String(port),
      METRICS_TOKEN,
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.baseUrl,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'voice-console-test',
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
    });
    const metrics = async (headers: Record<string, string> = {}) => {
      const res = await fetch(`${origin}/metrics`, { headers });
      return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
    };
    await until('the metrics to load', async () => (await metrics()).status === 200, 20_000);

    // Through a proxy (X-Forwarded-For), loopback is not enough: the token is.
    expect((await metrics({ 'X-Forwarded-For': '203.0.113.7' })).status).toBe(401);
    expect((await metrics({ 'X-Forwarded-For': '203.0.113.7', Authorization: 'Bearer wrong' })).status).toBe(401);
    const withToken = await metrics({ 'X-Forwarded-For': '203.0.113.7', Authorization: `Bearer ${METRICS_TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.type).toMatch(/^text\/plain/);
    expect(sample(withToken.text, 'nodejs_eventloop_lag_p99_seconds')).not.toBeNull();
    expect(sample(withToken.text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(withToken.text, 'webhook_deliveries_pending')).toBe(0);

    const { assistantId } = await setUpInboundLine(handle.db, `${origin}/api`, line);
    const { mode, user_id: userId } = await handle.db.selectFrom('assistants').select(['mode', 'user_id']).where('id', '=', assistantId).executeTakeFirstOrThrow();
    tool = await startOrderTool();
    await addOrderTool(handle.db, userId, assistantId, tool.base);
    const call = await dialAndGreet(line, 1, () => service?.output.join('') ?? '');
    expect(await askAndHear(line, call)).toBe(true);
    // The second answer looks the order up first.
    line.model.script({ toolCalls: [{ name: 'order_status', arguments: { order_id: 'A-1234' } }] }, { text: ANSWER });
    expect(await askAndHear(line, call)).toBe(true);
    const live = await metrics();
    expect(sample(live.text, 'voice_live_calls', { line: 'twilio', mode })).toBe(1);
    await quiet(call);
    await call.hangUp();
    const row = await until(
      'the call to end',
      async () => {
        const r = await handle!.db.selectFrom('calls').selectAll().where('provider_call_id', '=', call.sid).executeTakeFirst();
        return r && r.talk_lease === null && r.status !== 'in-progress' && r.status !== 'ended' ? r : null;
      },
      30_000,
      100,
    );

    const answers = (row.transcript as { sender: string; latency_ms?: number }[]).filter((e) => e.sender === 'bot' && e.latency_ms !== undefined);
    expect(answers.length).toBeGreaterThanOrEqual(2);
    const after = await metrics();
    expect(sample(after.text, 'voice_live_calls', { line: 'twilio', mode })).toBe(0);
    expect(sample(after.text, 'voice_turn_seconds_count', { part: 'voice_to_voice' })).toBe(answers.length);
    expect(sample(after.text, 'voice_turn_seconds_count', { part: 'stt' })).toBe(answers.length);
    const v2vSumS = answers.reduce((sum, e) => sum + (e.latency_ms ?? 0), 0) / 1000;
    expect(sample(after.text, 'voice_turn_seconds_sum', { part: 'voice_to_voice' })).toBeCloseTo(v2vSumS, 3);
    expect(sample(after.text, 'voice_calls_ended_total', { line: 'twilio', mode, reason: 'caller_ended' })).toBe(1);
    expect(sample(after.text, 'voice_part_errors_total', { part: 'transcription' })).toBe(0);

    // The call's trace.
    const spans = await until(
      "the call's spans",
      () => {
        const root = otlp!.spans.find((s) => s.name === 'call' && s.attributes['call.id'] === row.id);
        return root && otlp!.spans.some((s) => s.name === 'post_call' && s.parentSpanId === root.spanId) ? otlp!.spans.filter((s) => s.traceId === root.traceId) : null;
      },
      20_000,
      100,
    );
    const root = spans.find((s) => s.name === 'call')!;
    expect(root.parentSpanId).toBe('');
    expect(root.resource['service.name']).toBe('voice-console-test');
    expect(root.attributes).toMatchObject({ 'call.line': 'twilio', 'call.mode': mode, 'call.direction': 'inbound', 'call.end_reason': 'caller_ended' });
    const childrenOf = (parent: ReceivedSpan) => spans.filter((s) => s.parentSpanId === parent.spanId);
    const turns = childrenOf(root).filter((s) => s.name === 'turn');
    expect(turns.length).toBeGreaterThanOrEqual(2);
    expect(turns.map((t) => t.attributes['voice.latency_ms']).sort()).toEqual(answers.map((e) => e.latency_ms).sort());
    const toolEntries = (row.transcript as { type?: string; name?: string; duration_ms?: number }[]).filter((e) => e.type === 'function_call');
    expect(toolEntries).toHaveLength(1);
    const toolSpans = spans.filter((s) => s.name === 'tool order_status');
    expect(toolSpans).toHaveLength(1);
    const withTool = turns.find((t) => t.spanId === toolSpans[0]!.parentSpanId);
    expect(withTool).toBeDefined();
    expect(toolSpans[0]!.attributes['tool.duration_ms']).toBe(toolEntries[0]!.duration_ms);
    expect(toolSpans[0]!.status).not.toBe(2);
    for (const turn of turns) {
      const parts = childrenOf(turn).filter((p) => !p.name.startsWith('tool '));
      expect(parts.map((p) => p.name).sort()).toEqual(['endpointing', 'llm', 'speech', 'transcription']);
      const llm = parts.find((p) => p.name === 'llm')!;
      expect(childrenOf(llm).map((s) => s.name)).toEqual(['llm.first_token']);
      // Laid end to end from the end of the caller's speech, within the turn.
      for (const p of childrenOf(turn)) {
        expect(p.startMs).toBeGreaterThanOrEqual(turn.startMs);
        expect(p.endMs).toBeLessThanOrEqual(turn.endMs);
      }
      expect(turn.attributes['voice.stt_ms']).toEqual(expect.any(Number));
    }
    expect(childrenOf(root).filter((s) => s.name === 'post_call')).toHaveLength(1);
    expect(root.endMs).toBeGreaterThanOrEqual(Math.max(...turns.map((t) => t.endMs)));

    // The API's requests and the background work, as spans of their own.
    await until('the API spans', () => otlp!.spans.some((s) => s.name === 'POST /api/user/phone-numbers/import'), 10_000);
    const imported = otlp.spans.find((s) => s.name === 'POST /api/user/phone-numbers/import')!;
    expect(imported).toMatchObject({ kind: 2, parentSpanId: '', attributes: { 'http.request.method': 'POST', 'http.response.status_code': 201 } });
    expect(otlp.spans.some((s) => s.name.startsWith('POST /api/telephony/twilio/'))).toBe(true);
    await until('a background span', () => otlp!.spans.some((s) => s.name.startsWith('job ')), 10_000);
    expect(otlp.refused).toBe(0);
  }, 180_000);
});
