import { encodeWav } from '../../audio/pcm';
import type { ChatModel, JsonSchemaObject } from '../../model/chat-model';
import { PIPELINE_RATE } from '../session-types';
import type { Transcriber } from '../transcriber';

/*
 * The first utterance of an outbound call, judged by the model: transcribed, then classified with structured
 * output as an answering machine's greeting, a person, or not yet clear (Pipecat's voicemail detector and
 * LiveKit Agents ask a model the same question). The timing rules (timing.ts) say when to ask.
 */

export type GreetingKind = 'machine' | 'human' | 'unsure';

/** The schema's name as the endpoint is told it (the model stand-in answers requests by it). */
export const GREETING_SCHEMA_NAME = 'voicemail_greeting';

const SCHEMA: JsonSchemaObject = {
  type: 'object',
  properties: {
    answered_by: { type: 'string', enum: ['machine', 'human', 'unsure'], description: 'Who is speaking: a recorded greeting (voicemail, answering machine, mailbox, carrier announcement) or a live person' },
  },
  required: ['answered_by'],
  additionalProperties: false,
};

const SYSTEM =
  'You listen to the first seconds of an outbound phone call we placed. Given what the callee said (a transcript, ' +
  'possibly cut off mid-sentence, in any language), decide who answered. "machine": a recorded greeting: voicemail, an ' +
  'answering machine, a mailbox, a carrier announcement ("you have reached", "not available", "leave a message ' +
  'after the tone", "Mailbox", "nach dem Signalton"). "human": a live person answering ("Hello?", "Yes, speaking", ' +
  'their name, a question to the caller). "unsure": too little to tell. Answer with JSON only.';

export interface GreetingClassifier {
  /** The transcript and the verdict of the audio heard so far (16 kHz floats). */
  classify(samples: Float32Array, signal?: AbortSignal): Promise<{ kind: GreetingKind; text: string }>;
}

/** The transcriber and the model behind the classifier; a failure of either is "unsure" (the timing rules decide). */
export function modelGreetingClassifier(parts: { transcriber: Transcriber; model: ChatModel; modelName: string; log?: (message: string) => void }): GreetingClassifier {
  return {
    async classify(samples, signal) {
      let text = '';
      try {
        // The greeting's language is the callee's (a carrier's mailbox speaks the country's): the endpoint detects it.
        text = (await parts.transcriber.transcribe(encodeWav(samples, PIPELINE_RATE), null, signal)).text.trim();
      } catch (e) {
        parts.log?.(`voicemail detection: transcription failed: ${e instanceof Error ? e.message : String(e)}`);
        return { kind: 'unsure', text };
      }
      if (text === '') return { kind: 'unsure', text };
      try {
        const reply = await parts.model.object({
          model: parts.modelName,
          system: SYSTEM,
          messages: [{ role: 'user', content: `The callee said: "${text}"` }],
          schema: SCHEMA,
          schemaName: GREETING_SCHEMA_NAME,
          temperature: 0,
          ...(signal ? { signal } : {}),
        });
        const kind = reply.value?.answered_by;
        return { kind: kind === 'machine' || kind === 'human' ? kind : 'unsure', text };
      } catch (e) {
        parts.log?.(`voicemail detection: the model did not classify: ${e instanceof Error ? e.message : String(e)}`);
        return { kind: 'unsure', text };
      }
    },
  };
}
