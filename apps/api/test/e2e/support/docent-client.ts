export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** A bare HTTP client for the e2e suites: no generated code, so the wire format is what is tested. */
export class DocentClient {
  constructor(
    readonly baseUrl: string,
    readonly apiKey?: string,
  ) {}

  withKey(apiKey: string | undefined): DocentClient {
    return new DocentClient(this.baseUrl, apiKey);
  }

  async post<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    init: { headers?: Record<string, string>; raw?: string } = {},
  ): Promise<HttpResult<T>> {
    const response = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.apiKey ? { 'api-key': this.apiKey } : {}),
        ...init.headers,
      },
      body: init.raw ?? JSON.stringify(body),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await readBody(response)) as T,
    };
  }

  async get<T = Record<string, unknown>>(path: string): Promise<HttpResult<T>> {
    const response = await fetch(this.baseUrl + path);
    return {
      status: response.status,
      headers: response.headers,
      body: (await readBody(response)) as T,
    };
  }
}

/** The body as JSON, or as text when it is not JSON. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
