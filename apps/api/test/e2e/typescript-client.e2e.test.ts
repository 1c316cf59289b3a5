import {
  AskApi,
  Configuration,
  type CreateIngestionRequest,
  type Ingestion,
  IngestionsApi,
  type Problem,
  ResponseError,
  SchedulesApi,
  type WikiSpec,
} from '@docent/contract';
import { startFakeConfluence, type FakeConfluence, HANDBOOK_PAGES } from '@docent/source-fakes';
import { startDocent, TEST_KEYS, type InProcessDocent } from './support/docent-server';
import { waitUntil } from './support/wait-for';

jest.setTimeout(300_000);

const USER = { username: 'bot@acme.test', password: 'wiki-api-token-ts-client' };
const locator = { namespace_name: 'acme', collection_name: 'handbook' };

/** The smoke test of the generated TypeScript client (packages/contract) against the real app. */
describe('the generated TypeScript client', () => {
  let wiki: FakeConfluence;
  let docent: InProcessDocent;
  let configuration: Configuration;
  let ingested: Ingestion;

  function wikiIngestion(extra: Partial<WikiSpec> = {}): CreateIngestionRequest {
    const spec = { url: wiki.url, space: 'KB', username: USER.username, token: USER.password };
    return { ...locator, type: 'WIKI', spec: { ...spec, ...extra } };
  }

  /** The problem details of a failed call, which the client throws as a ResponseError. */
  async function problemOf(call: Promise<unknown>): Promise<{ status: number; problem: Problem }> {
    const error = await call.then(
      () => {
        throw new Error('the call succeeded');
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ResponseError);
    const { response } = error as ResponseError;
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    return { status: response.status, problem: (await response.json()) as Problem };
  }

  beforeAll(async () => {
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [USER],
      spaces: [{ key: 'KB', name: 'Handbook', pages: HANDBOOK_PAGES }],
    });
    docent = await startDocent();
    // The key is set once; every operation that needs it sends it.
    configuration = new Configuration({ basePath: docent.client.baseUrl, apiKey: TEST_KEYS.acme });
    const ingestions = new IngestionsApi(configuration);
    const { ingestion_id } = await ingestions.createIngestion({
      CreateIngestionRequest: wikiIngestion(),
    });
    ingested = await waitUntil(
      async () => {
        const polled = await ingestions.getIngestion({
          IngestionLocator: { ...locator, ingestion_id },
        });
        return ['queued', 'running'].includes(polled.status) ? undefined : polled;
      },
      { timeoutMs: 180_000, intervalMs: 150, what: `ingestion ${ingestion_id}` },
    );
  });

  afterAll(async () => {
    await docent?.close();
    await wiki?.close();
  });

  it('creates an ingestion and polls it to success', () => {
    expect(ingested.status).toBe('succeeded');
    expect(ingested.error).toBeNull();
    expect(ingested.progress.documents_processed).toBe(HANDBOOK_PAGES.length);
    expect(ingested.progress.documents_failed).toBe(0);
    expect(ingested.spec.token).toBe('***');
    // Dates arrive as Date objects.
    expect(ingested.created_at).toBeInstanceOf(Date);
  });

  it('asks and gets the answer from the right page first', async () => {
    const answer = await new AskApi(configuration).ask({
      AskRequest: { ...locator, question: 'Which port does the billing service listen on?' },
    });
    expect(answer.answer).toContain('8431');
    expect(answer.refs[0]).toMatchObject({
      doc_name: 'Billing service runbook',
      page_num: 1,
      url: `${wiki.url}/wiki/spaces/KB/pages/501/Billing+service+runbook`,
    });
    expect(answer.refs.length).toBeLessThanOrEqual(5);
  });

  it.each([
    ['a [question, answer] pair', ['Who owns the billing service?', 'Team Falcon.']],
    [
      'a {question, answer} object',
      { question: 'Who owns the billing service?', answer: 'Falcon' },
    ],
  ])('resolves a follow-up with the history as %s', async (_, turn) => {
    const answer = await new AskApi(configuration).ask({
      AskRequest: {
        ...locator,
        question: 'And which port does it listen on?',
        history_messages: [turn],
        top_k: 2,
      },
    });
    expect(answer.refs[0]?.doc_name).toBe('Billing service runbook');
    expect(answer.refs.length).toBeLessThanOrEqual(2);
  });

  it('throws a ResponseError carrying the problem on a 400', async () => {
    // Both space and cql: only the server knows the rule, so the client sends it.
    const { status, problem } = await problemOf(
      new IngestionsApi(configuration).createIngestion({
        CreateIngestionRequest: wikiIngestion({ cql: 'label = "runbook"' }),
      }),
    );
    expect(status).toBe(400);
    expect(problem).toMatchObject({
      status: 400,
      code: 'invalid_request',
      errors: [{ field: 'spec', message: 'give exactly one of space or cql' }],
    });
    expect(JSON.stringify(problem)).not.toContain(USER.password);
  });

  it('sends an Idempotency-Key: a create sent again starts one ingestion, another body is a 422', async () => {
    const ingestions = new IngestionsApi(configuration);
    const key = `ts-client-${Date.now()}`;
    const retried = { ...wikiIngestion(), collection_name: 'retried' };
    const first = await ingestions.createIngestion({
      CreateIngestionRequest: retried,
      Idempotency_Key: key,
    });
    const again = await ingestions.createIngestion({
      CreateIngestionRequest: retried,
      Idempotency_Key: key,
    });
    expect(again.ingestion_id).toBe(first.ingestion_id);
    const { status, problem } = await problemOf(
      ingestions.createIngestion({
        CreateIngestionRequest: { ...retried, collection_name: 'elsewhere' },
        Idempotency_Key: key,
      }),
    );
    expect(status).toBe(422);
    expect(problem).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
  });

  it('throws a ResponseError carrying the problem on a 401', async () => {
    const wrongKey = new Configuration({ basePath: configuration.basePath, apiKey: 'not-a-key' });
    const { status, problem } = await problemOf(
      new AskApi(wrongKey).ask({ AskRequest: { ...locator, question: 'x' } }),
    );
    expect(status).toBe(401);
    expect(problem.code).toBe('unauthorized');
  });

  it('schedules an ingestion, then pauses and deletes the schedule', async () => {
    const scheduled = { namespace_name: 'acme', collection_name: 'scheduled' };
    const created = await new IngestionsApi(configuration).createIngestion({
      CreateIngestionRequest: {
        ...wikiIngestion(),
        ...scheduled,
        schedule: { cron: '0 3 * * *', timezone: 'Europe/Berlin' },
      },
    });
    expect(created.schedule_id).toMatch(/^sch_/);
    const schedules = new SchedulesApi(configuration);
    const listed = await schedules.listSchedules({ ListSchedulesRequest: scheduled });
    expect(listed.schedules).toHaveLength(1);
    expect(listed.schedules[0]).toMatchObject({
      schedule_id: created.schedule_id,
      cron: '0 3 * * *',
      timezone: 'Europe/Berlin',
      status: 'active',
      spec: { token: '***' },
    });
    expect(listed.schedules[0]!.next_run_at).toBeInstanceOf(Date);
    const locator = { ...scheduled, schedule_id: created.schedule_id! };
    const paused = await schedules.pauseSchedule({ ScheduleLocator: locator });
    expect(paused).toMatchObject({ status: 'paused', next_run_at: null });
    expect(await schedules.deleteSchedule({ ScheduleLocator: locator })).toEqual({ deleted: true });
  });
});
