export async function postJson<T>(
  baseUrl: string,
  path: string,
  apiKey: string,
  body: unknown,
): Promise<T> {
  const response = await fetchWithRetry(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-key': apiKey },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A bench run lasts minutes: a reset connection is retried rather than ending the run. */
async function fetchWithRetry(url: string, init: RequestInit, attempts = 3): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}
