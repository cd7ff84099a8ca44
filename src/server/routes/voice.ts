import { Hono } from 'hono';
import { webCallStartRequest } from '../../contract/voice';
import { liveAssistantsOf } from '../assistants/read';
import { requireCallBalance } from '../calls/start';
import type { AppEnv, Deps } from '../http/context';
import { HttpError, ValidationError } from '../http/errors';
import { parseBody } from '../http/validate';
import { missingForVoice } from '../live-calls/services';
import { issueTicket, WEB_CALL_TICKET_MS } from '../live-calls/tickets';
import { isRealtimeMode } from '../voice/realtime/start';
import { WEB_CALL_SOCKET_PATH } from '../voice/web-socket';

/*
 * POST /api/voice/web-calls (our extension, src/contract/voice.ts): a one-time ticket, valid 60 s, bound to the
 * caller and one of its assistants, for the web-call socket. Only the ticket's hash is stored.
 */

const PG_INT_MAX = 2_147_483_647;

export function voiceUnavailableMessage(missing: string[]): string {
  return `Voice calls need ${missing.join(' and ')}: STT_BASE_URL names an OpenAI-compatible transcription server (Speaches, whisper.cpp's server), LLM_BASE_URL the model. Set them and start the service again.`;
}

export const REALTIME_UNAVAILABLE_MESSAGE =
  "This assistant's mode (multimodal or dualplex) talks through a realtime speech-to-speech endpoint: set REALTIME_BASE_URL (e.g. wss://api.openai.com/v1 with REALTIME_API_KEY, or a local server that speaks OpenAI's Realtime protocol) and start the service again.";

export function voiceRoutes({ db, now, voice }: Deps) {
  const r = new Hono<AppEnv>();
  r.post('/voice/web-calls', async (c) => {
    const input = await parseBody(c, webCallStartRequest);
    const missing = voice ? missingForVoice(voice) : ['STT_BASE_URL', 'LLM_BASE_URL'];
    // Nothing can talk at all: said before the assistant is looked at. A realtime-only service goes on to its mode.
    if (!voice || (missing.length > 0 && missingForVoice(voice, 'multimodal').length > 0)) throw new HttpError(503, voiceUnavailableMessage(missing));
    const userId = c.var.user.id;
    // Another user's assistant answers as an unknown one: nothing tells that it exists.
    // An id past PostgreSQL's integer is no assistant (asked for, the database would refuse the query).
    const assistant =
      input.assistant_id <= PG_INT_MAX ? await liveAssistantsOf(db, userId).select(['assistants.id', 'assistants.mode']).where('assistants.id', '=', input.assistant_id).executeTakeFirst() : undefined;
    if (!assistant) throw new ValidationError({ assistant_id: ['The selected assistant id is invalid.'] });
    if (isRealtimeMode(assistant.mode) && missingForVoice(voice, assistant.mode).length > 0) throw new HttpError(503, REALTIME_UNAVAILABLE_MESSAGE);
    if (!isRealtimeMode(assistant.mode) && missing.length > 0) throw new HttpError(503, voiceUnavailableMessage(missing));
    // As make_call: the call is paid when it ends, and needs the minimum for a call to start.
    await requireCallBalance(db, userId);
    const { ticket, expiresAt } = await issueTicket(db, now(), {
      kind: 'web',
      userId,
      assistantId: assistant.id,
      details: { variables: input.variables ?? {} },
      ttlMs: WEB_CALL_TICKET_MS,
    });
    return c.json({ ticket, socket_path: WEB_CALL_SOCKET_PATH, expires_at: expiresAt.toISOString() }, 201);
  });
  return r;
}
