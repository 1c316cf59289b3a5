import { bearerAuthorization, bearerTokenProvider, type BearerCredentials } from '../src';

/** An OAuth connection that hands out a new access token on each call, as a refresh would. */
function rotatingOAuth(): BearerCredentials & { calls: () => number } {
  let calls = 0;
  return {
    mode: 'oauth',
    accessToken: () => Promise.resolve(`access-${++calls}`),
    calls: () => calls,
  };
}

describe('bearerTokenProvider', () => {
  it('gives the static token', async () => {
    const token = bearerTokenProvider({ mode: 'bearer', token: 'secret_abc' });
    await expect(token()).resolves.toBe('secret_abc');
  });

  it('asks the OAuth connection on every call instead of caching', async () => {
    const oauth = rotatingOAuth();
    const token = bearerTokenProvider(oauth);
    expect(oauth.calls()).toBe(0);
    await expect(token()).resolves.toBe('access-1');
    await expect(token()).resolves.toBe('access-2');
  });

  it('rejects when the OAuth refresh fails', async () => {
    const failure = new Error('refresh failed');
    const token = bearerTokenProvider({
      mode: 'oauth',
      accessToken: () => Promise.reject(failure),
    });
    await expect(token()).rejects.toBe(failure);
  });
});

describe('bearerAuthorization', () => {
  it('gives a Bearer header for the static token', async () => {
    const authorization = bearerAuthorization({ mode: 'bearer', token: 'pat-123' });
    await expect(authorization()).resolves.toBe('Bearer pat-123');
  });

  it('asks the OAuth connection on every call instead of caching', async () => {
    const oauth = rotatingOAuth();
    const authorization = bearerAuthorization(oauth);
    expect(oauth.calls()).toBe(0);
    await expect(authorization()).resolves.toBe('Bearer access-1');
    await expect(authorization()).resolves.toBe('Bearer access-2');
  });
});
