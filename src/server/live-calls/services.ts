import type { RealtimeConfig } from '../config';
import type { Db } from '../db/connect';
import type { ChatModel } from '../model/chat-model';
import type { VoiceCallStart, VoiceSessionInput, VoiceSessionSink, VoiceTransport } from '../voice/session-types';

/*
 * What the voice sockets and the telephony routes share: the pipeline's entry point bound to its dependencies,
 * and the configuration they need (config.ts reads it; cli/start.ts and the tests compose it).
 */

/** The pipeline's entry (voice/start-session.ts's startVoiceSession with its VoiceDeps bound), or a test's fake. */
export type StartVoiceSession = (call: VoiceCallStart, transport: VoiceTransport, sink: VoiceSessionSink) => Promise<VoiceSessionInput>;

export interface VoiceServices {
  db: Db;
  now: () => Date;
  /**
   * The voice door; null when no assistant can talk (no STT_BASE_URL or LLM_BASE_URL, and no REALTIME_BASE_URL):
   * web calls 503, phone calls are told so. On a realtime-only service (REALTIME_BASE_URL alone) it holds
   * speech-to-speech assistants' calls, and pipeline assistants' are refused naming what they miss (missingForVoice).
   */
  startSession: StartVoiceSession | null;
  /**
   * The door holds pipeline calls too (transcription, the model, speech: cli/start.ts); false on a realtime-only
   * service, whose pipeline assistants' phone calls are refused. Absent: it does (a test's door stands in for all).
   */
  pipeline?: boolean;
  /** STT_BASE_URL is set. */
  transcription: boolean;
  /** REALTIME_BASE_URL is set: multimodal and dualplex assistants can talk (voice/realtime/); unset, their web calls answer 503. */
  realtime?: boolean;
  /** REALTIME_BASE_URL and companions: the multimodal models lookup lists what the endpoint offers. */
  realtimeConfig?: RealtimeConfig | null;
  /** The language model: the post-call reading of a voice call (engine/talk/worker.ts readAfterCall). */
  model: ChatModel | null;
  /** Where speech comes from ('tts', 'espeak-ng') or null. */
  speech: string | null;
  allowPrivateUrls: boolean;
  /** PUBLIC_URL: the base of webhook and stream URLs (wss:// for https://), and of recording links in webhooks. */
  publicUrl: string;
  /** TWILIO_API_BASE_URL (default https://api.twilio.com). */
  twilioApiBaseUrl: string;
  /** The AES-256 key of the providers' credentials (telephony/secrets.ts); null: imports answer 503. */
  secretKey: Buffer | null;
  /**
   * Where carriers send SIP (PUBLIC_SIP_HOST, SIP_PORT) and whether a SIP server runs here (`enabled`, set by
   * whoever starts Kamailio); absent: the host of PUBLIC_URL, 5060, not enabled. GET /api/local/info's `sip`.
   */
  sip?: { host: string; port: number; enabled: boolean };
  /** How long a live call's hold lasts without a heartbeat (default 30 s), and the heartbeat's period (default 10 s). */
  holdLeaseMs?: number;
  heartbeatMs?: number;
  /** How often every voice socket is pinged (default 15 s); one that has not answered the last ping is dropped. */
  socketPingMs?: number;
}

/**
 * The configuration variables a call still needs ([] when it can start): a pipeline assistant's (no `mode`, or
 * `pipeline`) STT_BASE_URL and LLM_BASE_URL; a speech-to-speech one's (multimodal, dualplex) REALTIME_BASE_URL only.
 */
export function missingForVoice(services: Pick<VoiceServices, 'transcription' | 'model' | 'startSession' | 'realtime'>, mode?: string | null): string[] {
  if (mode === 'multimodal' || mode === 'dualplex') return services.realtime === true && services.startSession ? [] : ['REALTIME_BASE_URL'];
  const missing: string[] = [];
  if (!services.transcription || !services.startSession) missing.push('STT_BASE_URL');
  if (!services.model) missing.push('LLM_BASE_URL');
  return missing;
}

/**
 * Whether a phone call of an assistant in `mode` is refused when it comes in (the caller told so): no voice door, or
 * a pipeline assistant on a service without the pipeline's parts (a realtime-only one). A speech-to-speech
 * assistant without REALTIME_BASE_URL is answered and ends `realtime_unavailable`, as before.
 */
export function refusesPhoneCall(services: Pick<VoiceServices, 'startSession' | 'pipeline'>, mode: string | null): boolean {
  if (!services.startSession) return true;
  return mode !== 'multimodal' && mode !== 'dualplex' && services.pipeline === false;
}

/** GET /api/local/info's `voice` (src/contract/voice.ts voiceInfoSchema). */
export function voiceInfo(services: VoiceServices | null) {
  if (!services) return { transcription: false, model: false, speech: null, web_call: false, realtime: false };
  return {
    transcription: services.transcription,
    model: services.model !== null,
    speech: services.speech,
    web_call: missingForVoice(services).length === 0,
    // Speech-to-speech calls can be held (REALTIME_BASE_URL, and the voice door built: a realtime-only service too).
    realtime: missingForVoice(services, 'multimodal').length === 0,
  };
}

/** GET /api/local/info's `sip` (src/contract/sip-trunks.ts sipInfoSchema): the address to hand a carrier. */
export function sipInfo(services: VoiceServices | null): { address: string | null; port: number; enabled: boolean } {
  if (!services) return { address: null, port: 5060, enabled: false };
  const sip = services.sip ?? { host: new URL(services.publicUrl).hostname, port: 5060, enabled: false };
  return { address: sip.host, port: sip.port, enabled: sip.enabled };
}

/** `https://host/base` → `wss://host/base/path` (ws:// for http://). */
export function socketUrl(publicUrl: string, path: string): string {
  return publicUrl.replace(/^http(s?):\/\//i, (_m, s: string) => `ws${s.toLowerCase()}://`).replace(/\/+$/, '') + path;
}
