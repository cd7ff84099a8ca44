/*
 * How to connect a language model to the local service, as the setup card shows it. Commands are
 * commands: the same in every language.
 */

export interface SetupRecipe {
  /** The model server's name, shown as a heading. */
  name: string;
  commands: readonly string[];
}

export const MODEL_SETUP_RECIPES: readonly SetupRecipe[] = [
  {
    name: 'Ollama',
    commands: ['ollama serve', 'ollama pull llama3.2', 'LLM_BASE_URL=http://localhost:11434/v1 LLM_MODEL=llama3.2 npm start'],
  },
  {
    name: 'llama.cpp',
    commands: ['llama-server -m model.gguf --port 8081', 'LLM_BASE_URL=http://localhost:8081/v1 npm start'],
  },
];
