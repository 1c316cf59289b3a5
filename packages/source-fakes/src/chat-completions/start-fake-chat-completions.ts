import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  ChatFault,
  ChatMessage,
  ChatRequestLogEntry,
  FakeChatCompletions,
  FakeChatCompletionsOptions,
  ScriptedReply,
} from './fake-chat-types';
import { PROVIDER_PROFILES, type ErrorReply } from './provider-profiles';
import { chatPrompt, fakeTokenCount, replyPieces, scriptedReply } from './scripted-replies';

type ArmedFault = ChatFault & { remaining: number };

/**
 * A local chat-completions server: `POST …/chat/completions` with and without `stream` (SSE
 * framed as the real API frames it: `data: {chunk}` events, a `finish_reason` chunk, a `usage`
 * chunk when `stream_options.include_usage`, then `data: [DONE]`), `GET …/models`, the key and
 * error bodies of the provider profile, 429 with `Retry-After`, a 500 or a cut connection in
 * the middle of a stream, a slow first token, and scripted answers with citation markers.
 */
export async function startFakeChatCompletions(
  options: FakeChatCompletionsOptions = {},
): Promise<FakeChatCompletions> {
  const profile = PROVIDER_PROFILES[options.profile ?? 'openai'];
  const models = options.models ?? ['gpt-4o-mini'];
  const apiVersions = options.apiVersions ?? ['2024-10-21', '2024-06-01'];
  const requests: ChatRequestLogEntry[] = [];
  const faults: ArmedFault[] = [];
  let replies: ScriptedReply[] = [...(options.replies ?? [])];
  const controls = {
    firstTokenDelayMs: options.firstTokenDelayMs ?? 0,
    pieceDelayMs: options.pieceDelayMs ?? 0,
  };
  const abortWaiters: Array<(entry: ChatRequestLogEntry) => void> = [];
  let origin = '';
  let sequence = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else sendJson(res, { status: 500, body: { error: { message: String(error) } } });
    });
  });

  function takeFault(): ArmedFault | undefined {
    const fault = faults[0];
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) faults.shift();
    return fault;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const method = (req.method ?? 'GET').toUpperCase();
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const apiKeyHeader = req.headers['api-key'];
    const entry: ChatRequestLogEntry = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authScheme: typeof apiKeyHeader === 'string' ? 'api-key' : bearer ? 'bearer' : 'none',
      body: null,
      status: 0,
      stream: false,
      receivedAt: performance.now(),
      abortedAt: null,
      piecesSent: 0,
    };
    requests.push(entry);
    const raw = await readBody(req);
    const reply = (error: ErrorReply) => {
      entry.status = error.status;
      sendJson(res, error);
    };

    const chat = method === 'POST' ? profile.chatRoute(url.pathname) : undefined;
    const models_ = method === 'GET' && profile.isModelsRoute(url.pathname);
    if (!chat && !models_) return reply(profile.notFound());
    if (
      profile.needsApiVersion &&
      !apiVersions.includes(url.searchParams.get('api-version') ?? '')
    ) {
      return reply(profile.notFound());
    }
    if (options.apiKey !== undefined && profile.keyScheme !== 'none') {
      const given = profile.keyScheme === 'api-key' ? apiKeyHeader : bearer;
      if (given !== options.apiKey) return reply(profile.badKey());
    }
    if (models_) {
      entry.status = 200;
      return sendJson(res, {
        status: 200,
        body: {
          object: 'list',
          data: models.map((id) => ({
            id,
            object: 'model',
            created: 1_715_367_049,
            owned_by: 'system',
          })),
        },
      });
    }

    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return reply({
        status: 400,
        body: {
          error: {
            message: 'We could not parse the JSON body of your request.',
            type: 'invalid_request_error',
            param: null,
            code: null,
          },
        },
      });
    }
    entry.body = body;
    entry.stream = body.stream === true;
    const model = chat!.deployment ?? (typeof body.model === 'string' ? body.model : '');
    const messages = body.messages;
    if (!Array.isArray(messages) || messages.length === 0) {
      return reply({
        status: 400,
        body: {
          error: {
            message: "Missing required parameter: 'messages'.",
            type: 'invalid_request_error',
            param: 'messages',
            code: 'missing_required_parameter',
          },
        },
      });
    }
    if (profile.checksModel && !models.includes(model)) return reply(profile.unknownModel(model));

    const fault = takeFault();
    if (fault?.kind === 'status') {
      // A key revoked while the service runs answers as a wrong key does.
      const error = fault.status === 401 ? profile.badKey() : profile.status(fault.status);
      return reply({
        ...error,
        headers:
          fault.retryAfterSeconds === undefined
            ? {}
            : { 'retry-after': String(fault.retryAfterSeconds) },
      });
    }

    const prompt = chatPrompt(model, messages as ChatMessage[]);
    const text = scriptedReply(prompt, replies, options.defaultReply);
    const promptTokens = (messages as ChatMessage[]).reduce(
      (sum, m) => sum + 4 + fakeTokenCount(String(m.content ?? '')),
      3,
    );
    const pieces = replyPieces(text);
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: pieces.length,
      total_tokens: promptTokens + pieces.length,
    };
    const id = `chatcmpl-fake${String(++sequence).padStart(6, '0')}`;
    const created = Math.floor(Date.now() / 1000);
    const responseModel = chat!.deployment ? (models.includes(model) ? model : model) : model;

    res.on('close', () => {
      if (res.writableFinished) return;
      entry.abortedAt = performance.now();
      for (const waiter of abortWaiters.splice(0)) waiter(entry);
    });

    if (!entry.stream) {
      await delay(controls.firstTokenDelayMs);
      entry.status = 200;
      entry.piecesSent = pieces.length;
      return sendJson(res, {
        status: 200,
        body: {
          id,
          object: 'chat.completion',
          created,
          model: responseModel,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: text, refusal: null },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage,
          ...(profile.systemFingerprint ? { system_fingerprint: profile.systemFingerprint } : {}),
        },
      });
    }

    const includeUsage =
      (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
    entry.status = 200;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    // Resolves once the bytes are handed to the socket, so a cut after them cuts after them.
    const send = (data: unknown) =>
      new Promise<void>((resolve) => {
        if (res.destroyed) resolve();
        else res.write(`data: ${JSON.stringify(data)}\n\n`, () => resolve());
      });
    const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: responseModel,
      ...(profile.systemFingerprint ? { system_fingerprint: profile.systemFingerprint } : {}),
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(includeUsage ? { usage: null } : {}),
    });
    for (const prelude of profile.preludeChunks()) send(prelude);
    await delay(controls.firstTokenDelayMs);
    send(chunk({ role: 'assistant', content: '', refusal: null }, null));
    for (const [i, piece] of pieces.entries()) {
      if (res.destroyed) return;
      if (fault && i === fault.afterPieces) {
        if (fault.kind === 'cut-mid-stream') {
          await delay(5);
          res.socket?.destroy();
          return;
        }
        send({
          error: {
            message: 'The server had an error while processing your request. Sorry about that!',
            type: 'server_error',
            param: null,
            code: null,
          },
        });
        res.end();
        return;
      }
      if (i > 0) await delay(controls.pieceDelayMs);
      await send(chunk({ content: piece }, null));
      entry.piecesSent = i + 1;
    }
    send(chunk({}, 'stop'));
    if (includeUsage) {
      send({
        id,
        object: 'chat.completion.chunk',
        created,
        model: responseModel,
        ...(profile.systemFingerprint ? { system_fingerprint: profile.systemFingerprint } : {}),
        choices: [],
        usage,
      });
    }
    if (!res.destroyed) res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    url: origin,
    baseUrl: profile.baseUrl(origin),
    requests,
    get firstTokenDelayMs() {
      return controls.firstTokenDelayMs;
    },
    set firstTokenDelayMs(value: number) {
      controls.firstTokenDelayMs = value;
    },
    get pieceDelayMs() {
      return controls.pieceDelayMs;
    },
    set pieceDelayMs(value: number) {
      controls.pieceDelayMs = value;
    },
    setFault: (fault) =>
      faults.push({ ...fault, remaining: fault.times ?? Number.POSITIVE_INFINITY }),
    clearFaults: () => void faults.splice(0),
    setReplies: (next) => {
      replies = [...next];
    },
    nextAbort: () => new Promise((resolve) => abortWaiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function sendJson(res: ServerResponse, reply: ErrorReply): void {
  const payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type':
      typeof reply.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    ...reply.headers,
  });
  res.end(payload);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
