import type { Db } from '../../db/connect';
import type { ChatModel } from '../../model/chat-model';
import type { SessionClock } from '../clock';
import type { VoiceCallStart, VoiceSessionInput, VoiceSessionSink, VoiceTransport } from '../session-types';
import type { Speaker } from '../speaker';
import type { Transcriber } from '../transcriber';
import { modelGreetingClassifier } from './classifier';
import { VoicemailDetector } from './detector';
import { VoicemailGate, type OpenSession } from './gate';
import { voicemailPolicy, type VoicemailPolicy } from './policy';

/*
 * Which calls pass the voicemail gate (gate.ts), chosen where a session starts (voice/start-session.ts): every
 * outbound phone call on a line that gives its own verdict (Twilio's AMD); outbound calls on lines without one
 * (SIP) when the assistant does something about machines (a voice_mail_message or end_call_on_voicemail); and the
 * web call of such an outbound assistant: its user tests that by playing a greeting into the browser. Any other
 * call starts its session at once, as before.
 */

export interface VoicemailDeps {
  /** The greeting's classifier needs both; without them (a realtime-only service) the timing rules and the beep decide. */
  model: ChatModel | null;
  modelName: string;
  transcriber: Transcriber | null;
  clock: SessionClock;
  log?: (message: string) => void;
  /** The session hears the line's μ-law itself (gate.ts GateParts.mulaw). */
  mulaw?: boolean;
}

/** The assistant's voicemail settings for a call that may pass the gate (read beside the assistant's other settings). */
export function voicemailPolicyFor(db: Db, call: VoiceCallStart): Promise<VoicemailPolicy | null> {
  return call.direction === 'inbound' ? Promise.resolve(null) : voicemailPolicy(db, call.assistantId, call.variables);
}

export function voicemailGateFor(deps: VoicemailDeps, policy: VoicemailPolicy | null, call: VoiceCallStart, speaker: Speaker, transport: VoiceTransport, sink: VoiceSessionSink, open: OpenSession): VoiceSessionInput | null {
  if (call.direction === 'inbound' || !policy) return null;
  if (call.direction === 'web' && !(policy.outboundAssistant && (policy.message !== null || policy.hangUp))) return null;
  const own = call.machineDetection !== 'line';
  // Our own detector holds the greeting for its first seconds (a person who says nothing is known only after
  // app_amd's 2.5 s of initial silence): on a line without a vendor's verdict (SIP) that wait is taken only when
  // the verdict changes what happens, a message to leave or a machine to hang up on.
  if (own && policy.message === null && !policy.hangUp) return null;
  const log = deps.log;
  const { model, transcriber } = deps;
  const classifier = model && transcriber ? modelGreetingClassifier({ transcriber, model, modelName: deps.modelName, ...(log ? { log } : {}) }) : null;
  const detector = own ? new VoicemailDetector({ classifier }) : null;
  return new VoicemailGate(call, policy, { clock: deps.clock, speaker, transcriber: deps.transcriber, detector, ...(log ? { log } : {}), ...(deps.mulaw ? { mulaw: true } : {}) }, transport, sink, open);
}
