import { context, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { VoiceEntry } from '../voice/session-types';
import type { CallObserver, LiveCall } from './live-calls';

/*
 * A trace per live call, built from what its record receives (voice/call-record.ts via ops/live-calls.ts), with
 * the entries' own times, so the pipeline (voice/session.ts) needs no tracing of its own:
 *
 *   call                      answer → the call is no longer this process's
 *   ├─ turn                   end of the caller's speech (first audio − latency_ms) → the answer's entry is final
 *   │  ├─ endpointing         endpointing_ms
 *   │  ├─ transcription       stt_ms
 *   │  ├─ llm                 the model's whole answer: after transcription → the entry is final (as played)
 *   │  │  └─ llm.first_token  llm_ms
 *   │  ├─ speech              tts_ms: the first sentence's synthesis, up to the first audio out
 *   │  └─ tool <name>         each tool call since the previous answer (timestamp, duration_ms)
 *   └─ post_call              the recording stored, the post-call reading, the hand-back
 *
 * The parts are laid end to end from the end of the caller's speech, as voice to voice is their sum.
 */

interface Pending {
  name: string;
  start: number;
  durationMs: number;
  error: string | null;
}

interface Traced {
  span: Span;
  ctx: Context;
  turns: number;
  tools: Pending[];
  postCall: Span | null;
}

const ms = (iso: string) => Date.parse(iso);

export function callSpans(tracer: Tracer): CallObserver {
  const calls = new Map<number, Traced>();

  function toolSpans(parent: Context, tools: Pending[]): void {
    for (const t of tools) {
      const span = tracer.startSpan(`tool ${t.name}`, { startTime: t.start, attributes: { 'tool.name': t.name, 'tool.duration_ms': t.durationMs } }, parent);
      if (t.error) span.setStatus({ code: SpanStatusCode.ERROR, message: t.error });
      span.end(t.start + t.durationMs);
    }
  }

  function turn(traced: Traced, call: LiveCall, entry: VoiceEntry & { latency_ms: number }, at: number): void {
    const firstAudio = ms(entry.timestamp);
    const speechEnd = firstAudio - entry.latency_ms;
    const tools = traced.tools.splice(0);
    const start = Math.min(speechEnd, ...tools.map((t) => t.start));
    traced.turns += 1;
    const span = tracer.startSpan(
      'turn',
      {
        startTime: start,
        attributes: {
          'call.id': call.callId,
          'turn.index': traced.turns,
          'voice.latency_ms': entry.latency_ms,
          ...(entry.endpointing_ms !== undefined && { 'voice.endpointing_ms': entry.endpointing_ms }),
          ...(entry.stt_ms !== undefined && { 'voice.stt_ms': entry.stt_ms }),
          ...(entry.llm_ms !== undefined && { 'voice.llm_first_token_ms': entry.llm_ms }),
          ...(entry.tts_ms !== undefined && { 'voice.tts_ms': entry.tts_ms }),
          'voice.interrupted': entry.interrupted === true,
          'voice.answer_chars': entry.text.length,
        },
      },
      traced.ctx,
    );
    const ctx = trace.setSpan(context.active(), span);
    const end = Math.max(at, firstAudio);
    let t = speechEnd;
    const part = (name: string, lengthMs: number | undefined) => {
      if (lengthMs === undefined) return;
      tracer.startSpan(name, { startTime: t }, ctx).end(t + lengthMs);
      t += lengthMs;
    };
    part('endpointing', entry.endpointing_ms);
    part('transcription', entry.stt_ms);
    const llmStart = t;
    const llm = tracer.startSpan('llm', { startTime: llmStart, attributes: { ...(entry.llm_ms !== undefined && { 'llm.first_token_ms': entry.llm_ms }) } }, ctx);
    if (entry.llm_ms !== undefined) {
      tracer.startSpan('llm.first_token', { startTime: llmStart }, trace.setSpan(context.active(), llm)).end(llmStart + entry.llm_ms);
      t += entry.llm_ms;
    }
    llm.end(end);
    part('speech', entry.tts_ms);
    toolSpans(ctx, tools);
    span.end(end);
  }

  return {
    opened(call) {
      const span = tracer.startSpan('call', {
        startTime: call.answeredAt,
        attributes: { 'call.id': call.callId, 'call.line': call.line, 'call.mode': call.mode, 'call.direction': call.direction },
      });
      calls.set(call.callId, { span, ctx: trace.setSpan(context.active(), span), turns: 0, tools: [], postCall: null });
    },
    entry(call, entry, at) {
      const traced = calls.get(call.callId);
      if (!traced) return;
      if (entry.type === 'function_call') {
        traced.tools.push({ name: entry.name ?? 'tool', start: ms(entry.timestamp), durationMs: entry.duration_ms ?? 0, error: entry.error ?? null });
        return;
      }
      if (entry.sender === 'bot' && entry.type === 'message' && entry.latency_ms !== undefined) turn(traced, call, { ...entry, latency_ms: entry.latency_ms }, at);
    },
    ended(call, reason, at) {
      const traced = calls.get(call.callId);
      if (!traced) return;
      traced.span.setAttribute('call.end_reason', reason);
      traced.span.setAttribute('call.turns', traced.turns);
      if (reason === 'error') traced.span.setStatus({ code: SpanStatusCode.ERROR, message: 'the call ended in an error' });
      traced.postCall = tracer.startSpan('post_call', { startTime: at }, traced.ctx);
    },
    closed(call, at) {
      const traced = calls.get(call.callId);
      if (!traced) return;
      calls.delete(call.callId);
      toolSpans(traced.ctx, traced.tools);
      traced.postCall?.end(at);
      traced.span.end(at);
    },
  };
}
