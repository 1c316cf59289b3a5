import { startFakeConfluence, type FakeConfluence } from '@docent/source-fakes';
import type { DocentClient } from './support/docent-client';
import { startDocent, type InProcessDocent } from './support/docent-server';
import { ingestAndWait } from './support/wait-for';

jest.setTimeout(300_000);

const USER = { username: 'bot@acme.test', password: 'wiki-api-token-1' };

interface AskResponse {
  answer: string;
  refs: Array<{ doc_name: string; page_num: number }>;
}

/** Page n's relay code: distinct per page, deterministic. */
function relayCode(n: number): string {
  return `RC-${String((n * 7919) % 10_000).padStart(4, '0')}`;
}

/**
 * 62 pages that differ only by the number in their title and their relay code: the words of a
 * question about one of them match every page alike, the embedding model sees them as near
 * duplicates (a number moves a sentence vector very little), and only the title's number tells
 * them apart — the rare term whose BM25 weight a rank-only fusion threw away.
 */
function failoverPages() {
  return Array.from({ length: 62 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return {
      id: String(7000 + i + 1),
      title: `Failover Page ${n}`,
      body:
        '<p>This page belongs to the failover runbook. When the primary region stops answering, ' +
        'promote the standby database, switch the traffic manager to the secondary pool and ' +
        'confirm that replication lag stays below five seconds before you announce the switch. ' +
        `The relay code for this failover page is ${relayCode(i + 1)}.</p>`,
    };
  });
}

describe('near-identical pages told apart by the number in their title', () => {
  let wiki: FakeConfluence;
  let docent: InProcessDocent;
  let client: DocentClient;
  const locator = { namespace_name: 'acme', collection_name: 'failover' };

  beforeAll(async () => {
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [USER],
      spaces: [{ key: 'OPS', name: 'Operations', pages: failoverPages() }],
    });
    docent = await startDocent();
    client = docent.client;
    const ingestion = await ingestAndWait(client, locator, {
      type: 'WIKI',
      spec: { url: wiki.url, space: 'OPS', username: USER.username, token: USER.password },
    });
    expect(ingestion.status).toBe('succeeded');
    expect(ingestion.progress.documents_processed).toBe(62);
  });

  afterAll(async () => {
    await docent?.close();
    await wiki?.close();
  });

  it.each([1, 30, 58, 46, 62, 7])('answers "Failover Page %i" from that page, first', async (n) => {
    const page = `Failover Page ${String(n).padStart(2, '0')}`;
    const { status, body } = await client.post<AskResponse>('/docs/ask', {
      ...locator,
      question: `What is the relay code of ${page}?`,
    });
    expect(status).toBe(200);
    expect(body.refs[0]?.doc_name).toBe(page);
    expect(body.answer).toContain(relayCode(n));
  });
});
