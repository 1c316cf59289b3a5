export {
  OpenAiHttpClient,
  OpenAiRequestError,
  type OpenAiFailure,
  type OpenAiHttpClientOptions,
  type PostOptions,
} from './openai-http-client';
