/*
 * How to connect a language model, as commands to copy (the same as the test chat shows): shell lines, the
 * same in every language.
 */
export const OLLAMA_COMMANDS = ['ollama serve', 'ollama pull llama3.2', 'LLM_BASE_URL=http://localhost:11434/v1 LLM_MODEL=llama3.2 npm start'].join('\n');
export const LLAMA_CPP_COMMANDS = ['llama-server -m model.gguf --port 8081', 'LLM_BASE_URL=http://localhost:8081/v1 npm start'].join('\n');
