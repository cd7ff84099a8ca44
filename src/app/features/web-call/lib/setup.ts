/*
 * How to give the local service ears and a model, as the web call's setup card shows it. Commands are
 * commands: the same in every language.
 */

export interface SetupRecipe {
  /** The server's name, shown as a heading. */
  name: string;
  commands: readonly string[];
}

/** A transcription server (STT_BASE_URL): OpenAI's POST /audio/transcriptions. */
export const TRANSCRIPTION_RECIPES: readonly SetupRecipe[] = [
  {
    name: 'Speaches',
    commands: [
      'docker run --rm -p 8000:8000 -v hf-hub-cache:/home/ubuntu/.cache/huggingface/hub ghcr.io/speaches-ai/speaches:latest-cpu',
      'curl -X POST http://localhost:8000/v1/models/Systran/faster-whisper-small',
    ],
  },
  {
    name: 'whisper.cpp',
    commands: ['whisper-server -m models/ggml-base.en.bin --port 8000 --inference-path /v1/audio/transcriptions'],
  },
];

/** A language model (LLM_BASE_URL), as the Test chat's card has it. */
export const MODEL_RECIPES: readonly SetupRecipe[] = [
  { name: 'Ollama', commands: ['ollama serve', 'ollama pull llama3.2'] },
  { name: 'llama.cpp', commands: ['llama-server -m model.gguf --port 11434'] },
];

/** Both, for the service. */
export const START_COMMAND = 'STT_BASE_URL=http://localhost:8000/v1 LLM_BASE_URL=http://localhost:11434/v1 npm start';
