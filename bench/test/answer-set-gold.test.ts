import { existsSync } from 'node:fs';
import {
  type AnswerSet,
  HANDBOOK_ANSWER_SET,
  HANDBOOK_SPACE_KEY,
  HANDBOOK_SPACE_PAGES,
  OPERATIONS_ANSWER_SET,
  OPERATIONS_FOLDER,
  operationsDriveFiles,
  PRODUCT_ANSWER_SET,
  PRODUCT_WORKSPACE_TOKEN,
  productWorkspace,
  startFakeConfluence,
  startFakeDrive,
  startFakeNotion,
} from '@docent/source-fakes';
import { answerTokens, holdsPhrase } from '../src/answers/answer-text';
import { locateGold } from '../src/answers/gold-locations';
import { readSourceDocuments, type SourceDocument } from '../src/answers/source-documents';
import {
  GIT_DOC_DIR,
  GIT_MANUAL_SPACE_KEY,
  loadGitManualPages,
  loadGitManualQuestions,
} from '../src/datasets/git-manual';

const USER = { username: 'bench@acme.test', password: 'bench-token' };

/** Every item of a set, with the split it is in. */
function itemsOf(set: AnswerSet) {
  return (['dev', 'test'] as const).flatMap((split) => [
    ...set.answerable[split].map((q) => ({ ...q, split, kind: 'answerable' as const })),
    ...set.nearMisses[split].map((q) => ({ ...q, split, kind: 'near_miss' as const })),
    ...set.followUps[split].map((q) => ({ ...q, split, kind: 'follow_up' as const })),
  ]);
}

/** What every set must satisfy whatever its source. */
function checkSetShape(set: AnswerSet, documents: SourceDocument[]): void {
  const names = new Set(documents.map((d) => d.name));
  const items = itemsOf(set);
  expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  for (const kind of ['answerable', 'nearMisses', 'followUps'] as const) {
    const { dev, test } = set[kind];
    expect(dev.length - test.length).toBeGreaterThanOrEqual(0);
    expect(dev.length - test.length).toBeLessThanOrEqual(1);
  }
  for (const item of items) {
    if (item.kind === 'near_miss') {
      expect({ id: item.id, nearest: names.has(item.nearestPage) }).toEqual({
        id: item.id,
        nearest: true,
      });
      continue;
    }
    // The short answer is a span of the sentence, and the facts are in it.
    if (item.shortAnswer !== null) {
      expect({ id: item.id, span: item.answerSentence.includes(item.shortAnswer) }).toEqual({
        id: item.id,
        span: true,
      });
    }
    for (const fact of item.facts) {
      expect({ id: item.id, fact, held: holdsPhrase(item.answerSentence, fact) }).toEqual({
        id: item.id,
        fact,
        held: true,
      });
    }
    for (const fact of item.otherFacts ?? []) {
      expect({ id: item.id, fact, inGold: holdsPhrase(item.answerSentence, fact) }).toEqual({
        id: item.id,
        fact,
        inGold: false,
      });
    }
  }
  // locateGold throws, naming them, for gold sentences not on their page as rendered.
  const gold = locateGold(documents, set);
  for (const item of items) {
    if (item.kind !== 'near_miss') expect(gold.get(item.id)?.pagesHolding[0]).toBe(item.answerPage);
  }
}

describe('answer sets: every gold sentence is on its page as the connector renders it', () => {
  it('the Confluence handbook', async () => {
    const wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [USER],
      spaces: [{ key: HANDBOOK_SPACE_KEY, pages: HANDBOOK_SPACE_PAGES }],
    });
    try {
      const documents = await readSourceDocuments({
        type: 'WIKI',
        url: wiki.url,
        space: HANDBOOK_SPACE_KEY,
        username: USER.username,
        token: USER.password,
      });
      expect(documents).toHaveLength(30);
      checkSetShape(HANDBOOK_ANSWER_SET, documents);
      expect(
        HANDBOOK_ANSWER_SET.nearMisses.dev.length + HANDBOOK_ANSWER_SET.nearMisses.test.length,
      ).toBeGreaterThanOrEqual(15);
      expect(
        HANDBOOK_ANSWER_SET.followUps.dev.length + HANDBOOK_ANSWER_SET.followUps.test.length,
      ).toBeGreaterThanOrEqual(8);
    } finally {
      await wiki.close();
    }
  }, 60_000);

  it('the Drive operations folder, every file through the parsers', async () => {
    const drive = await startFakeDrive({
      accessTokens: ['ya29.gold'],
      files: operationsDriveFiles(),
    });
    try {
      const documents = await readSourceDocuments({
        type: 'DRIVE',
        apiUrl: drive.url,
        token: 'ya29.gold',
        folderName: OPERATIONS_FOLDER.name,
      });
      expect(documents.map((d) => d.name.split('.').pop()).sort()).toEqual([
        'docx',
        'html',
        'md',
        'pdf',
        'pptx',
        'txt',
        'xlsx',
      ]);
      checkSetShape(OPERATIONS_ANSWER_SET, documents);
      expect(
        OPERATIONS_ANSWER_SET.nearMisses.dev.length + OPERATIONS_ANSWER_SET.nearMisses.test.length,
      ).toBeGreaterThanOrEqual(15);
      expect(
        OPERATIONS_ANSWER_SET.followUps.dev.length + OPERATIONS_ANSWER_SET.followUps.test.length,
      ).toBeGreaterThanOrEqual(8);
    } finally {
      await drive.close();
    }
  }, 60_000);

  it('the Notion product workspace', async () => {
    const notion = await startFakeNotion(productWorkspace());
    try {
      const documents = await readSourceDocuments({
        type: 'PAGES',
        apiUrl: notion.url,
        token: PRODUCT_WORKSPACE_TOKEN,
      });
      expect(documents).toHaveLength(10);
      checkSetShape(PRODUCT_ANSWER_SET, documents);
      expect(
        PRODUCT_ANSWER_SET.nearMisses.dev.length + PRODUCT_ANSWER_SET.nearMisses.test.length,
      ).toBeGreaterThanOrEqual(15);
      expect(
        PRODUCT_ANSWER_SET.followUps.dev.length + PRODUCT_ANSWER_SET.followUps.test.length,
      ).toBeGreaterThanOrEqual(8);
    } finally {
      await notion.close();
    }
  }, 60_000);

  // Needs Debian's git-doc (apt-get install -y git-doc); the bench itself refuses to run without it.
  const withGitDoc = existsSync(`${process.env.BENCH_GIT_DOC_DIR ?? GIT_DOC_DIR}/git-config.html`)
    ? it
    : it.skip;
  withGitDoc(
    'the git manual, whose near misses name options no page has',
    async () => {
      const pages = loadGitManualPages();
      const wiki = await startFakeConfluence({
        mode: 'cloud',
        users: [USER],
        spaces: [{ key: GIT_MANUAL_SPACE_KEY, pages }],
      });
      try {
        const documents = await readSourceDocuments({
          type: 'WIKI',
          url: wiki.url,
          space: GIT_MANUAL_SPACE_KEY,
          username: USER.username,
          token: USER.password,
        });
        expect(documents).toHaveLength(pages.length);
        const set = loadGitManualQuestions();
        checkSetShape(set, documents);
        expect(set.answerable.dev.length + set.answerable.test.length).toBeGreaterThanOrEqual(55);
        const misses = [...set.nearMisses.dev, ...set.nearMisses.test];
        expect(misses.length).toBeGreaterThanOrEqual(10);
        const tokens = answerTokens(
          documents
            .flatMap((d) =>
              d.blocks.map((b) => (b.kind === 'table_row' ? b.cells.join(' ') : b.text)),
            )
            .join('\n'),
        );
        const text = ` ${tokens.join(' ')} `;
        for (const miss of misses) {
          const absent = ` ${answerTokens(miss.absent).join(' ')} `;
          expect({ id: miss.id, present: text.includes(absent) }).toEqual({
            id: miss.id,
            present: false,
          });
        }
        expect(tokens.length).toBeGreaterThan(300_000);
      } finally {
        await wiki.close();
      }
    },
    120_000,
  );
});
