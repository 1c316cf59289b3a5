import { ElasticsearchSearchIndex } from '@docent/search-index';
import { createTestIndexPrefix, testElasticsearchUrl } from '@docent/test-support';
import { runElasticsearchLayout } from '../src/elasticsearch-layout-cli';

describe('pnpm es:layout', () => {
  it('prints its usage for an unknown command', async () => {
    const lines: string[] = [];
    expect(await runElasticsearchLayout(['shuffle'], {}, (line) => lines.push(line))).toBe(2);
    expect(lines.join('\n')).toMatch(/^usage: pnpm es:layout status/);
  });

  it('needs ELASTICSEARCH_URL', async () => {
    await expect(runElasticsearchLayout(['status'], {}, () => undefined)).rejects.toThrow(
      'ELASTICSEARCH_URL is not set',
    );
  });

  // CI sets it to the node of scripts/elasticsearch.sh; without it the live case is skipped.
  const url = testElasticsearchUrl();
  (url ? it : it.skip)(
    'lists a collection made with its own index as one to move into a shared index (live)',
    async () => {
      const indices = createTestIndexPrefix(url!);
      const legacy = new ElasticsearchSearchIndex({
        node: url!,
        indexPrefix: indices.prefix,
        layout: 'dedicated',
        numberOfReplicas: 0,
      });
      try {
        await legacy.ensureCollection('handbook', 4);
        await legacy.replaceDocumentChunks('handbook', 'doc', [
          {
            chunkId: 'doc:0',
            documentId: 'doc',
            ordinal: 0,
            pageNum: 1,
            text: 'Relay code R-17.',
            headings: '',
            title: 'Doc',
            vector: new Float32Array([1, 0, 0, 0]),
          },
        ]);
        const env = {
          ELASTICSEARCH_URL: url!,
          DOCENT_ES_INDEX_PREFIX: indices.prefix,
          DOCENT_ES_DEDICATED_THRESHOLD: '1000',
        };
        const lines: string[] = [];
        expect(await runElasticsearchLayout(['status'], env, (line) => lines.push(line))).toBe(0);
        expect(lines[0]).toMatch(/^collection\s+layout\s+index\s+chunks\s+wanted\s+state$/);
        expect(lines[1]).toMatch(
          new RegExp(
            `^handbook\\s+dedicated\\s+${indices.prefix}-c-[0-9a-f]{32}\\s+1\\s+shared\\s+ready`,
          ),
        );
        expect(lines[2]).toBe('1 collections; 1 to move (pnpm es:layout migrate)');

        lines.length = 0;
        expect(
          await runElasticsearchLayout(['migrate', '--dry-run'], env, (line) => lines.push(line)),
        ).toBe(0);
        expect(lines.at(-1)).toBe('1 collections would move');
      } finally {
        await legacy.close();
        await indices.drop();
      }
    },
  );
});
