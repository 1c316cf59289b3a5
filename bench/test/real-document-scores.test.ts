import type { Passage } from '@docent/answerers';
import type { AskService } from '@docent/retrieval';
import type { CorpusQuestion, CorpusSet } from '../src/datasets/corpus-qa';
import { scoreRealDocuments } from '../src/quality/real-documents';

/**
 * An ask service that quotes `answers[question]` from `file` p. 3 (the only shape used here),
 * having retrieved `retrieved[question]` (the passages' documents and pages, best first).
 */
function fakeAsk(
  answers: Record<string, string>,
  retrieved: Record<string, Array<{ docName: string; pageNum: number }>> = {},
): AskService {
  return {
    ask: async (
      _account: string,
      input: { question: string },
      options: { onRetrieved?: (passages: readonly Passage[]) => void },
    ) => {
      options.onRetrieved?.(
        (retrieved[input.question] ?? []).map((at, i) => ({
          id: `p${i}`,
          ...at,
          text: '',
          headings: '',
          score: 1 / (i + 1),
        })),
      );
      return {
        answer: answers[input.question] ?? '',
        found: true,
        refs: [{ docName: 'guide.pdf', pageNum: 3 }],
      };
    },
  } as unknown as AskService;
}

function question(
  set: CorpusSet,
  text: string,
  answer: string,
): CorpusQuestion & { set: CorpusSet } {
  return {
    set,
    file: 'guide.pdf',
    question: text,
    answer,
    page: 3,
    evidence: answer,
    evidence_pages: [3],
  };
}

describe('scoreRealDocuments', () => {
  it('reports the sets developed on as the headline, and the second set on its own', async () => {
    const scores = await scoreRealDocuments(
      fakeAsk(
        {
          'Which port?': 'It listens on port 7443.',
          'Which owner?': 'Team Falcon owns it.',
          'Which floor?': 'The office is new.',
        },
        {
          // Retrieval had the evidence page among its five best, on another document's heels…
          'Which floor?': [
            { docName: 'other.pdf', pageNum: 3 },
            { docName: 'guide.pdf', pageNum: 3 },
          ],
          // …but not for this one: the right document, another page.
          'Which port?': [{ docName: 'guide.pdf', pageNum: 4 }],
        },
      ),
      'account',
      'corpus',
      [
        question('pdf', 'Which port?', '7443'),
        question('office', 'Which owner?', 'Team Falcon'),
        question('second', 'Which floor?', 'fourth floor'),
      ],
    );
    expect(scores.questions).toBe(2);
    expect(scores.holdsFact).toBe(1);
    expect(scores.bySet.second).toEqual({
      questions: 1,
      pageFirst: 1,
      pageInTop5: 1,
      holdsFact: 0,
    });
    expect(scores.results.map((r) => r.set)).toEqual(['pdf', 'office', 'second']);
    expect(scores.results.map((r) => r.pageInTop5)).toEqual([false, false, true]);
  });
});
