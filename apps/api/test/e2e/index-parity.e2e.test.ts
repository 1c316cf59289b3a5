import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import {
  HANDBOOK_PAGES,
  HANDBOOK_QUESTIONS,
  squadWikiPages,
  startFakeConfluence,
  type FakeConfluence,
} from '@docent/source-fakes';
import { testSearchIndex } from '@docent/test-support';
import { createApiApp } from '../../src/create-api-app';
import { DocentClient } from './support/docent-client';
import {
  startDocent,
  TEST_KEYS,
  testEnvironment,
  type InProcessDocent,
} from './support/docent-server';
import { ingestAndWait } from './support/wait-for';

jest.setTimeout(600_000);

const SQUAD = resolve(__dirname, '../../../../../shared/bench/squad-v1.1/dev-v1.1.dev-part.json');
const USER = { username: 'bot@acme.test', password: 'wiki-api-token-1' };

interface Ref {
  doc_name: string;
  page_num: number;
  sample_text: string;
  highlight: { start: number; end: number } | null;
}
interface AskResponse {
  answer: string;
  found: boolean;
  short_answer: string | null;
  refs: Ref[];
}

/**
 * Both index modes must answer equally well: the same wiki ingested into an embedded service
 * and into the scaled one on Elasticsearch (the Elasticsearch pass: PostgreSQL, Redis and a
 * prefix of its own) gives, question by question, the same answer, verdict, short answer, first
 * ref and highlight. Questions whose words are common and rare across pages, so the answerer's
 * support rule reads the collection's term counts of both indexes.
 */
(testSearchIndex() === 'elasticsearch' ? describe : describe.skip)(
  'the same answers on the embedded index and on Elasticsearch',
  () => {
    const squad = squadWikiPages({ squadPath: SQUAD, articles: 3, paragraphsPerPage: 5 });
    const pages = [...HANDBOOK_PAGES, ...squad.pages];
    const questions = [
      ...HANDBOOK_QUESTIONS.map((q) => q.question),
      ...squad.questions.filter((_, i) => i % 9 === 0).map((q) => q.question),
      // Not in the wiki: both must say so.
      'What is the boiling point of mercury?',
    ];
    const locator = { namespace_name: 'acme', collection_name: 'parity' };
    let wiki: FakeConfluence;
    let scaled: InProcessDocent;
    let embedded: { app: INestApplication; client: DocentClient; dataDir: string };

    const ingest = async (client: DocentClient) => {
      const done = await ingestAndWait(client, locator, {
        type: 'WIKI',
        spec: { url: wiki.url, space: 'KB', username: USER.username, token: USER.password },
      });
      expect(done.status).toBe('succeeded');
    };
    const ask = async (client: DocentClient, question: string) => {
      const response = await client.post<AskResponse>('/docs/ask', { ...locator, question });
      expect(response.status).toBe(200);
      const { answer, found, short_answer, refs } = response.body;
      const first = refs[0];
      return {
        question,
        answer,
        found,
        short_answer,
        first: first && {
          doc_name: first.doc_name,
          page_num: first.page_num,
          sample_text: first.sample_text,
          highlight: first.highlight,
        },
      };
    };

    beforeAll(async () => {
      wiki = await startFakeConfluence({
        mode: 'cloud',
        users: [USER],
        spaces: [
          { key: 'KB', pages: pages.map((p) => ({ id: p.id, title: p.title, body: p.body })) },
        ],
      });
      // The Elasticsearch pass's deployment: PostgreSQL, Redis, Elasticsearch.
      scaled = await startDocent();
      expect(scaled.deployment.elasticsearch).not.toBeNull();
      const dataDir = mkdtempSync(join(tmpdir(), 'docent-e2e-embedded-'));
      const { app } = await createApiApp({ env: testEnvironment(dataDir) });
      await app.listen(0, '127.0.0.1');
      const { port } = app.getHttpServer().address() as { port: number };
      embedded = {
        app,
        dataDir,
        client: new DocentClient(`http://127.0.0.1:${port}`, TEST_KEYS.acme),
      };
      await Promise.all([ingest(scaled.client), ingest(embedded.client)]);
    });

    afterAll(async () => {
      await scaled?.close();
      if (embedded) {
        await embedded.app.close();
        rmSync(embedded.dataDir, { recursive: true, force: true });
      }
      await wiki?.close();
    });

    it('answers every question the same way', async () => {
      const onEmbedded: Array<Awaited<ReturnType<typeof ask>>> = [];
      const onElasticsearch: Array<Awaited<ReturnType<typeof ask>>> = [];
      for (const question of questions) {
        onEmbedded.push(await ask(embedded.client, question));
        onElasticsearch.push(await ask(scaled.client, question));
      }
      // Some answers found and some not, so the comparison covers both verdicts.
      expect(onEmbedded.some((a) => a.found)).toBe(true);
      expect(onEmbedded.some((a) => !a.found)).toBe(true);
      // Whether it answers never depends on the index.
      expect(onElasticsearch.map((a) => [a.question, a.found])).toEqual(
        onEmbedded.map((a) => [a.question, a.found]),
      );
      // Answer, short answer, first ref and its highlight: the same but for near ties the two
      // BM25 formulas break apart (FTS5 scores fields apart and its IDF reaches zero for a word
      // in most chunks; Lucene's BM25F scores the fields as one, its IDF stays above zero, and
      // its statistics follow the index's segments, so a tie may break either way from one run
      // to the next): at most two questions in a hundred. The same answerer passed earlier CI
      // runs with at most one; on 2026-11-28 it gave two ("What was Newton's quarterback rating
      // for 2015?" and "Who caught a 16-yard pass on this drive?" quote another Super Bowl part).
      const differing = onElasticsearch.filter(
        (a, i) => JSON.stringify(a) !== JSON.stringify(onEmbedded[i]),
      );
      expect(differing.length).toBeLessThanOrEqual(Math.floor((2 * questions.length) / 100));
    });
  },
);
