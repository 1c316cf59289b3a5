import { DocentClient, type HttpResult } from './docent-client';

/**
 * What a browser does for the web UI: keeps the `docent_session` cookie and sends the CSRF
 * token on POSTs. No Api-Key ever.
 */
export class BrowserSession {
  cookie: string | undefined;
  csrfToken: string | undefined;
  private readonly http: DocentClient;

  constructor(readonly baseUrl: string) {
    this.http = new DocentClient(baseUrl);
  }

  async post<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    options: { csrf?: string | null } = {},
  ): Promise<HttpResult<T>> {
    const csrf = options.csrf === undefined ? this.csrfToken : options.csrf;
    const result = await this.http.post<T>(path, body, {
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
      },
    });
    this.remember(result);
    return result;
  }

  /** A top-level navigation (GET) carrying the cookie, as following a redirect does. */
  async navigate(url: string): Promise<{ status: number; headers: Headers; text: string }> {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: this.cookie && url.startsWith(this.baseUrl) ? { cookie: this.cookie } : {},
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  async signUp(email: string, password: string): Promise<HttpResult> {
    return this.post('/account/signup', { email, password });
  }

  private remember(result: HttpResult<unknown>): void {
    const setCookie = result.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0]!;
      this.cookie = /Max-Age=0/.test(setCookie) ? undefined : pair;
    }
    const csrf = (result.body as { csrf_token?: unknown } | null)?.csrf_token;
    if (typeof csrf === 'string') this.csrfToken = csrf;
  }
}

/** Follows the provider's consent redirect back to Docent's callback, with the session cookie. */
export async function completeOAuthDance(
  browser: BrowserSession,
  authorizeUrl: string,
): Promise<{ status: number; text: string; callbackUrl: string }> {
  let url = authorizeUrl;
  for (let hop = 0; hop < 5; hop += 1) {
    const page = await browser.navigate(url);
    const location = page.headers.get('location');
    if (page.status >= 300 && page.status < 400 && location) {
      url = new URL(location, url).toString();
      continue;
    }
    return { status: page.status, text: page.text, callbackUrl: url };
  }
  throw new Error('too many redirects');
}
