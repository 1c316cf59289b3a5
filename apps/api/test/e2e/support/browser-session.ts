import { DocentClient, type HttpResult } from './docent-client';

/**
 * What a browser does for the web UI: keeps the session cookie (`docent_session`, or
 * `__Host-docent_session` behind an https public URL) and sends the CSRF token on POSTs. No
 * Api-Key ever. `forwardedFor` stands for a client behind a trusted proxy (X-Forwarded-For).
 */
export class BrowserSession {
  cookie: string | undefined;
  csrfToken: string | undefined;
  private readonly http: DocentClient;

  constructor(
    readonly baseUrl: string,
    readonly options: { forwardedFor?: string } = {},
  ) {
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
        ...this.forwarded(),
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
      headers: {
        ...(url.startsWith(this.baseUrl) ? this.forwarded() : {}),
        ...(this.cookie && url.startsWith(this.baseUrl) ? { cookie: this.cookie } : {}),
      },
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  /** Signs up, then logs in as the UI does (a sign-up opens no session). */
  async signUp(email: string, password: string): Promise<HttpResult> {
    const signedUp = await this.post('/account/signup', { email, password });
    if (signedUp.status !== 200) return signedUp;
    return this.logIn(email, password);
  }

  async logIn(email: string, password: string): Promise<HttpResult> {
    return this.post('/account/login', { email, password });
  }

  private forwarded(): Record<string, string> {
    return this.options.forwardedFor ? { 'x-forwarded-for': this.options.forwardedFor } : {};
  }

  private remember(result: HttpResult<unknown>): void {
    for (const setCookie of result.headers.getSetCookie()) {
      const pair = setCookie.split(';')[0]!;
      if (!/^(__Host-)?docent_session=/.test(pair) || !/Path=\/(;|$)/.test(setCookie)) continue;
      this.cookie = /Max-Age=0/.test(setCookie) ? undefined : pair;
    }
    const csrf = (result.body as { csrf_token?: unknown } | null)?.csrf_token;
    if (typeof csrf === 'string') this.csrfToken = csrf;
  }
}

/**
 * Follows the provider's consent redirect back to Docent's callback, with the session cookie,
 * up to the callback's answer: a page saying why nothing was connected, or (connected) a
 * redirect into the app, `landedAt`.
 */
export async function completeOAuthDance(
  browser: BrowserSession,
  authorizeUrl: string,
): Promise<{ status: number; text: string; callbackUrl: string; landedAt: string | null }> {
  let url = authorizeUrl;
  for (let hop = 0; hop < 5; hop += 1) {
    const page = await browser.navigate(url);
    const location = page.headers.get('location');
    if (page.status >= 300 && page.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin === new URL(browser.baseUrl).origin && next.pathname === '/') {
        return { status: page.status, text: page.text, callbackUrl: url, landedAt: next.href };
      }
      url = next.toString();
      continue;
    }
    return { status: page.status, text: page.text, callbackUrl: url, landedAt: null };
  }
  throw new Error('too many redirects');
}
