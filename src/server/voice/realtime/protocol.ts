import type { ChatTool } from '../../model/chat-model';

/*
 * OpenAI's Realtime protocol (the GA event names) as this service speaks it: what we send (session.update,
 * input_audio_buffer.append, conversation.item.create with a function_call_output, conversation.item.truncate,
 * response.create, response.cancel) and the server events we read. Servers send more than we read; every
 * event is a JSON object with a `type`, and anything we do not know is ignored.
 */

/** The audio formats both sides use: PCM16 at 24 kHz (the web call), G.711 μ-law at 8 kHz (phone lines). */
export type RealtimeAudioFormat = { type: 'audio/pcm'; rate: 24000 } | { type: 'audio/pcmu' };

export const REALTIME_PCM_RATE = 24_000;

/** Turn detection as the session asks it: the server's voice activity (a pause of silence_duration_ms) or its semantic model. */
export type RealtimeTurnDetection =
  | { type: 'server_vad'; threshold: number; prefix_padding_ms: number; silence_duration_ms: number; create_response: true; interrupt_response: boolean }
  | { type: 'semantic_vad'; eagerness: 'low' | 'medium' | 'high' | 'auto'; create_response: true; interrupt_response: boolean };

export interface RealtimeSessionConfig {
  type: 'realtime';
  model: string;
  instructions: string;
  output_modalities: ['audio'] | ['text'];
  audio: {
    input: { format: RealtimeAudioFormat; transcription: { model: string; language?: string }; turn_detection: RealtimeTurnDetection };
    output: { format: RealtimeAudioFormat; voice: string; speed: number };
  };
  tools: { type: 'function'; name: string; description: string; parameters: ChatTool['parameters'] }[];
  tool_choice: 'auto';
}

/** The voices OpenAI's realtime models have; an assistant's voice of another name gets the first. */
export const REALTIME_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'sage', 'shimmer', 'verse', 'marin', 'cedar'] as const;

export function realtimeVoice(name: string | null): string {
  const key = (name ?? '').trim().toLowerCase();
  return (REALTIME_VOICES as readonly string[]).includes(key) ? key : REALTIME_VOICES[0];
}

/**
 * endpoint_type / endpoint_sensitivity (0–5) as the endpoint's turn detection: `vad` is server_vad with the
 * pipeline's own pause (voice/turn-detector.ts: 1,000 ms − 140 ms × sensitivity); `ai` is semantic_vad, its
 * eagerness low / medium / high by thirds of the range. interrupt_response follows allow_interruptions.
 */
export function turnDetection(endpointType: string, sensitivity: number, allowInterruptions: boolean): RealtimeTurnDetection {
  const s = Number.isFinite(sensitivity) ? Math.min(5, Math.max(0, sensitivity)) : 2.5;
  if (endpointType === 'ai') {
    return { type: 'semantic_vad', eagerness: s < 5 / 3 ? 'low' : s < 10 / 3 ? 'medium' : 'high', create_response: true, interrupt_response: allowInterruptions };
  }
  return { type: 'server_vad', threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: Math.round(1000 - 140 * s), create_response: true, interrupt_response: allowInterruptions };
}

/** A server event as read: its type and the fields we use (all optional: a server may leave any out). */
export interface RealtimeServerEvent {
  type: string;
  event_id?: string;
  item_id?: string;
  response_id?: string;
  content_index?: number;
  /** output_audio.delta: base64 audio; *_transcript.delta / output_text.delta: text. */
  delta?: string;
  transcript?: string;
  text?: string;
  audio_start_ms?: number;
  audio_end_ms?: number;
  call_id?: string;
  name?: string;
  arguments?: string;
  item?: { id?: string; type?: string; role?: string; call_id?: string; name?: string; arguments?: string };
  response?: { id?: string; status?: string; status_details?: unknown; output?: { id?: string; type?: string; call_id?: string; name?: string; arguments?: string }[] };
  error?: { type?: string; code?: string; message?: string };
}

export function parseServerEvent(data: string): RealtimeServerEvent | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { type?: unknown }).type !== 'string') return null;
    return parsed as RealtimeServerEvent;
  } catch {
    return null;
  }
}
