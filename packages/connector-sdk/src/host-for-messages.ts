/**
 * The host of `url`, for error messages: never the whole URL, whose path or query may carry a
 * search, an id or a signed token. An unparseable URL is named generically.
 */
export function hostForMessages(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured URL';
  }
}
