import type { DocentClient } from './docent-client';

export interface StreamEvent {
  event: string;
  data: unknown;
}

export interface StreamedResponse {
  status: number;
  headers: Headers;
  /** The body as sent. */
  raw: string;
  events: StreamEvent[];
}

/** Splits a `text/event-stream` body into its events (each `event:` + one `data:` JSON line). */
export function parseEventStream(raw: string): StreamEvent[] {
  return raw
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}

/** POSTs to the API and reads the whole body as an event stream. */
export async function postForEvents(
  client: DocentClient,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<StreamedResponse> {
  const response = await fetch(client.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-key': client.apiKey!, ...headers },
    body: JSON.stringify(body),
  });
  const raw = await response.text();
  const streamed = response.headers.get('content-type')?.startsWith('text/event-stream');
  return {
    status: response.status,
    headers: response.headers,
    raw,
    events: streamed ? parseEventStream(raw) : [],
  };
}
