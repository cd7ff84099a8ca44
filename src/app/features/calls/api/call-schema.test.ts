import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callSchema } from '@contract/call';
import { latencySummary, latencyTurns } from '@/lib/call-latency';
import { parseTranscript } from '@/lib/transcript';
import { callsPageSchema } from './get-calls';

const localCall = {
  id: 2000,
  assistant_id: 6,
  assistant_name: 'FiberNet Tech Support',
  campaign_id: null,
  type: 'inbound',
  duration: 0,
  assistant_phone_number: '+12128794864',
  client_phone_number: '+17028741118',
  status: 'ringing',
  transcript: '',
  variables: {},
  evaluation: {},
  webhook_response: null,
  carrier_cost: 0,
  total_cost: 0,
  answered_by: null,
  created_at: '2026-11-23 09:45:12',
  updated_at: '2026-11-23 09:45:13',
};

describe('callSchema', () => {
  it('reads the local service’s record, which leaves out campaign_name and recording_url', () => {
    const call = callSchema.parse(localCall);
    expect(call.campaign_name).toBeNull();
    expect(call.recording_url).toBeNull();
    expect(call.transcript).toBe('');
  });

  it('reads the hosted quirks: string costs and ids, transcript list, PHP [] variables, nulls', () => {
    const call = callSchema.parse({
      ...localCall,
      id: '17',
      carrier_cost: '0.02000000',
      total_cost: '0.08000000',
      transcript: [{ text: 'Hi', type: 'transcript', sender: 'bot', timestamp: '2025-05-12 14:03:09' }],
      variables: [],
      evaluation: [{ name: 'interested', value: true }],
      campaign_name: null,
      recording_url: null,
      client_phone_number: null,
    });
    expect(call).toMatchObject({ id: 17, carrier_cost: 0.02, total_cost: 0.08, variables: {}, client_phone_number: null });
    expect(Array.isArray(call.transcript)).toBe(true);
  });

  it('reads a record that lacks most fields as empty values', () => {
    expect(callSchema.parse({ id: 1 })).toMatchObject({ id: 1, status: '', type: '', transcript: null, variables: {}, total_cost: null });
  });

  it('reads a page of calls (Laravel paginator)', () => {
    const page = callsPageSchema.parse({
      current_page: 1,
      data: [localCall],
      first_page_url: 'http://x/api/user/calls?page=1',
      from: 1,
      last_page: 1,
      last_page_url: 'http://x/api/user/calls?page=1',
      links: [],
      next_page_url: null,
      path: 'http://x/api/user/calls',
      per_page: '15',
      prev_page_url: null,
      to: 1,
      total: 1,
    });
    expect(page.per_page).toBe(15);
    expect(page.data[0]?.id).toBe(2000);
  });

  it('never throws on the model-call fields, whatever they hold, and what it reads the timeline can use', () => {
    const entry = fc.record(
      {
        sender: fc.oneof(fc.constantFrom('bot', 'human', 'tool'), fc.anything()),
        type: fc.oneof(fc.constantFrom('message', 'filler', 'function_call', 'transcript'), fc.anything()),
        text: fc.anything(),
        timestamp: fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.anything()),
        latency_ms: fc.anything(),
        name: fc.anything(),
        arguments: fc.anything(),
        result: fc.anything(),
        error: fc.anything(),
        duration_ms: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.array(fc.oneof(entry, fc.anything()), { maxLength: 8 }), fc.anything()),
        fc.anything(),
        fc.anything(),
        (transcript, conversation_mode, latency) => {
          const call = callSchema.parse({ ...localCall, transcript, conversation_mode, latency });
          expect(call.conversation_mode == null || typeof call.conversation_mode === 'string').toBe(true);
          if (call.latency != null) {
            for (const v of [call.latency.p50_ms, call.latency.p95_ms, call.latency.turns]) expect(v === null || Number.isFinite(v)).toBe(true);
          }
          const turns = latencyTurns(parseTranscript(call.transcript));
          for (const t of turns) expect(Number.isFinite(t.modelMs) && t.modelMs >= 0).toBe(true);
          latencySummary(call.latency, turns);
        },
      ),
      { numRuns: 300 },
    );
  });
});
