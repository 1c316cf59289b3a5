import { identityJson } from '../src';

describe('identityJson', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const answering =
    (status: number, body: unknown): typeof fetch =>
    async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(JSON.stringify(body), { status });
    };

  beforeEach(() => (calls.length = 0));

  it('GETs with the bearer token, follows no redirect and returns the JSON', async () => {
    const body = await identityJson(answering(200, { user: 'a' }), 'https://x.test/me?f=1', 'tok');
    expect(body).toEqual({ user: 'a' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://x.test/me?f=1');
    expect(calls[0]!.init.headers).toEqual({
      authorization: 'Bearer tok',
      accept: 'application/json',
    });
    expect(calls[0]!.init.redirect).toBe('error');
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('names the path (not the query or the token) and status of a non-2xx answer', async () => {
    await expect(
      identityJson(answering(401, {}), 'https://x.test/oauth/me?secret=s', 'tok'),
    ).rejects.toThrow(/^\/oauth\/me answered 401$/);
  });
});
