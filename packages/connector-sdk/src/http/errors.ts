/** The SSRF guard refused a URL (scheme, or a host resolving to a private address). */
export class UrlNotAllowedError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`URL not allowed: ${reason}`);
    this.name = 'UrlNotAllowedError';
  }
}

/** No response could be had: DNS, connect, TLS, reset or timeout, after the retry budget. */
export class HttpNetworkError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
    readonly causeCode?: string,
  ) {
    super(message);
    this.name = 'HttpNetworkError';
  }
}

/** A buffered body (`text`, `json`, `buffer`) exceeded the client's `maxResponseBytes`. */
export class ResponseTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`response body larger than ${limitBytes} bytes`);
    this.name = 'ResponseTooLargeError';
  }
}
