import { ProviderAuthError, ProviderError, ProviderNumberNotFound, type NumberWebhooks, type OutboundCall, type ProviderCredentials } from '../provider';

/*
 * Twilio's REST API, 2010-04-01 (TWILIO_API_BASE_URL, default https://api.twilio.com): HTTP Basic with the
 * account sid and auth token, form bodies, JSON answers. Operator configuration like LLM_BASE_URL, so not
 * subject to the address guard of users' URLs. The auth token is never put in an error message.
 */

const TIMEOUT_MS = 15_000;

export interface TwilioRestOptions {
  baseUrl: string;
}

async function call(options: TwilioRestOptions, credentials: ProviderCredentials, method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<unknown> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(credentials.account)}${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${credentials.account}:${credentials.secret}`).toString('base64')}`,
        Accept: 'application/json',
        ...(form && { 'Content-Type': 'application/x-www-form-urlencoded' }),
      },
      ...(form && { body: new URLSearchParams(form).toString() }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new ProviderError(`Twilio could not be reached: ${e instanceof Error ? e.message : String(e)}`);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (res.status === 401) throw new ProviderAuthError('Twilio refused the account sid and auth token.');
  if (!res.ok) {
    const message = typeof body === 'object' && body !== null && 'message' in body ? String((body as { message: unknown }).message) : `HTTP ${res.status}`;
    throw new ProviderError(`Twilio answered ${res.status}: ${message.slice(0, 200)}`);
  }
  return body;
}

interface IncomingNumber {
  sid: string;
  phone_number: string;
}

/** Looks the number up in the account and points its voice webhook and status callback at the service. */
export async function claimTwilioNumber(options: TwilioRestOptions, credentials: ProviderCredentials, phoneNumber: string, webhooks: NumberWebhooks): Promise<{ numberId: string }> {
  const found = (await call(options, credentials, 'GET', `/IncomingPhoneNumbers.json?PhoneNumber=${encodeURIComponent(phoneNumber)}`)) as { incoming_phone_numbers?: IncomingNumber[] } | null;
  const number = found?.incoming_phone_numbers?.find((n) => n.phone_number === phoneNumber);
  if (!number) throw new ProviderNumberNotFound(`The Twilio account has no number ${phoneNumber}.`);
  await call(options, credentials, 'POST', `/IncomingPhoneNumbers/${encodeURIComponent(number.sid)}.json`, {
    VoiceUrl: webhooks.voiceUrl,
    VoiceMethod: 'POST',
    StatusCallback: webhooks.statusUrl,
    StatusCallbackMethod: 'POST',
  });
  return { numberId: number.sid };
}

/**
 * Clears the number's voice webhook and status callback, each only while it is still the service's: a user who
 * pointed the number elsewhere meanwhile keeps their own (Twilio takes an empty value as "none").
 */
export async function disownTwilioNumber(options: TwilioRestOptions, credentials: ProviderCredentials, numberSid: string, webhooks: NumberWebhooks): Promise<void> {
  const path = `/IncomingPhoneNumbers/${encodeURIComponent(numberSid)}.json`;
  const number = (await call(options, credentials, 'GET', path)) as { voice_url?: unknown; status_callback?: unknown } | null;
  const form: Record<string, string> = {};
  if (number?.voice_url === webhooks.voiceUrl) form.VoiceUrl = '';
  if (number?.status_callback === webhooks.statusUrl) form.StatusCallback = '';
  if (Object.keys(form).length > 0) await call(options, credentials, 'POST', path, form);
}

/** Creates the call at Twilio with inline TwiML that streams it to the service. */
export async function createTwilioCall(options: TwilioRestOptions, credentials: ProviderCredentials, outbound: OutboundCall, twiml: string): Promise<{ providerCallId: string }> {
  const created = (await call(options, credentials, 'POST', '/Calls.json', {
    To: outbound.to,
    From: outbound.from,
    Twiml: twiml,
    StatusCallback: outbound.statusUrl,
    StatusCallbackEvent: 'initiated ringing answered completed',
    StatusCallbackMethod: 'POST',
    // ringing_time: Twilio's own default (60 s) without one.
    ...(outbound.ringingTimeoutS ? { Timeout: String(outbound.ringingTimeoutS) } : {}),
    // Answering machine detection, asynchronous: the call streams at once and the verdict (AnsweredBy) is posted
    // after the machine's greeting has ended (DetectMessageEnd), the moment to leave a message.
    ...(outbound.machineDetectionUrl && {
      MachineDetection: 'DetectMessageEnd',
      AsyncAmd: 'true',
      AsyncAmdStatusCallback: outbound.machineDetectionUrl,
      AsyncAmdStatusCallbackMethod: 'POST',
    }),
  })) as { sid?: unknown } | null;
  if (!created || typeof created.sid !== 'string') throw new ProviderError('Twilio created the call without a sid.');
  return { providerCallId: created.sid };
}

/** A call's status as Twilio's Call resource gives it (queued, ringing, in-progress, completed, busy, no-answer, failed, canceled). */
export async function fetchTwilioCallStatus(options: TwilioRestOptions, credentials: ProviderCredentials, sid: string): Promise<string> {
  const got = (await call(options, credentials, 'GET', `/Calls/${encodeURIComponent(sid)}.json`)) as { status?: unknown } | null;
  return typeof got?.status === 'string' ? got.status : '';
}

/** Updates a live call: new TwiML replaces what it runs (a <Connect><Stream> ends), or `Status=completed` hangs it up. */
export async function updateTwilioCall(options: TwilioRestOptions, credentials: ProviderCredentials, sid: string, form: { Twiml: string } | { Status: 'completed' | 'canceled' }): Promise<void> {
  await call(options, credentials, 'POST', `/Calls/${encodeURIComponent(sid)}.json`, form);
}

/** Creates a call that runs the given TwiML (a warm transfer's supervisor leg), ringing at most `timeout` seconds. */
export async function createTwilioLeg(options: TwilioRestOptions, credentials: ProviderCredentials, leg: { to: string; from: string; twiml: string; timeout: number }): Promise<{ sid: string }> {
  const created = (await call(options, credentials, 'POST', '/Calls.json', { To: leg.to, From: leg.from, Twiml: leg.twiml, Timeout: String(leg.timeout) })) as { sid?: unknown } | null;
  if (!created || typeof created.sid !== 'string') throw new ProviderError('Twilio created the call without a sid.');
  return { sid: created.sid };
}
