/** A fake's answer as the tests read it: status, headers, the body as text and, if it is, JSON. */
export interface Answer {
  status: number;
  headers: Headers;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- API bodies of many shapes
  text: string;
}

export async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** A GET with an optional `Authorization`; redirects are followed only when asked. */
export async function get(
  url: string,
  authorization?: string,
  { follow = false }: { follow?: boolean } = {},
): Promise<Answer> {
  return answerOf(
    await fetch(url, {
      headers: authorization ? { authorization } : {},
      redirect: follow ? 'follow' : 'manual',
    }),
  );
}
