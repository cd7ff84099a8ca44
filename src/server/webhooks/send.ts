import { outgoingRequest, storableText } from '../outgoing/request';
import type { SignatureHeaders } from './sign';

export { storableText };

/*
 * One HTTP attempt of a delivery, through the service's one door for users' URLs (outgoing/request.ts: the
 * address guard, the time-out, the size cap, no redirects): POST the JSON body with its signature headers,
 * wait at most `timeoutMs` for the whole answer, keep the start of what the receiver said. A redirect is
 * not followed (a 3xx is a failed attempt).
 */

/** How much of the receiver's answer is read and kept (delivery.last_response). */
export const RESPONSE_EXCERPT_CHARS = 2000;
const RESPONSE_READ_BYTES = 8 * 1024;

export type AttemptResult =
  | { kind: 'answered'; statusCode: number; body: string }
  | { kind: 'error'; error: string; /** refused by the address guard or an unusable URL: no retry helps */ final: boolean };

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

export async function sendWebhook(url: string, body: string, signature: SignatureHeaders, options: SendOptions): Promise<AttemptResult> {
  const result = await outgoingRequest({
    method: 'POST',
    url,
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'voice-console-webhooks/1', ...signature },
    body,
    timeoutMs: options.timeoutMs,
    maxBytes: RESPONSE_READ_BYTES,
    allowPrivate: options.allowPrivate,
  });
  if (result.kind === 'error') return { kind: 'error', error: result.error, final: result.final };
  return { kind: 'answered', statusCode: result.status, body: storableText(result.body.toString('utf8')).slice(0, RESPONSE_EXCERPT_CHARS) };
}
