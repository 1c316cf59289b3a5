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
    const response = await this.send(path, body, 'application/json');
    const parsed = await readJson(response);
    if (!response.ok) throw this.problem(path, response.status, parsed);
    return parsed as T;
  }

  /** GETs JSON (the few read-only routes the API serves by GET, e.g. `/connectors`). */
  async get<T>(path: string): Promise<T> {
    const response = await this.fetchImpl(path, {
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    const parsed = await readJson(response);
    if (!response.ok) throw this.problem(path, response.status, parsed);
    return parsed as T;
  }

  /**
   * POSTs JSON asking for Server-Sent Events: every event but the last goes to `onEvent` as it
   * arrives; the `done` event's data is returned, an `error` event's problem thrown.
   */
  async stream<T>(
    path: string,
    body: object,
    onEvent: (event: string, data: unknown) => void,
  ): Promise<T> {
    const response = await this.send(path, body, 'text/event-stream');
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
      const parsed = await readJson(response);
      if (!response.ok) throw this.problem(path, response.status, parsed);
      return parsed as T;
    }
    for await (const { event, data } of serverSentEvents(response.body)) {
      if (event === 'done') return data as T;
      if (event === 'error') {
        const status = (data as { status?: unknown } | null)?.status;
        throw problemFromBody(typeof status === 'number' ? status : 500, data);
      }
      onEvent(event, data);
    }
    throw new ApiProblem(0, 'network_error', 'The answer stopped before it was complete.');
  }

  private send(path: string, body: object, accept: string): Promise<Response> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: accept };
    if (this.csrfToken) headers['X-CSRF-Token'] = this.csrfToken;
    return this.fetchImpl(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: JSON.stringify(body),
    });
  }

  private problem(path: string, status: number, body: unknown): ApiProblem {
    const problem = problemFromBody(status, body);
    if (problem.status === 401 && !path.startsWith('/account/log')) this.unauthorizedListener?.();
    return problem;
  }
}

/** The events of a `text/event-stream` body, each `data` parsed as JSON. */
async function* serverSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<{ event: string; data: unknown }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value, { stream: !done }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) yield { event, data: JSON.parse(data.join('\n')) as unknown };
    }
    if (done) return;
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
