import * as contract from '../index';
import type { ResponseExample } from './response-examples';

/* Full examples of the live-voice extension's response schemas (src/contract/voice.ts), for response-schemas.test.ts. */
export const VOICE_EXAMPLES: readonly ResponseExample[] = [
  {
    covers: ['webCallTicketSchema'],
    label: 'webCallTicketSchema',
    schema: contract.webCallTicketSchema,
    example: { ticket: 'vt_8f3a…', socket_path: '/api/voice/web-calls/socket', expires_at: '2026-11-28T20:01:00.000000Z' },
    required: [],
  },
  {
    covers: ['voiceInfoSchema'],
    label: 'voiceInfoSchema',
    schema: contract.voiceInfoSchema,
    example: { transcription: true, model: true, speech: 'espeak-ng', web_call: true, realtime: false },
    required: [],
  },
];
