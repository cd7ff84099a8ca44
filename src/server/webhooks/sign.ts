import { Webhook } from 'standardwebhooks';

/*
 * The three Standard Webhooks headers of one attempt. The timestamp is the wall clock at sending, never
 * the service's (test) clock: receivers check it against their own clock to refuse replays (5 minutes).
 */
export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signatureHeaders(secret: string, webhookId: string, body: string, at: Date = new Date()): SignatureHeaders {
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(webhookId, at, body),
  };
}
