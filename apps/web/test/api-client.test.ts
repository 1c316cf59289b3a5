import { describe, expect, it, vi } from 'vitest';
import { ApiClient, type Fetch } from '../src/api/api-client';
import { ApiProblem } from '../src/api/api-problem';

function recordingFetch(status: number, body: unknown, contentType = 'application/json') {
  const calls: Array<{ input: string; init: RequestInit }> = [];
  const fetchImpl: Fetch = (input, init) => {
    calls.push({ input, init });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return Promise.resolve(
      new Response(text, { status, headers: { 'Content-Type': contentType } }),
    );
  };
  return { calls, fetchImpl };
}

describe('ApiClient', () => {
  it('POSTs JSON with the cookie, and the CSRF token once it is known', async () => {
    const { calls, fetchImpl } = recordingFetch(200, { ok: 1 });
    const api = new ApiClient(fetchImpl);
    await api.post('/account/me');
    api.setCsrfToken('csrf-123');
    const result = await api.post<{ ok: number }>('/connections/delete', { type: 'PAGES' });

    expect(result).toEqual({ ok: 1 });
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(calls[0]?.init.headers).not.toHaveProperty('X-CSRF-Token');
    expect(calls[1]?.input).toBe('/connections/delete');
    expect(calls[1]?.init.method).toBe('POST');
    expect(calls[1]?.init.body).toBe('{"type":"PAGES"}');
    expect(calls[1]?.init.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-CSRF-Token': 'csrf-123',
    });
  });

  it('turns a problem+json answer into an ApiProblem with its detail and field errors', async () => {
    const { fetchImpl } = recordingFetch(
      400,
      {
        type: 'about:blank',
        title: 'Invalid request',
        status: 400,
        code: 'invalid_request',
        detail: 'The request is invalid.',
        errors: [{ field: 'spec.space', message: 'give space or cql' }],
      },
      'application/problem+json',
    );
    const error = await new ApiClient(fetchImpl)
      .post('/docs/create_ingestion')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiProblem);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_request',
      detail: 'The request is invalid.',
      fieldErrors: [{ field: 'spec.space', message: 'give space or cql' }],
    });
  });

  it('reports a 401 as the end of the session, except from the login call itself', async () => {
    const { fetchImpl } = recordingFetch(401, { code: 'unauthorized', detail: 'no' });
    const api = new ApiClient(fetchImpl);
    const listener = vi.fn();
    api.onUnauthorized(listener);
    await api.post('/account/login', { email: 'a@b.c', password: 'x' }).catch(() => undefined);
    expect(listener).not.toHaveBeenCalled();
    await api.post('/collections/list', { namespace_name: 'x' }).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('explains a failure without a JSON body by its status', async () => {
    const { fetchImpl } = recordingFetch(502, '<html>bad gateway</html>', 'text/html');
    await expect(new ApiClient(fetchImpl).post('/docs/ask')).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      detail: 'The server answered 502.',
    });
  });
});
