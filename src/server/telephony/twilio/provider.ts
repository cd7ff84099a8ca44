import type { LineStatus, TelephonyProvider } from '../provider';
import { twilioLine } from './line';
import { acceptTwilioMedia } from './media-stream';
import { claimTwilioNumber, createTwilioCall, disownTwilioNumber } from './rest';
import { isValidTwilioSignature } from './signature';
import { sayAndHangUpTwiml, streamTwiml } from './twiml';
import { lineAnsweredBy } from '../../voice/voicemail/verdicts';

/** Twilio behind the telephony interface (provider.ts). */

export const TWILIO_MEDIA_PATH = '/api/telephony/twilio/media';

const STATUSES: Record<string, LineStatus | null> = {
  queued: null,
  initiated: null,
  ringing: 'ringing',
  'in-progress': 'in-progress',
  answered: 'in-progress',
  completed: 'completed',
  busy: 'busy',
  'no-answer': 'no-answer',
  failed: 'failed',
  canceled: 'failed',
};

export function twilioProvider(options: { apiBaseUrl: string }): TelephonyProvider {
  const rest = { baseUrl: options.apiBaseUrl };
  return {
    name: 'twilio',
    mediaPath: TWILIO_MEDIA_PATH,
    claimNumber: (credentials, phoneNumber, webhooks) => claimTwilioNumber(rest, credentials, phoneNumber, webhooks),
    disownNumber: (credentials, numberId, webhooks) => disownTwilioNumber(rest, credentials, numberId, webhooks),
    placeCall: (credentials, call) => createTwilioCall(rest, credentials, call, streamTwiml(call.streamUrl, { ticket: call.ticket })),
    verifyWebhook: (credentials, url, params, headers) => isValidTwilioSignature(credentials.secret, url, params, headers.get('x-twilio-signature')),
    inboundCall(params) {
      if (params.Direction !== 'inbound' || !params.CallSid) return null;
      return { providerCallId: params.CallSid, from: params.From ?? '', to: params.To ?? '' };
    },
    statusReport(params) {
      if (!params.CallSid) return null;
      return { providerCallId: params.CallSid, status: STATUSES[params.CallStatus ?? ''] ?? null };
    },
    detectsMachines: true,
    machineReport(params) {
      const answeredBy = lineAnsweredBy(params.AnsweredBy);
      return params.CallSid && answeredBy ? { providerCallId: params.CallSid, answeredBy } : null;
    },
    streamAnswer: (streamUrl, ticket) => ({ contentType: 'text/xml', body: streamTwiml(streamUrl, { ticket }) }),
    refusalAnswer: (text) => ({ contentType: 'text/xml', body: sayAndHangUpTwiml(text) }),
    acceptMedia: acceptTwilioMedia,
    phoneLine: (credentials, call) => twilioLine(rest, credentials, { sid: call.providerCallId, callerNumber: call.callerNumber, lineNumber: call.lineNumber }),
  };
}
