/*
 * Full records that tests on both sides read as the hosted service sends them: the response examples, the
 * console's variant tests and the hosted-client tests all start from these, so a field added to one of the
 * records reaches every test that renders or sends it. Test-only; every field filled.
 */

/** A mid-call tool as the hosted tool list sends it. */
export const toolRecord = {
  id: 31,
  name: 'check_availability',
  description: 'Looks up free appointment slots',
  endpoint: 'https://api.example.com/slots',
  method: 'POST',
  timeout: 10,
  headers: [{ name: 'X-Api-Key', value: 'secret' }],
  schema: [{ name: 'date', type: 'string', description: 'The day asked for' }],
  created_at: '2024-05-02T09:14:07.000000Z',
  updated_at: '2024-05-02 09:14:07',
};

/** A webhook delivery that gave up (the overview's failed deliveries). */
export const liveFailedDelivery = {
  id: 77,
  webhook_id: 'msg_1f0c6a8e-2b5d-4c1e-9a7b-3d2e1f0a9b8c',
  assistant_id: 8,
  call_id: 9011,
  kind: 'post_call',
  event: 'call.ended',
  url: 'https://hooks.example.com/calls',
  status: 'failed',
  attempts: 6,
  last_status_code: 500,
  last_response: 'Internal Server Error',
  last_error: 'HTTP 500',
  last_attempt_at: '2024-05-02 09:14:07',
  next_attempt_at: null,
  delivered_at: null,
  created_at: '2024-05-02 06:40:00',
};
