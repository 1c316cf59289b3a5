import type { ChatProviderProfile } from './fake-chat-types';

export interface ErrorReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * What differs between the servers that speak the chat-completions protocol: where the routes
 * are, how the key travels and what their error bodies look like, as each one documents them.
 */
export interface ProviderProfile {
  /** The base URL a client is configured with. */
  baseUrl(origin: string): string;
  /** A chat-completions path: the deployment it names (Azure), else `null`; undefined: not one. */
  chatRoute(path: string): { deployment: string | null } | undefined;
  isModelsRoute(path: string): boolean;
  /** How this server takes a key; `none`: it never checks one. */
  keyScheme: 'bearer' | 'api-key' | 'none';
  /** Whether the request's `model` must be one it serves (llama.cpp serves the one loaded). */
  checksModel: boolean;
  needsApiVersion: boolean;
  badKey(): ErrorReply;
  unknownModel(model: string): ErrorReply;
  notFound(): ErrorReply;
  status(status: number): ErrorReply;
  /** Chunks before the first delta (Azure's prompt filter results). */
  preludeChunks(): Array<Record<string, unknown>>;
  systemFingerprint: string | null;
}

const openAiError = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

function statusBody(status: number): unknown {
  if (status === 429) {
    return openAiError(
      'Rate limit reached for requests. Please try again in 1s.',
      'requests',
      'rate_limit_exceeded',
    );
  }
  if (status >= 500) {
    return openAiError(
      'The server had an error while processing your request. Sorry about that!',
      'server_error',
      null,
    );
  }
  return openAiError(`HTTP ${status}`, 'invalid_request_error', null);
}

const V1_CHAT = new Set(['/v1/chat/completions']);

function v1Profile(overrides: Partial<ProviderProfile>): ProviderProfile {
  return {
    baseUrl: (origin) => `${origin}/v1`,
    chatRoute: (path) => (V1_CHAT.has(path) ? { deployment: null } : undefined),
    isModelsRoute: (path) => path === '/v1/models',
    keyScheme: 'bearer',
    checksModel: true,
    needsApiVersion: false,
    badKey: () => ({
      status: 401,
      body: openAiError(
        'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
        'invalid_request_error',
        'invalid_api_key',
      ),
    }),
    unknownModel: (model) => ({
      status: 404,
      body: openAiError(
        `The model \`${model}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        'model_not_found',
      ),
    }),
    notFound: () => ({
      status: 404,
      body: openAiError('Invalid URL', 'invalid_request_error', null),
    }),
    status: (status) => ({ status, body: statusBody(status) }),
    preludeChunks: () => [],
    systemFingerprint: 'fp_fake0001',
    ...overrides,
  };
}

const AZURE_CHAT = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;

export const PROVIDER_PROFILES: Record<ChatProviderProfile, ProviderProfile> = {
  openai: v1Profile({}),
  azure: {
    baseUrl: (origin) => `${origin}/openai/deployments`,
    chatRoute: (path) => {
      const match = AZURE_CHAT.exec(path);
      return match ? { deployment: decodeURIComponent(match[1]!) } : undefined;
    },
    isModelsRoute: (path) => path === '/openai/models',
    keyScheme: 'api-key',
    checksModel: true,
    needsApiVersion: true,
    badKey: () => ({
      status: 401,
      body: {
        error: {
          code: '401',
          message:
            'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
        },
      },
    }),
    unknownModel: () => ({
      status: 404,
      body: {
        error: {
          code: 'DeploymentNotFound',
          message:
            'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
        },
      },
    }),
    notFound: () => ({
      status: 404,
      body: { error: { code: '404', message: 'Resource not found' } },
    }),
    status: (status) => ({
      status,
      body:
        status === 429
          ? {
              error: {
                code: '429',
                message:
                  'Requests to the ChatCompletions_Create Operation have exceeded the rate limit of your current tier. Please retry after 1 second.',
              },
            }
          : { error: { code: String(status), message: 'The service is temporarily unavailable.' } },
    }),
    preludeChunks: () => [
      {
        choices: [],
        created: 0,
        id: '',
        model: '',
        object: '',
        prompt_filter_results: [
          {
            prompt_index: 0,
            content_filter_results: {
              hate: { filtered: false, severity: 'safe' },
              self_harm: { filtered: false, severity: 'safe' },
              sexual: { filtered: false, severity: 'safe' },
              violence: { filtered: false, severity: 'safe' },
            },
          },
        ],
      },
    ],
    systemFingerprint: 'fp_azure0001',
  },
  ollama: v1Profile({
    keyScheme: 'none',
    unknownModel: (model) => ({
      status: 404,
      body: openAiError(`model "${model}" not found, try pulling it first`, 'api_error', null),
    }),
    notFound: () => ({ status: 404, body: '404 page not found' }),
    systemFingerprint: 'fp_ollama',
  }),
  vllm: v1Profile({
    badKey: () => ({ status: 401, body: { error: 'Unauthorized' } }),
    unknownModel: (model) => ({
      status: 404,
      body: {
        object: 'error',
        message: `The model \`${model}\` does not exist.`,
        type: 'NotFoundError',
        param: null,
        code: 404,
      },
    }),
    notFound: () => ({ status: 404, body: { detail: 'Not Found' } }),
    systemFingerprint: null,
  }),
  llamacpp: v1Profile({
    chatRoute: (path) =>
      path === '/v1/chat/completions' || path === '/chat/completions'
        ? { deployment: null }
        : undefined,
    checksModel: false,
    badKey: () => ({
      status: 401,
      body: { error: { code: 401, message: 'Invalid API Key', type: 'authentication_error' } },
    }),
    notFound: () => ({
      status: 404,
      body: { error: { code: 404, message: 'File Not Found', type: 'not_found_error' } },
    }),
    systemFingerprint: null,
  }),
  lmstudio: v1Profile({
    keyScheme: 'none',
    unknownModel: (model) => ({
      status: 404,
      body: openAiError(`Model "${model}" not found`, 'invalid_request_error', 'model_not_found'),
    }),
    notFound: () => ({ status: 404, body: { error: 'Unexpected endpoint or method.' } }),
    systemFingerprint: null,
  }),
};
