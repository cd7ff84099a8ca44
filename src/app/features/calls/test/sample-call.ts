import { callSchema, type Call } from '@contract/call';

/** A finished inbound call of the log, as the component tests draw it. */
export const SAMPLE_CALL: Call = callSchema.parse({
  id: 2000,
  assistant_id: 6,
  assistant_name: 'FiberNet Tech Support',
  campaign_id: null,
  type: 'inbound',
  duration: 75,
  assistant_phone_number: '+12128794864',
  client_phone_number: '+17028741118',
  status: 'completed',
  transcript: '',
  variables: {},
  evaluation: {},
  webhook_response: null,
  carrier_cost: 0,
  total_cost: 0.12,
  answered_by: 'human',
  created_at: '2026-11-23 09:45:12',
  updated_at: '2026-11-23 09:47:13',
});
