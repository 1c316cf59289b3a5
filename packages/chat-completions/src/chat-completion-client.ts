import { OpenAiHttpClient, OpenAiRequestError } from '@docent/openai-http';
import { ChatCompletionError } from './chat-completion-error';
import { DEFAULT_AZURE_API_VERSION, type ChatEndpoint } from './chat-endpoint';
import { serverSentEvents } from './server-sent-events';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatCompletion {
  text: string;
  /** `stop`, `length`, `content_filter`…; null when the server did not say. */
  finishReason: string | null;
  /** Null when the server reported none. */
  usage: TokenUsage | null;
}

export interface CompletionOptions {
  signal?: AbortSignal;
  /** Streaming: each piece of the answer's text as it arrives. */
  onText?: (piece: string) => void;
}

export interface ChatCompletionClientOptions {
  endpoint: ChatEndpoint;
  temperature?: number;
  /** Cap on the answer's length, in tokens; undefined: the server's. */
  maxTokens?: number;
  /** Whole request budget, retries included. */
  timeoutMs?: number;
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Chat completions from OpenAI, Azure OpenAI or an OpenAI-compatible server, whole or streamed.
 * 429 and 5xx are retried (Retry-After first) until the answer starts; a stream that breaks off
 * before its first piece of text is asked again, one that breaks off later fails.
 */
export class ChatCompletionClient {
  private readonly http: OpenAiHttpClient;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;

  constructor(private readonly options: ChatCompletionClientOptions) {
    const { endpoint } = options;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.http = new OpenAiHttpClient({
      baseUrl: endpoint.baseUrl,
      apiKey: endpoint.apiKey,
      keyHeader: endpoint.provider === 'azure' ? 'api-key' : 'bearer',
      query:
        endpoint.provider === 'azure'
          ? { 'api-version': endpoint.apiVersion ?? DEFAULT_AZURE_API_VERSION }
          : undefined,
      maxRetries: this.maxRetries,
      backoff: { baseMs: 500, maxMs: 8_000 },
      maxRetryAfterMs: 30_000,
      sleep: options.sleep,
    });
  }

  get model(): string {
    return this.options.endpoint.model;
  }

  /** The whole answer (`stream: false`), or streamed when `onText` is given. */
  async complete(
    messages: ChatMessage[],
    options: CompletionOptions = {},
  ): Promise<ChatCompletion> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    try {
      return options.onText
        ? await this.streamed(messages, signal, options.onText)
        : await this.whole(messages, signal);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      if (deadline.aborted) {
        throw new ChatCompletionError('timeout', 'The answer model did not answer in time.');
      }
      throw this.failure(error);
    }
  }

  /**
   * Throws a `ChatCompletionError` when the endpoint cannot answer: unreachable, the key
   * refused, or (OpenAI-compatible servers) the model not among those it lists.
   */
  async probe(timeoutMs = 3_000): Promise<void> {
    const { endpoint } = this.options;
    // Azure's deployment URL has no model list; the resource's does (and checks key and version).
    const path = endpoint.provider === 'azure' ? '../../models' : 'models';
    let listed: unknown;
    try {
      listed = await this.http.getJson(path, { timeoutMs });
    } catch (error) {
      throw this.failure(error);
    }
    if (endpoint.provider === 'azure') return;
    const ids = ((listed as { data?: Array<{ id?: unknown }> }).data ?? [])
      .map((m) => m.id)
      .filter((id): id is string => typeof id === 'string');
    const served = (id: string) => id === endpoint.model || id === `${endpoint.model}:latest`;
    if (ids.length > 0 && !ids.some(served)) {
      throw new ChatCompletionError(
        'unknown-model',
        `The answer model endpoint does not serve model "${endpoint.model}" (it lists ${ids
          .slice(0, 5)
          .map((id) => `"${id}"`)
          .join(', ')}${ids.length > 5 ? ', …' : ''}).`,
      );
    }
  }

  private body(stream: boolean, messages: ChatMessage[]): Record<string, unknown> {
    return {
      model: this.options.endpoint.model,
      messages,
      temperature: this.options.temperature ?? 0,
      ...(this.options.maxTokens ? { max_tokens: this.options.maxTokens } : {}),
      ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
    };
  }

  private async whole(messages: ChatMessage[], signal: AbortSignal): Promise<ChatCompletion> {
    const body = (await this.http.postJson('chat/completions', this.body(false, messages), {
      signal,
    })) as {
      choices?: Array<{ message?: { content?: unknown }; finish_reason?: unknown }>;
      usage?: unknown;
    };
    const choice = body.choices?.[0];
    const text = choice?.message?.content;
    if (typeof text !== 'string') {
      throw new ChatCompletionError('failed', 'The answer model returned no message.');
    }
    return {
      text,
      finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : null,
      usage: usageOf(body.usage),
    };
  }

  private async streamed(
    messages: ChatMessage[],
    signal: AbortSignal,
    onText: (piece: string) => void,
  ): Promise<ChatCompletion> {
    for (let attempt = 0; ; attempt += 1) {
      let started = false;
      try {
        return await this.streamOnce(messages, signal, (piece) => {
          started = true;
          onText(piece);
        });
      } catch (error) {
        const retry =
          !started &&
          !signal.aborted &&
          attempt < this.maxRetries &&
          error instanceof ChatCompletionError &&
          error.kind === 'interrupted';
        if (!retry) throw error;
      }
    }
  }

  private async streamOnce(
    messages: ChatMessage[],
    signal: AbortSignal,
    onText: (piece: string) => void,
  ): Promise<ChatCompletion> {
    const response = await this.http.postForStream('chat/completions', this.body(true, messages), {
      signal,
    });
    if (!response.body) throw new ChatCompletionError('failed', 'The answer model sent no body.');
    let text = '';
    let finishReason: string | null = null;
    let usage: TokenUsage | null = null;
    try {
      for await (const event of serverSentEvents(response.body)) {
        if (event.data === '[DONE]') return { text, finishReason, usage };
        const chunk = parseChunk(event.data);
        if (event.event === 'error' || chunk.error !== undefined) {
          throw new ChatCompletionError(
            'interrupted',
            'The answer model failed in the middle of its answer.',
          );
        }
        usage = usageOf(chunk.usage) ?? usage;
        for (const choice of chunk.choices ?? []) {
          if (choice.index !== undefined && choice.index !== 0) continue;
          const piece = choice.delta?.content;
          if (typeof piece === 'string' && piece !== '') {
            text += piece;
            onText(piece);
          }
          if (typeof choice.finish_reason === 'string') finishReason = choice.finish_reason;
        }
      }
    } catch (error) {
      if (error instanceof ChatCompletionError || signal.aborted) throw error;
      throw new ChatCompletionError(
        'interrupted',
        'The connection to the answer model broke in the middle of its answer.',
      );
    }
    // Some servers end without `[DONE]`; an answer that says it finished is complete.
    if (finishReason !== null) return { text, finishReason, usage };
    throw new ChatCompletionError(
      'interrupted',
      'The answer model stopped in the middle of its answer.',
    );
  }

  private failure(error: unknown): Error {
    if (error instanceof ChatCompletionError) return error;
    if (!(error instanceof OpenAiRequestError)) return error as Error;
    const { failure } = error;
    const model = this.options.endpoint.model;
    switch (failure.kind) {
      case 'rejected-key':
        return new ChatCompletionError(
          'rejected-key',
          `The answer model endpoint refused the configured API key (HTTP ${failure.status}).`,
          failure.status,
        );
      case 'http':
        if (failure.status === 404) {
          return new ChatCompletionError(
            'unknown-model',
            this.options.endpoint.provider === 'azure'
              ? 'The Azure OpenAI deployment or API version was not found (HTTP 404).'
              : `The answer model endpoint has no model "${model}" or no chat-completions route (HTTP 404).`,
            404,
          );
        }
        if (failure.status === 429) {
          return new ChatCompletionError(
            'rate-limited',
            'The answer model is rate-limiting requests (HTTP 429); retry later.',
            429,
          );
        }
        return new ChatCompletionError(
          'failed',
          `The answer model failed (HTTP ${failure.status}).`,
          failure.status,
        );
      case 'timeout':
        return new ChatCompletionError('timeout', 'The answer model did not answer in time.');
      case 'unreachable':
        return new ChatCompletionError(
          'unreachable',
          `The answer model endpoint cannot be reached${failure.reason ? ` (${failure.reason})` : ''}.`,
        );
    }
  }
}

interface StreamChunk {
  choices?: Array<{
    index?: number;
    delta?: { content?: unknown };
    finish_reason?: unknown;
  }>;
  usage?: unknown;
  error?: unknown;
}

function parseChunk(data: string): StreamChunk {
  try {
    const parsed = JSON.parse(data) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as StreamChunk) : {};
  } catch {
    throw new ChatCompletionError('interrupted', 'The answer model sent a malformed stream.');
  }
}

function usageOf(value: unknown): TokenUsage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { prompt_tokens: prompt, completion_tokens: completion } = value as Record<string, unknown>;
  return typeof prompt === 'number' && typeof completion === 'number'
    ? { promptTokens: prompt, completionTokens: completion }
    : null;
}
