/*
 * The seam between the voice pipeline (this folder: detector, transcription, the assistant's streamed steps,
 * speech, barge-in, silence, latency, the recording) and its transports (the browser's web-call socket,
 * telephony/twilio/'s media stream): a transport converts its wire format to PCM frames at PIPELINE_RATE and
 * back, and nothing else. A session per call owns its clock, its state and its turn timings.
 */

/** The pipeline's audio: mono float samples in [-1, 1] at 16 kHz, both ways. */
export const PIPELINE_RATE = 16_000;

export type VoiceState = 'listening' | 'thinking' | 'speaking' | 'ended';

/** How a voice call ended (the call's status follows: see voice/call-record.ts). */
export type VoiceEndReason =
  | 'caller_ended' // the browser's End call, Twilio's stop, the caller hung up
  | 'dropped' // the socket went away without a goodbye
  | 'end_call' // the assistant's end_call tool
  | 'silence' // repeated silence after re-engaging
  | 'max_duration'
  | 'error'
  | 'transferred'; // call_transfer / warm_call_transfer handed the caller over (voice/phone-tools/)

/** A spoken line of the live transcript, as the transport may show it (the web call's `transcript` message). */
export interface LiveLine {
  id: string;
  sender: 'human' | 'bot';
  text: string;
  final: boolean;
  interrupted?: boolean;
  latency_ms?: number;
}

/** What the session asks of its transport. */
export interface VoiceTransport {
  /** Assistant audio, PIPELINE_RATE, to be played in order (the session paces it in real time). */
  sendAudio(samples: Float32Array): void;
  /** Barge-in: drop everything sent and not yet played (Twilio `clear`, the browser's `clear`). */
  clearAudio(): void;
  /** The live transcript and state, for transports that show them (the browser); Twilio ignores them. */
  line?(line: LiveLine): void;
  tool?(call: { name: string; arguments: unknown; result?: unknown; error?: string | null }): void;
  state?(state: VoiceState): void;
  /** The session has ended the call (end_call, silence, max_duration): the transport hangs up. */
  hangUp(reason: VoiceEndReason): void;
  /**
   * dtmf_input's keys, for a transport that signals them beside the audio (SIP: RFC 4733 telephone events);
   * without it the session plays the keys' tones in the audio (Twilio has no message to send a key).
   */
  sendDigits?(digits: string): Promise<void>;
  /** The telephone line under the call, when there is one (not the web call): what the transfers act on. */
  phone?: PhoneLine;
}

/** A supervisor's leg of a warm transfer, ringing (PhoneLine.callSupervisor). */
export interface SupervisorLeg {
  /** Resolves true once they answer (the briefing is then said to them), false when they do not (busy, no answer, failed). */
  answered: Promise<boolean>;
  /** Joins the caller to the supervisor; the service's leg of the call ends there. */
  join(): Promise<void>;
  /** Gives up on the leg (hangs it up). */
  cancel(): Promise<void>;
}

/** Transfers on a telephone line (Twilio now: telephony/twilio/line.ts; SIP: REFER and a second INVITE). */
export interface PhoneLine {
  /** Cold: the caller is handed to `to` (E.164); the service's leg of the call ends. */
  transfer(to: string, options: { callerId: string | null }): Promise<void>;
  /** Warm: rings `to` from `from` (a number of the user's, or the caller's for caller_id_mode customer_number); `briefing` is said to them when they answer. */
  callSupervisor(input: { to: string; from: string; briefing: string; ringSeconds: number }): Promise<SupervisorLeg>;
  /** The caller's own number, as the line knows it ('' when unknown). */
  readonly callerNumber: string;
  /** The number the call is on (the assistant's). */
  readonly lineNumber: string;
  /** The line can call SIP addresses (a SIP trunk): warm_call_transfer's custom_sip is then dialled as `to`. */
  readonly dialsSip?: boolean;
}

/** The transport's side: what comes in. */
export interface VoiceSessionInput {
  /** Caller audio at PIPELINE_RATE, any length, in order, as it arrives (real time). */
  pushAudio(samples: Float32Array): void;
  /** The caller is gone (`stop`, End call, a closed socket): the call ends with what was said. */
  end(reason: VoiceEndReason): Promise<void>;
  /** A key the caller pressed (0-9, *, #, A-D: Twilio's `dtmf`, the web call's keypad, RFC 4733). */
  pushDigit?(digit: string): void;
}

/** A finished transcript entry of a voice call, as stored in calls.transcript (engine/talk/entries.ts's shapes). */
export interface VoiceEntry {
  sender: 'bot' | 'human' | 'tool';
  /** keypress: keys the caller pressed, `text` the keys in order (e.g. "12#"). */
  type: 'message' | 'filler' | 'function_call' | 'keypress';
  text: string;
  /** ISO 8601, when it began to be said (or the tool was called). */
  timestamp: string;
  /** Assistant messages: voice to voice (end of the caller's speech → first audio out) and its parts. */
  latency_ms?: number;
  endpointing_ms?: number;
  stt_ms?: number;
  llm_ms?: number;
  tts_ms?: number;
  /** An assistant message cut by the caller: `text` is what was played of it. */
  interrupted?: boolean;
  /** function_call entries. */
  name?: string;
  arguments?: Record<string, unknown>;
  result?: unknown;
  error?: string | null;
  duration_ms?: number;
}

/** Where a session reports what happened; the call's record (voice/call-record.ts) implements it. */
export interface VoiceSessionSink {
  /** An entry is final: appended to the call's transcript (and published) as it happens. */
  entry(entry: VoiceEntry): void | Promise<void>;
  /** The call is over. `wav`: the real recording, both sides at their times (8 kHz mono 16-bit WAV). */
  ended(result: { reason: VoiceEndReason; wav: Uint8Array; audioMs: number; entries: VoiceEntry[] }): void | Promise<void>;
}

/** What a transport knows when a call begins; the pipeline reads the assistant itself. */
export interface VoiceCallStart {
  callId: number;
  userId: number;
  assistantId: number;
  /** The call's variables (a web call's, make_call's, the lead's). */
  variables: Record<string, unknown>;
  direction: 'web' | 'inbound' | 'outbound';
  /** Epoch ms of the answer (entries are stamped from here). */
  answeredAt: number;
}
