import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import type { Runtime } from '@docent/runtime';
import { RUNTIME } from '@docent/nest-runtime';
import { DocentClient } from './support/docent-client';
import { startDocent, TEST_KEYS, type InProcessDocent } from './support/docent-server';

jest.setTimeout(120_000);

interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: Array<{ field: string; message: string }>;
  request_id?: string;
}

const wiki = (spec: Record<string, unknown>) => ({
  namespace_name: 'acme',
  collection_name: 'handbook',
  type: 'WIKI',
  spec: { url: 'https://acme.atlassian.net', space: 'ENG', token: 't', ...spec },
});

describe('HTTP contract: problem+json errors, auth, operations routes', () => {
  let docent: InProcessDocent;
  let client: DocentClient;

  beforeAll(async () => {
    // The private-network guard stays on here: the source URL check is part of what is tested.
    docent = await startDocent({
      DOCENT_ALLOW_PRIVATE_NETWORK: 'false',
      DOCENT_RATE_LIMIT_PER_MINUTE: '600',
    });
    client = docent.client;
  });
  afterAll(() => docent?.close());

  async function expectProblem(
    response: Promise<{ status: number; headers: Headers; body: unknown }>,
    status: number,
    code: string,
    field?: string,
  ): Promise<Problem> {
    const { status: actual, headers, body } = await response;
    const problem = body as Problem;
    expect({ status: actual, code: problem.code }).toEqual({ status, code });
    expect(headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(problem).toMatchObject({
      type: expect.stringContaining(code),
      title: expect.any(String),
      status,
      detail: expect.any(String),
    });
    expect(problem.request_id).toBe(headers.get('x-request-id'));
    expect(JSON.stringify(problem)).not.toMatch(/at .*\.(ts|js):\d+|SELECT |stack/i);
    if (field !== undefined) expect(problem.errors?.map((e) => e.field)).toContain(field);
    return problem;
  }

  it('401 without a key, with an unknown key, on every protected route', async () => {
    for (const path of [
      '/docs/create_ingestion',
      '/docs/ask',
      '/docs/get_ingestion',
      '/docs/list',
      '/collections/list',
    ]) {
      await expectProblem(client.withKey(undefined).post(path, {}), 401, 'unauthorized');
      await expectProblem(client.withKey('not-a-key-at-all').post(path, {}), 401, 'unauthorized');
    }
  });

  it('401 for a key sent as Authorization: Bearer says the header is Api-Key', async () => {
    const problem = await expectProblem(
      client
        .withKey(undefined)
        .post(
          '/collections/list',
          { namespace_name: 'acme' },
          { headers: { authorization: `Bearer ${TEST_KEYS.acme}` } },
        ),
      401,
      'unauthorized',
    );
    expect(problem.detail).toBe(
      'The API key goes in the Api-Key header (Api-Key: <your key>); Docent does not read the Authorization header.',
    );
    expect(JSON.stringify(problem)).not.toContain(TEST_KEYS.acme);
  });

  it('400 says once what an earlier exchange looks like, not what each of its shapes wanted', async () => {
    const ask = { namespace_name: 'acme', collection_name: 'handbook', question: 'Why?' };
    const pair =
      'must be one earlier exchange: ["question", "answer"] or {"question": "…", "answer": "…"}';
    const flat = await expectProblem(
      client.post('/docs/ask', { ...ask, history_messages: ['a', 'b'] }),
      400,
      'invalid_request',
    );
    expect(flat.errors).toEqual([
      { field: 'history_messages', message: `each item ${pair} (items 0 and 1 are not)` },
    ]);
    const short = await expectProblem(
      client.post('/docs/ask', { ...ask, history_messages: [['Why?', 'Because.'], ['only one']] }),
      400,
      'invalid_request',
    );
    expect(short.errors).toEqual([{ field: 'history_messages.1', message: pair }]);
  });

  it('400 for a field one edit away from a known one asks "did you mean", with no error that follows from it', async () => {
    const typo = await expectProblem(
      client.post('/docs/create_ingestion', wiki({ space: undefined, spaces: 'ENG' })),
      400,
      'invalid_request',
    );
    expect(typo.errors).toEqual([
      { field: 'spec.spaces', message: 'is not a known field; did you mean space?' },
    ]);
    const top = await expectProblem(
      client.post('/docs/create_ingestion', {
        ...wiki({}),
        collection_name: undefined,
        collection_nane: 'handbook',
      }),
      400,
      'invalid_request',
    );
    expect(top.errors).toEqual([
      { field: 'collection_nane', message: 'is not a known field; did you mean collection_name?' },
    ]);
    // An error of its own stays.
    const other = await expectProblem(
      client.post(
        '/docs/create_ingestion',
        wiki({ space: undefined, spaces: 'ENG', attachments: 'yes' }),
      ),
      400,
      'invalid_request',
    );
    expect(other.errors).toEqual([
      { field: 'spec.spaces', message: 'is not a known field; did you mean space?' },
      { field: 'spec.attachments', message: 'must be a boolean' },
    ]);
    // Far from every known field: no guess.
    const unknown = await expectProblem(
      client.post('/docs/create_ingestion', { ...wiki({}), extra: 1 }),
      400,
      'invalid_request',
    );
    expect(unknown.errors).toEqual([{ field: 'extra', message: 'is not a known field' }]);
  });

  it('400 for the WIKI spec rules: both or neither of space and cql', async () => {
    const both = await expectProblem(
      client.post('/docs/create_ingestion', wiki({ cql: 'label = x' })),
      400,
      'invalid_request',
      'spec',
    );
    expect(both.errors).toEqual([{ field: 'spec', message: 'give exactly one of space or cql' }]);
    await expectProblem(
      client.post('/docs/create_ingestion', wiki({ space: undefined })),
      400,
      'invalid_request',
      'spec',
    );
    await expectProblem(
      client.post('/docs/create_ingestion', wiki({ space: null, cql: null })),
      400,
      'invalid_request',
      'spec',
    );
  });

  it('400 for missing, unknown and mistyped fields, bad names, ranges and types', async () => {
    await expectProblem(
      client.post('/docs/create_ingestion', { ...wiki({}), spec: undefined }),
      400,
      'invalid_request',
      'spec',
    );
    await expectProblem(
      client.post('/docs/create_ingestion', wiki({ spaces: 'ENG' })),
      400,
      'invalid_request',
      'spec.spaces',
    );
    await expectProblem(
      client.post('/docs/create_ingestion', { ...wiki({}), extra: 1 }),
      400,
      'invalid_request',
      'extra',
    );
    await expectProblem(
      client.post('/docs/create_ingestion', { ...wiki({}), type: 'DROPBOX' }),
      400,
      'invalid_request',
      'type',
    );
    await expectProblem(
      client.post('/docs/create_ingestion', { ...wiki({}), namespace_name: '../etc' }),
      400,
      'invalid_request',
      'namespace_name',
    );
    await expectProblem(
      client.post('/docs/create_ingestion', { ...wiki({}), collection_name: 'x'.repeat(65) }),
      400,
      'invalid_request',
      'collection_name',
    );
    await expectProblem(
      client.post('/docs/create_ingestion', wiki({ url: 'ftp://files.acme.test' })),
      400,
      'invalid_request',
      'spec.url',
    );
    const ask = { namespace_name: 'acme', collection_name: 'handbook', question: 'Why?' };
    await expectProblem(
      client.post('/docs/ask', { ...ask, top_k: 0 }),
      400,
      'invalid_request',
      'top_k',
    );
    await expectProblem(
      client.post('/docs/ask', { ...ask, top_k: 51 }),
      400,
      'invalid_request',
      'top_k',
    );
    await expectProblem(
      client.post('/docs/ask', { ...ask, top_k: '5' }),
      400,
      'invalid_request',
      'top_k',
    );
    await expectProblem(
      client.post('/docs/ask', { ...ask, question: '' }),
      400,
      'invalid_request',
      'question',
    );
    await expectProblem(
      client.post('/docs/ask', { ...ask, history_messages: [['only one']] }),
      400,
      'invalid_request',
    );
    await expectProblem(
      client.post('/docs/list', { namespace_name: 'acme', collection_name: 'h', limit: 0 }),
      400,
      'invalid_request',
      'limit',
    );
    await expectProblem(
      client.post('/docs/list', { namespace_name: 'acme', collection_name: 'h', limit: 1001 }),
      400,
      'invalid_request',
      'limit',
    );
    await expectProblem(client.post('/docs/ask', [ask]), 400, 'invalid_request');
    // Not objects at all: the discriminated create body must refuse them, not crash on them.
    for (const raw of ['null', '[]', '"x"', '1']) {
      await expectProblem(
        client.post('/docs/create_ingestion', null, { raw }),
        400,
        'invalid_request',
      );
    }
  });

  it('400 for a source URL on a private network, at create time', async () => {
    for (const url of [
      'http://127.0.0.1:8090',
      'http://localhost',
      'http://169.254.169.254/wiki',
      'http://10.0.0.7',
    ]) {
      const problem = await expectProblem(
        client.post('/docs/create_ingestion', wiki({ url })),
        400,
        'invalid_request',
        'spec.url',
      );
      expect(problem.errors?.[0]?.message).toMatch(
        /private|loopback|link-local|not allowed|reserved/i,
      );
    }
  });

  it('400 source_not_connected when the spec has no token and no OAuth connection exists', async () => {
    await expectProblem(
      client.post('/docs/create_ingestion', wiki({ token: undefined })),
      400,
      'source_not_connected',
    );
  });

  it('400 for malformed JSON, 415 for other media types, 413 over 1 MiB', async () => {
    await expectProblem(
      client.post('/docs/ask', null, { raw: '{"namespace_name": ' }),
      400,
      'invalid_request',
    );
    await expectProblem(
      client.post('/docs/ask', null, {
        raw: 'question=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'unsupported_media_type',
    );
    await expectProblem(
      client.post('/docs/ask', null, { raw: '{}', headers: { 'content-type': 'text/plain' } }),
      415,
      'unsupported_media_type',
    );
    const big = JSON.stringify({
      namespace_name: 'acme',
      collection_name: 'h',
      question: 'x'.repeat(1024 * 1024 + 10),
    });
    await expectProblem(client.post('/docs/ask', null, { raw: big }), 413, 'payload_too_large');
  });

  it('404 for a namespace, collection, ingestion or document the account does not have', async () => {
    await expectProblem(
      client.post('/docs/ask', { namespace_name: 'nope', collection_name: 'x', question: 'q' }),
      404,
      'not_found',
    );
    await expectProblem(
      client.post('/collections/list', { namespace_name: 'nope' }),
      404,
      'not_found',
    );
    await expectProblem(
      client.post('/docs/get_ingestion', {
        namespace_name: 'acme',
        collection_name: 'x',
        ingestion_id: 'ing_missing',
      }),
      404,
      'not_found',
    );
    await expectProblem(
      client.post('/docs/delete', { namespace_name: 'acme', collection_name: 'x', doc_name: 'd' }),
      404,
      'not_found',
    );
    await expectProblem(client.get('/no/such/route'), 404, 'not_found');
  });

  it('400 for a cursor the service did not issue', async () => {
    // Needs an existing namespace; this machine cannot resolve a public source host, so the
    // collection is made directly.
    const runtime = docent.app.get<Runtime>(RUNTIME);
    const account = await runtime.store.accounts.ensureAccount('acme');
    await runtime.resolver.ensureCollection(account.id, 'cursors', 'handbook');
    await expectProblem(
      client.post('/collections/list', { namespace_name: 'cursors', cursor: 'garbage' }),
      400,
      'invalid_request',
      'cursor',
    );
    const page = await client.post<{ collections: unknown[]; next_cursor: string | null }>(
      '/collections/list',
      {
        namespace_name: 'cursors',
        cursor: null,
        limit: null,
      },
    );
    expect(page.body).toEqual({
      collections: [expect.objectContaining({ collection_name: 'handbook' })],
      next_cursor: null,
    });
  });

  it('serves health, readiness and the contract without a key (metrics are not public)', async () => {
    const anonymous = client.withKey(undefined);
    expect(await anonymous.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await anonymous.get('/readyz')).toMatchObject({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', queue: 'ok', index: 'ok' } },
    });
    // /metrics is served on the operator port (DOCENT_METRICS_PORT) only.
    expect((await anonymous.get('/metrics')).status).toBe(404);
    const contract = await anonymous.get('/openapi.json');
    const source = parse(
      readFileSync(resolve(__dirname, '../../../../openapi/openapi.yaml'), 'utf8'),
    );
    expect(contract.body).toEqual(source);
  });
});

describe('HTTP contract: rate limit', () => {
  let docent: InProcessDocent;
  beforeAll(async () => {
    docent = await startDocent({ DOCENT_RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => docent?.close());

  it('429 with Retry-After once a key exceeds its rate, other keys unaffected', async () => {
    const statuses: number[] = [];
    let last: { status: number; headers: Headers; body: unknown } | undefined;
    for (let i = 0; i < 6; i++) {
      last = await docent.client.post('/collections/list', { namespace_name: 'acme' });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 404)).toBe(true);
    expect(last?.status).toBe(429);
    expect((last?.body as Problem).code).toBe('rate_limited');
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(
      (
        await docent.client
          .withKey(TEST_KEYS.beta)
          .post('/collections/list', { namespace_name: 'acme' })
      ).status,
    ).toBe(404);
  });
});
