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
  | 'initial_silence' // max_initial_silence_duration passed after the answer without the caller saying anything
  | 'max_duration'
  | 'error'
  | 'realtime_unavailable' // a multimodal/dualplex assistant and no REALTIME_BASE_URL (or the endpoint refused)
  // An answering machine (voice/voicemail/): the message was left (or the machine hung up on it), or the assistant hung up on it.
  | 'voicemail'
  | 'voicemail_hang_up'
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
   * Optional, lines that carry G.711 μ-law 8 kHz (Twilio, SIP): assistant audio as μ-law bytes, sent as they are
   * (no resampling), in order, the session pacing it in real time. A session that uses it (voice/realtime/) takes
   * the caller's μ-law through VoiceSessionInput.pushMulaw; the pipeline session keeps PCM.
   */
  sendMulaw?(bytes: Uint8Array): void;
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
  /**
   * Optional: caller audio as G.711 μ-law 8 kHz bytes, as the line carries it. A transport with sendMulaw feeds
   * a session that has this through it instead of pushAudio (the session then hears the line's own bytes).
   */
  pushMulaw?(bytes: Uint8Array): void;
  /** A key the caller pressed (0-9, *, #, A-D: Twilio's `dtmf`, the web call's keypad, RFC 4733). */
  pushDigit?(digit: string): void;
}

/** A finished transcript entry of a voice call, as stored in calls.transcript (engine/talk/entries.ts's shapes). */
export interface VoiceEntry {
  sender: 'bot' | 'human' | 'tool';
  /** keypress: keys the caller pressed, `text` the keys in order (e.g. "12#"). */
  type: 'message' | 'filler' | 'function_call' | 'handover' | 'keypress';
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
  /** handover entries (assistant_transfer): who handed the call over, and to whom. */
  from_assistant_id?: number;
  assistant_id?: number;
  assistant_name?: string;
}

/** assistant_transfer: the call goes on with another assistant of the account (builtin/transfer.ts's Handover). */
export interface HandoverRequest {
  fromAssistantId: number;
  assistantId: number;
  assistantName: string;
  /** Said in the first assistant's voice before the hand-over ('' for nothing). */
  messageBeforeTransfer: string;
  /** The other assistant says its initial message once it has the call. */
  speakGreeting: boolean;
}

/**
 * A live session that can hand its call to another assistant in the same call and recording: the pipeline
 * session (session.ts) swaps its talk setting and its Speaker's voice; a realtime session would send the other
 * assistant's instructions, tools and voice in a session.update. Resolves false when the other assistant cannot
 * take the call (gone, or its model not served): the first one goes on.
 */
export interface HandsOverCalls {
  handOver(request: HandoverRequest): Promise<boolean>;
}

/** The settled part of a live call's recording: its length cheaply, its WAV when it is to be kept. */
export interface RecordingSoFar {
  ms(): number;
  wav(): { wav: Uint8Array; audioMs: number };
}

/** Where a session reports what happened; the call's record (voice/call-record.ts) implements it. */
export interface VoiceSessionSink {
  /** The call went on with another assistant (assistant_transfer): the call's record names it. */
  handedOver?(to: { assistantId: number; assistantName: string }): void | Promise<void>;
  /** An entry is final: appended to the call's transcript (and published) as it happens. */
  entry(entry: VoiceEntry): void | Promise<void>;
  /** The call is over. `wav`: the real recording, both sides at their times (8 kHz mono 16-bit WAV). */
  ended(result: { reason: VoiceEndReason; wav: Uint8Array; audioMs: number; entries: VoiceEntry[] }): void | Promise<void>;
  /** An outbound call's answering-machine verdict (voice/voicemail/): a machine makes the call a voicemail's. */
  answeredBy?(by: 'human' | 'machine'): void | Promise<void>;
  /** How to read the recording so far (its settled part), for the record to keep now and then while the call goes on. */
  recordingSoFar?(recording: RecordingSoFar): void;
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
  /**
   * Who tells a person from an answering machine on an outbound call: the line itself (Twilio's AMD, its verdict
   * brought by voice/voicemail/verdicts.ts), or, when absent, our own detector on the audio.
   */
  machineDetection?: 'line' | 'own';
}
