const TIMEOUT_MS = 15_000;

/**
 * GETs a provider's JSON with an OAuth access token, for `OAuthProviderDescriptor.identify`:
 * no redirects followed, 15 s at most, and a non-2xx answer throws "<path> answered <status>".
 */
export async function identityJson(
  fetchFn: typeof fetch,
  url: string,
  accessToken: string,
): Promise<unknown> {
  const response = await fetchFn(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
  return response.json();
}
