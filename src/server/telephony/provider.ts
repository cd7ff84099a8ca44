import type { WebSocket } from 'ws';
import type { PhoneLine } from '../voice/session-types';
import type { MediaSocketContext } from './media';
import type { LineAnsweredBy } from '../voice/voicemail/verdicts';

/*
 * A telephony provider as the service needs it: claim a number the user owns there (point its voice webhook at
 * the service), place an outbound call that streams to the service, check the provider's webhook signatures,
 * answer its voice webhook, read its status callbacks, and carry a call's audio on its media socket. Twilio is
 * twilio/; Telnyx and SignalWire speak the same media-stream shape: a second provider is a second file like
 * twilio/provider.ts, registered in providers.ts.
 */

export interface ProviderCredentials {
  /** The account (Twilio: the AC sid). */
  account: string;
  /** The account's secret (Twilio: the auth token), decrypted only to be used. */
  secret: string;
}

/** Where the provider reaches the service for one number (built from PUBLIC_URL). */
export interface NumberWebhooks {
  voiceUrl: string;
  statusUrl: string;
}

export interface OutboundCall {
  to: string;
  from: string;
  /** wss://…/api/telephony/<provider>/media */
  streamUrl: string;
  /** The one-time ticket the media socket must present. */
  ticket: string;
  statusUrl: string;
  /** The assistant's ringing_time (s): not answered within it, the call is no-answer (Twilio's `Timeout`). */
  ringingTimeoutS?: number;
  /** Where the provider posts its answering-machine verdict (providers that detect machines). */
  machineDetectionUrl?: string;
}

/** The provider refused the credentials (Twilio: 401, code 20003). */
export class ProviderAuthError extends Error {}
/** The account has no such number. */
export class ProviderNumberNotFound extends Error {}
/** Any other failure (the provider down, an answer we cannot read). */
export class ProviderError extends Error {}

/** A call's status as a provider's status callback reports it, in the service's words. */
export type LineStatus = 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed';

export interface StatusReport {
  providerCallId: string;
  status: LineStatus | null;
}

export interface WebhookAnswer {
  contentType: string;
  body: string;
}

export interface InboundCall {
  providerCallId: string;
  from: string;
  to: string;
}

export interface TelephonyProvider {
  readonly name: string;
  /** The media socket's path, under the service's origin. */
  readonly mediaPath: string;
  /** Finds the number in the account and points its voice webhook and status callback at the service. */
  claimNumber(credentials: ProviderCredentials, phoneNumber: string, webhooks: NumberWebhooks): Promise<{ numberId: string }>;
  /** The number is released here: its voice webhook and status callback are cleared where they still point at the service. */
  disownNumber?(credentials: ProviderCredentials, numberId: string, webhooks: NumberWebhooks): Promise<void>;
  placeCall(credentials: ProviderCredentials, call: OutboundCall): Promise<{ providerCallId: string }>;
  /** Whether the request (its full public URL and form parameters) is signed with the account's secret. */
  verifyWebhook(credentials: ProviderCredentials, url: string, params: Record<string, string>, headers: Headers): boolean;
  /** The voice webhook's caller; null when it is not an inbound call. */
  inboundCall(params: Record<string, string>): InboundCall | null;
  statusReport(params: Record<string, string>): StatusReport | null;
  /** The provider tells a person from an answering machine on outbound calls itself (Twilio's AMD). */
  readonly detectsMachines?: boolean;
  /** Its answering-machine verdict callback, read; null when it is not one. */
  machineReport?(params: Record<string, string>): { providerCallId: string; answeredBy: LineAnsweredBy } | null;
  /** Connect the call to the media socket, presenting the ticket. */
  streamAnswer(streamUrl: string, ticket: string): WebhookAnswer;
  /** Say the text and hang up. */
  refusalAnswer(text: string): WebhookAnswer;
  /** Carries one call's audio: converts the wire format to the pipeline's frames and back, nothing else. */
  acceptMedia(socket: WebSocket, context: MediaSocketContext): void;
  /** The call's transfers (voice/phone-tools/); a provider without them has no phone tools that transfer. */
  phoneLine?(credentials: ProviderCredentials, call: { providerCallId: string; callerNumber: string; lineNumber: string }): PhoneLine;
}
