import type { ChatModel } from '../model/chat-model';
import type { SpeechSource } from '../speech/speech';
import type { Transcriber } from '../voice/transcriber';

/*
 * Failures of the parts a call depends on (transcription, the model, speech), counted where the parts are
 * called: the adapters wrapped once at start (cli/start.ts), so the pipeline stays as it is. A plain tally,
 * always kept (a few additions per failure); the metrics read it when scraped (ops/metrics.ts).
 */

export type VoicePart = 'transcription' | 'model' | 'speech';

const tally: Record<VoicePart, number> = { transcription: 0, model: 0, speech: 0 };

export function voiceErrors(): Readonly<Record<VoicePart, number>> {
  return tally;
}

/** A barge-in cancels the model or a transcription on purpose: that is not the part failing. */
function isCancel(e: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (e instanceof Error && e.name === 'AbortError');
}

async function counted<T>(part: VoicePart, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!isCancel(e, signal)) tally[part] += 1;
    throw e;
  }
}

export function countedTranscriber(inner: Transcriber): Transcriber {
  return { transcribe: (wav, language, signal) => counted('transcription', signal, () => inner.transcribe(wav, language, signal)) };
}

export function countedSpeech(inner: SpeechSource): SpeechSource {
  return {
    engine: inner.engine,
    description: inner.description,
    synthesize: (request) => counted('speech', undefined, () => inner.synthesize(request)),
  };
}

export function countedModel(inner: ChatModel): ChatModel {
  return {
    info: inner.info,
    reply: (request) => counted('model', request.signal, () => inner.reply(request)),
    stream: (request, handlers) => counted('model', request.signal, () => inner.stream(request, handlers)),
    object: (request) => counted('model', request.signal, () => inner.object(request)),
    listModels: () => inner.listModels(),
  };
}
