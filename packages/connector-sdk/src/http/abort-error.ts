/** What an aborted request rejects with; callers recognise it by `name === 'AbortError'`. */
export class RequestAbortedError extends Error {
  constructor(readonly reason?: unknown) {
    super('The request was aborted');
    this.name = 'AbortError';
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new RequestAbortedError(signal.reason);
}
