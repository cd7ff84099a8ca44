import { gunzipSync } from 'node:zlib';
import { startStandInServer } from '../stand-in-server';

/*
 * An OpenTelemetry collector as the service's exporter meets it: OTLP/HTTP (opentelemetry-proto's
 * specification/otlp.md), POST /v1/traces with an ExportTraceServiceRequest in the JSON encoding
 * (OTEL_EXPORTER_OTLP_PROTOCOL=http/json: ids as hex strings, 64-bit times as decimal strings, attributes as
 * {key, value: {stringValue | intValue | boolValue | doubleValue}}), gzip or not; answers 200 with an empty
 * ExportTraceServiceResponse. A protobuf body is answered 415 (this stand-in reads the JSON encoding only).
 * The spans received are flattened for the tests.
 */

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  kind: number;
  startMs: number;
  endMs: number;
  attributes: Record<string, string | number | boolean>;
  /** 0 unset, 1 ok, 2 error. */
  status: number;
  /** The resource's attributes (service.name, …). */
  resource: Record<string, string | number | boolean>;
}

export interface StandInOtlp {
  /** http://127.0.0.1:PORT: OTEL_EXPORTER_OTLP_ENDPOINT (the exporter appends /v1/traces). */
  baseUrl: string;
  spans: ReceivedSpan[];
  /** Requests refused (not JSON, not the traces path). */
  refused: number;
  close(): Promise<void>;
}

interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface KeyValue {
  key: string;
  value?: AnyValue;
}
interface JsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
  attributes?: KeyValue[];
  status?: { code?: number };
}
interface ExportTraceServiceRequest {
  resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: JsonSpan[] }[] }[];
}

function attributes(list: KeyValue[] | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    if (!value) continue;
    if (value.stringValue !== undefined) out[key] = value.stringValue;
    else if (value.intValue !== undefined) out[key] = Number(value.intValue);
    else if (value.doubleValue !== undefined) out[key] = value.doubleValue;
    else if (value.boolValue !== undefined) out[key] = value.boolValue;
  }
  return out;
}

const nanosToMs = (v: string | number) => Number(BigInt(v) / 1_000_000n);

export async function startStandInOtlp(): Promise<StandInOtlp> {
  const state: StandInOtlp = { baseUrl: '', spans: [], refused: 0, close: async () => undefined };
  const server = await startStandInServer(async (req, raw, res) => {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== '/v1/traces') {
      state.refused += 1;
      return json(404, { code: 5, message: 'not found' });
    }
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
      state.refused += 1;
      return json(415, { code: 3, message: 'this collector reads OTLP/HTTP JSON only (OTEL_EXPORTER_OTLP_PROTOCOL=http/json)' });
    }
    let body: ExportTraceServiceRequest;
    try {
      const bytes = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      body = JSON.parse(bytes.toString('utf8')) as ExportTraceServiceRequest;
    } catch {
      state.refused += 1;
      return json(400, { code: 3, message: 'not an ExportTraceServiceRequest' });
    }
    for (const rs of body.resourceSpans ?? []) {
      const resource = attributes(rs.resource?.attributes);
      for (const ss of rs.scopeSpans ?? []) {
        for (const s of ss.spans ?? []) {
          state.spans.push({
            traceId: s.traceId,
            spanId: s.spanId,
            parentSpanId: s.parentSpanId ?? '',
            name: s.name,
            kind: s.kind ?? 0,
            startMs: nanosToMs(s.startTimeUnixNano),
            endMs: nanosToMs(s.endTimeUnixNano),
            attributes: attributes(s.attributes),
            status: s.status?.code ?? 0,
            resource,
          });
        }
      }
    }
    return json(200, {});
  });
  state.baseUrl = `http://127.0.0.1:${server.port}`;
  state.close = server.close;
  return state;
}
