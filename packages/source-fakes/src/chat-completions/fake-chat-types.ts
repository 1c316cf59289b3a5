/**
 * How the fake serves: the OpenAI API itself, Azure OpenAI (deployment URLs, `api-key`,
 * `api-version`), or one of the OpenAI-compatible servers teams run themselves, each with the
 * paths, authentication and error bodies its documentation gives.
 */
export type ChatProviderProfile = 'openai' | 'azure' | 'ollama' | 'vllm' | 'llamacpp' | 'lmstudio';

export interface ChatMessage {
  role: string;
  content: string;
}

/** What a scripted reply is chosen by and written from. */
export interface ChatPrompt {
  messages: ChatMessage[];
  /** The last user message. */
  lastUser: string;
  /** The question of the last user message (its `Question:` line), else the whole message. */
  question: string;
  model: string;
}

/**
 * A scripted answer. In `reply`, `{{cite:words}}` becomes `[n]`, n being the number of the
 * prompt's passage (a block starting `[n]`) that holds `words` (case-insensitive); a passage
 * number written as is (`[9]`) is sent as is, so a test can make the model invent one.
 */
export interface ScriptedReply {
  /** Matched against the question: a substring (case-insensitive) or a pattern. */
  question: string | RegExp;
  reply: string | ((prompt: ChatPrompt) => string);
}

/** A failure of the next matching requests (`times`, default: until cleared). */
export type ChatFault =
  /** Answers with this status and the provider's error body (429 may carry Retry-After). */
  | { kind: 'status'; status: number; retryAfterSeconds?: number; times?: number }
  /** Streams `afterPieces` pieces of the answer, then an error chunk, and ends (no `[DONE]`). */
  | { kind: 'error-mid-stream'; afterPieces: number; times?: number }
  /** Streams `afterPieces` pieces, then destroys the connection. */
  | { kind: 'cut-mid-stream'; afterPieces: number; times?: number };

export interface FakeChatCompletionsOptions {
  profile?: ChatProviderProfile;
  /**
   * The key the fake requires (Bearer, or `api-key` for Azure); undefined: none (Ollama and
   * LM Studio never check one).
   */
  apiKey?: string;
  /** The models (Azure: deployments) it serves; the first is the default. */
  models?: string[];
  /** Azure: the `api-version`s it accepts. */
  apiVersions?: string[];
  replies?: ScriptedReply[];
  /** The reply when no script matches: `defaultReply` (default: answers from the passages). */
  defaultReply?: string | ((prompt: ChatPrompt) => string);
  /** Wait before the first streamed piece (or the whole answer), in ms. */
  firstTokenDelayMs?: number;
  /** Wait between streamed pieces, in ms. */
  pieceDelayMs?: number;
  host?: string;
  port?: number;
}

export interface ChatRequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The key the request carried and how: `bearer`, `api-key`, or `none`. */
  authScheme: 'bearer' | 'api-key' | 'none';
  /** The parsed JSON body (chat requests). */
  body: Record<string, unknown> | null;
  status: number;
  stream: boolean;
  receivedAt: number;
  /** When the client closed the connection before the answer ended (performance.now()). */
  abortedAt: number | null;
  /** Pieces of the answer sent before it ended or was cut. */
  piecesSent: number;
}

export interface FakeChatCompletions {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The base URL a client is configured with for this profile (e.g. `…/v1`). */
  readonly baseUrl: string;
  readonly requests: ChatRequestLogEntry[];
  firstTokenDelayMs: number;
  pieceDelayMs: number;
  setFault(fault: ChatFault): void;
  clearFaults(): void;
  setReplies(replies: ScriptedReply[]): void;
  /** Resolves when a chat request's connection was closed by its client, with that entry. */
  nextAbort(): Promise<ChatRequestLogEntry>;
  close(): Promise<void>;
}
