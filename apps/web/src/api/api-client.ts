import { ApiProblem, problemFromBody } from './api-problem';

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/**
 * POSTs JSON to the API with the session cookie and, once known, the session's CSRF token
 * (the server requires it on every state-changing request made with the cookie).
 */
export class ApiClient {
  private csrfToken: string | null = null;
  private unauthorizedListener: (() => void) | null = null;

  constructor(private readonly fetchImpl: Fetch = (input, init) => fetch(input, init)) {}

  setCsrfToken(token: string | null): void {
    this.csrfToken = token;
  }

  /** Called on a 401 from any call but the login ones, i.e. when the session has ended. */
  onUnauthorized(listener: (() => void) | null): void {
    this.unauthorizedListener = listener;
  }

  async post<T>(path: string, body: object = {}): Promise<T> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    if (this.csrfToken) headers['X-CSRF-Token'] = this.csrfToken;
    const response = await this.fetchImpl(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: JSON.stringify(body),
    });
    const parsed = await readJson(response);
    if (!response.ok) {
      const problem = problemFromBody(response.status, parsed);
      if (problem.status === 401 && !path.startsWith('/account/log')) {
        this.unauthorizedListener?.();
      }
      throw problem;
    }
    return parsed as T;
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (response.ok)
      throw new ApiProblem(response.status, 'bad_response', 'The server sent no JSON.');
    return null;
  }
}
