export {
  ChatCompletionClient,
  type ChatCompletion,
  type ChatCompletionClientOptions,
  type ChatMessage,
  type CompletionOptions,
  type TokenUsage,
} from './chat-completion-client';
export { ChatCompletionError, type ChatFailureKind } from './chat-completion-error';
export { DEFAULT_AZURE_API_VERSION, type ChatEndpoint } from './chat-endpoint';
export { serverSentEvents, type ServerSentEvent } from './server-sent-events';
