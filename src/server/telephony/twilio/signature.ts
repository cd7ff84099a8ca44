import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Twilio's request signature (X-Twilio-Signature, "Webhooks security"): base64 of HMAC-SHA1 keyed with the
 * auth token over the full URL Twilio requested followed by every POST parameter sorted by name, each as its
 * name then its value. The URL is rebuilt from PUBLIC_URL (behind a proxy the socket's is not Twilio's).
 */

export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  let data = url;
  for (const name of Object.keys(params).sort()) data += name + params[name];
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Constant-time comparison of the header with the signature expected. */
export function isValidTwilioSignature(authToken: string, url: string, params: Record<string, string>, header: string | null | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
