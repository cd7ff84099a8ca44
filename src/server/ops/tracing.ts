import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Fetch } from '../listen';
import { callSpans } from './call-spans';
import { observeCalls } from './live-calls';

/*
 * OpenTelemetry through its official Node SDK, loaded (cli/start.ts) only when an OTLP endpoint is configured
 * (OpsConfig.tracing): the SDK reads the standard variables itself (OTEL_EXPORTER_OTLP_ENDPOINT, _PROTOCOL,
 * _HEADERS, OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER, …). Spans: a trace per live call
 * (ops/call-spans.ts), one per API request, one per background tick that did work.
 */

export interface Tracing {
  /** The API's requests as SERVER spans (a caller's `traceparent` continued). */
  traceRequests(fetch: Fetch): Fetch;
  /** A background loop's tick (engine/runner.ts), recorded once it is done. */
  tick(name: string, startedAt: number, endedAt: number, failed: boolean): void;
  shutdown(): Promise<void>;
}

/** A background tick shorter than this found nothing to do: not worth a span every 250 ms per loop. */
const IDLE_TICK_MS = 5;

/** `/api/user/calls/12/recording` → `/api/user/calls/:id/recording`: a span name per route, not per resource. */
export function routeName(path: string): string {
  return path.replace(/\/\d+(?=\/|$)/g, '/:id').replace(/\/[0-9a-f]{8}-[0-9a-f-]{27,}(?=\/|$)/gi, '/:uuid');
}

export async function startTracing(serviceName: string): Promise<Tracing> {
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  // No instrumentations: the spans are ours (no monkey-patching of every module the service loads).
  const sdk = new NodeSDK({ serviceName, instrumentations: [] });
  sdk.start();
  const tracer = trace.getTracer('voice-console');
  const stopCalls = observeCalls(callSpans(tracer));
  return {
    traceRequests(fetch) {
      return async (req, env) => {
        const url = new URL(req.url);
        if (!url.pathname.startsWith('/api/')) return fetch(req, env);
        const parent = propagation.extract(context.active(), Object.fromEntries(req.headers));
        const span = tracer.startSpan(
          `${req.method} ${routeName(url.pathname)}`,
          { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': url.pathname, 'url.scheme': url.protocol.replace(':', '') } },
          parent,
        );
        try {
          const res = await context.with(trace.setSpan(parent, span), () => fetch(req, env));
          span.setAttribute('http.response.status_code', res.status);
          if (res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          return res;
        } catch (e) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof Error ? e.message : String(e) });
          throw e;
        } finally {
          span.end();
        }
      };
    },
    tick(name, startedAt, endedAt, failed) {
      if (endedAt - startedAt < IDLE_TICK_MS && !failed) return;
      const span = tracer.startSpan(`job ${name}`, { kind: SpanKind.INTERNAL, startTime: startedAt, attributes: { 'job.name': name } });
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end(endedAt);
    },
    async shutdown() {
      stopCalls();
      await sdk.shutdown();
    },
  };
}
