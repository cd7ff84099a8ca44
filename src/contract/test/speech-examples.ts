import * as contract from '../index';
import type { ResponseExample } from './response-examples';

/* Full examples of the speech extension's response schemas (src/contract/speech.ts), for response-schemas.test.ts. */
export const SPEECH_EXAMPLES: readonly ResponseExample[] = [
  { covers: ['speechInfoSchema'], label: 'speechInfoSchema', schema: contract.speechInfoSchema, example: { engine: 'espeak-ng' }, required: [] },
  { covers: ['webCallCreatedSchema'], label: 'webCallCreatedSchema', schema: contract.webCallCreatedSchema, example: { call_id: 4711 }, required: [] },
];
