import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible `POST /v1/embeddings` on a local port, for the HTTP embedder's tests: real
 * sockets, the API's request and response shapes and error bodies. Its "model" is a hashed bag of
 * words (deterministic, not normalised), so texts sharing words are close and the adapter's own
 * normalising shows.
 */
export interface FakeEmbeddingsServer {
  /** The base URL a client is configured with (`…/v1`). */
  readonly baseUrl: string;
  /** Inputs of each request received, in order. */
  readonly requests: string[][];
  /** Answers every request with this status and the API's error body until cleared. */
  failWith(status: number | null): void;
  /** Waits this long before answering each request. */
  delayMs: number;
  close(): Promise<void>;
}

export const FAKE_EMBEDDING_DIMENSIONS = 64;

/** The server's embedding of `text`: counts of its words, hashed into 64 buckets, scaled by 3. */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
    vector[(hash >>> 0) % FAKE_EMBEDDING_DIMENSIONS]! += 3;
  }
  return vector;
}

const errorBody = (status: number) => ({
  error: {
    message: status === 429 ? 'Rate limit reached for requests.' : 'The server had an error.',
    type: status === 429 ? 'requests' : 'server_error',
    param: null,
    code: null,
  },
});

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeEmbeddingsServer(
  options: { apiKey?: string } = {},
): Promise<FakeEmbeddingsServer> {
  let failure: number | null = null;
  const requests: string[][] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
        return send(response, 404, {
          error: { message: 'Invalid URL', type: 'invalid_request_error' },
        });
      }
      if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
        return send(response, 401, {
          error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' },
        });
      }
      if (failure !== null) return send(response, failure, errorBody(failure));
      const body = JSON.parse(raw) as { model?: string; input?: string | string[] };
      const input = typeof body.input === 'string' ? [body.input] : (body.input ?? []);
      if (input.length === 0 || input.some((text) => text === '')) {
        return send(response, 400, {
          error: { message: "'input' is invalid", type: 'invalid_request_error' },
        });
      }
      requests.push(input);
      send(response, 200, {
        object: 'list',
        model: body.model,
        data: input.map((text, index) => ({
          object: 'embedding',
          index,
          embedding: fakeEmbedding(text),
        })),
        usage: { prompt_tokens: 0, total_tokens: 0 },
      });
    })().catch((error: unknown) => send(response, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeEmbeddingsServer = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    delayMs: 0,
    failWith: (status) => {
      failure = status;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
