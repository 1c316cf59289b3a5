/**
 * Why a chat completion failed, in words an operator can act on. Messages never hold the key:
 * they are built from the failure's kind, status and the model's name only.
 */
export type ChatFailureKind =
  | 'rejected-key'
  | 'unknown-model'
  | 'rate-limited'
  | 'failed'
  | 'unreachable'
  | 'timeout'
  /** The stream broke off (an error event, a cut connection) before the answer was complete. */
  | 'interrupted';

export class ChatCompletionError extends Error {
  override readonly name = 'ChatCompletionError';

  constructor(
    readonly kind: ChatFailureKind,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}
