import type { EmbeddingConfig, LlmConfig } from '../config';
import { ModelCallError } from './chat-model';
import { retryDelayMs, sleep } from './retry';
import { endpointMessage } from './openai-compatible';

/*
 * Embeddings from the OpenAI-compatible endpoint (`POST {LLM_BASE_URL}/embeddings`: Ollama, llama.cpp's
 * llama-server with --embeddings, vLLM, LM Studio, a hosted provider), through the AI SDK's
 * `@ai-sdk/openai-compatible` embedding model at its provider layer (doEmbed), as the chat model uses its
 * language model. Retries are the chat model's: a 429, a 5xx or a refused connection is tried again up to
 * LLM_MAX_RETRIES times, waiting LLM_RETRY_DELAY_MS doubled each time (or the endpoint's Retry-After up to
 * 10 s); a time-out (LLM_TIMEOUT_MS, per attempt) is not. Imported on first use, like the chat model's SDK.
 */

export interface EmbeddingModel {
  /** What stored embeddings are keyed by: the model's name, and the dimensions asked for. Another key re-embeds. */
  key: string;
  /** The model's name (LLM_EMBEDDING_MODEL), for messages. */
  model: string;
  /** Texts per request (the worker embeds passages in batches of this many). */
  batch: number;
  /** One embedding per text, in order. Throws ModelCallError. */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** Passages per request: small enough for a local server's batch, large enough to save round trips. */
export const EMBEDDING_BATCH = 32;

type Sdk = { provider: typeof import('@ai-sdk/openai-compatible'); APICallError: typeof import('ai').APICallError };
let sdk: Promise<Sdk> | undefined;
const loadSdk = () =>
  (sdk ??= Promise.all([import('@ai-sdk/openai-compatible'), import('ai')]).then(([provider, ai]) => ({ provider, APICallError: ai.APICallError })));

export function embeddingKey(config: EmbeddingConfig): string {
  return config.dimensions ? `${config.model}@${config.dimensions}` : config.model;
}

export function createEmbeddingModel(llm: LlmConfig, config: EmbeddingConfig): EmbeddingModel {
  type Model = ReturnType<ReturnType<Sdk['provider']['createOpenAICompatible']>['embeddingModel']>;
  let model: Model | undefined;
  const load = async () => {
    const { provider } = await loadSdk();
    model ??= provider
      .createOpenAICompatible({ name: 'llm', baseURL: llm.baseUrl, ...(llm.apiKey ? { apiKey: llm.apiKey } : {}) })
      .embeddingModel(config.model);
    return model;
  };

  async function failure(e: unknown, timedOut: boolean): Promise<ModelCallError> {
    const ai = await loadSdk();
    if (timedOut) return new ModelCallError(`The embedding model did not answer within ${llm.timeoutMs} ms (LLM_TIMEOUT_MS).`, undefined);
    if (ai.APICallError.isInstance(e)) {
      const said = endpointMessage(e.responseBody) ?? e.message;
      if (e.statusCode === undefined) return new ModelCallError(`The model endpoint ${llm.baseUrl} could not be reached: ${said}`, undefined);
      return new ModelCallError(`The model endpoint answered ${e.statusCode} for embeddings with LLM_EMBEDDING_MODEL=${config.model}: ${said}`, e.statusCode);
    }
    if (e instanceof ModelCallError) return e;
    return new ModelCallError(`The embedding call failed: ${e instanceof Error ? e.message : String(e)}`, undefined);
  }

  return {
    key: embeddingKey(config),
    model: config.model,
    batch: EMBEDDING_BATCH,
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      const m = await load();
      const ai = await loadSdk();
      const providerOptions = config.dimensions ? { llm: { dimensions: config.dimensions } } : undefined;
      for (let n = 1; ; n++) {
        const timeout = AbortSignal.timeout(llm.timeoutMs);
        const abortSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
        try {
          const { embeddings } = await m.doEmbed({ values: texts, abortSignal, ...(providerOptions ? { providerOptions } : {}) });
          if (embeddings.length !== texts.length) throw new ModelCallError(`The embedding model answered ${embeddings.length} embeddings for ${texts.length} texts.`, undefined);
          const length = embeddings[0]?.length ?? 0;
          if (length === 0 || embeddings.some((v) => v.length !== length || v.some((x) => !Number.isFinite(x)))) {
            throw new ModelCallError('The embedding model answered embeddings of unequal length or with values that are not numbers.', undefined);
          }
          return embeddings;
        } catch (e) {
          if (signal?.aborted) throw new ModelCallError('The request was cancelled.', undefined);
          const timedOut = timeout.aborted;
          const status = ai.APICallError.isInstance(e) ? e.statusCode : undefined;
          const transient = ai.APICallError.isInstance(e) && (status === undefined ? e.isRetryable : status === 429 || status >= 500);
          if (timedOut || !transient || n > llm.maxRetries) throw await failure(e, timedOut);
          await sleep(retryDelayMs(n, llm.retryDelayMs, ai.APICallError.isInstance(e) ? e.responseHeaders : undefined), signal);
        }
      }
    },
  };
}
