import {
  ChatCompletionClient,
  ChatCompletionError,
  type ChatEndpoint,
} from '@docent/chat-completions';
import { UnavailableError } from '@docent/domain-errors';
import { CitationMarkers } from './citation-markers';
import { groundedPrompt } from './grounded-prompt';
import { NotFoundGate } from './not-found-reply';
import { tokenCounterFor, type TokenCounter, type TokenizerName } from './token-counter';
import {
  NOT_FOUND_ANSWER,
  type Answer,
  type AnswerOptions,
  type Answerer,
  type AnswerRequest,
} from './types';

export interface OpenAiAnswererOptions {
  endpoint: ChatEndpoint;
  /** The prompt's budget in tokens (instructions, earlier turns, passages and their neighbours). */
  contextTokens?: number;
  /** The tokenizer to count with; default: the model family's. */
  tokenizer?: TokenizerName;
  /** Whole request budget, retries included. */
  timeoutMs?: number;
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  temperature?: number;
}

export const DEFAULT_CONTEXT_TOKENS = 6_000;

/**
 * A grounded answer written by a chat model (OpenAI, Azure OpenAI or any OpenAI-compatible
 * server) from numbered passages, its `[n]` markers renumbered to the passages it cites, whole
 * or streamed; "not found" when the model says the passages do not hold the answer.
 */
export class OpenAiAnswerer implements Answerer {
  readonly citesPassages = true;
  readonly readsTermCounts = false;
  /** It reads the passages' text only: nothing is computed or stored for it per chunk. */
  readonly chunkExtras = null;
  readonly counter: TokenCounter;
  private readonly client: ChatCompletionClient;
  private readonly contextTokens: number;

  constructor(options: OpenAiAnswererOptions) {
    this.client = new ChatCompletionClient({
      endpoint: options.endpoint,
      temperature: options.temperature ?? 0,
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
      sleep: options.sleep,
    });
    this.counter = tokenCounterFor(options.endpoint.model, options.tokenizer);
    this.contextTokens = options.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  }

  /** Throws when the model's endpoint cannot answer (unreachable, key refused, no such model). */
  probe(): Promise<void> {
    return this.client.probe();
  }

  async answer(request: AnswerRequest, options: AnswerOptions = {}): Promise<Answer> {
    if (request.passages.length === 0) return notFound(null);
    const prompt = await groundedPrompt(request, {
      counter: this.counter,
      budgetTokens: this.contextTokens,
    });
    const markers = new CitationMarkers(
      prompt.passages.map((p) => p.id),
      { keep: options.citations ?? true, maxCited: options.maxCitations },
    );
    const gate = new NotFoundGate();
    let text = '';
    const write = (raw: string, emit: boolean) => {
      const piece = markers.push(gate.push(raw));
      text += piece.text;
      if (emit && (piece.text !== '' || piece.citations.length > 0)) options.onText?.(piece);
    };
    const { onText } = options;
    let completion;
    try {
      completion = await this.client.complete(prompt.messages, {
        signal: options.signal,
        onText: onText ? (raw) => write(raw, true) : undefined,
      });
    } catch (error) {
      if (error instanceof ChatCompletionError) throw new UnavailableError(error.message);
      throw error;
    }
    if (!onText) write(completion.text, false);
    const held = gate.end(completion.text);
    if (held === null) {
      const answer = notFound(completion.usage);
      // Text already streamed stays (rare: a reply that ends with the token); `done` corrects it.
      if (text === '') onText?.({ text: answer.text, citations: [] });
      return answer;
    }
    for (const piece of [markers.push(held), markers.end()]) {
      text += piece.text;
      if (onText && (piece.text !== '' || piece.citations.length > 0)) onText(piece);
    }
    return {
      text,
      usedPassageIds: [...markers.cited],
      found: true,
      shortAnswer: null,
      usage: completion.usage,
    };
  }
}

function notFound(usage: Answer['usage']): Answer {
  return {
    text: NOT_FOUND_ANSWER,
    usedPassageIds: [],
    found: false,
    notFoundReason: 'model',
    ...(usage !== undefined && { usage }),
  };
}
