/**
 * Where the chat model is served and how to call it. `openai`: the OpenAI API or any server
 * compatible with it (Ollama, vLLM, llama.cpp server, LM Studio), `Authorization: Bearer`.
 * `azure`: an Azure OpenAI deployment URL (`https://<resource>.openai.azure.com/openai/
 * deployments/<deployment>`), the `api-key` header and an `api-version` query parameter.
 */
export interface ChatEndpoint {
  provider: 'openai' | 'azure';
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Azure only. */
  apiVersion?: string;
}

export const DEFAULT_AZURE_API_VERSION = '2024-10-21';
