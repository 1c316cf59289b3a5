import type { AskService } from '@docent/retrieval';
import type { CorpusQuestion, CorpusSet } from '../src/datasets/corpus-qa';
import { scoreRealDocuments } from '../src/quality/real-documents';

/** An ask service that quotes `answers[question]` from `file` p. 3 (the only shape used here). */
function fakeAsk(answers: Record<string, string>): AskService {
  return {
    ask: async (_account: string, input: { question: string }) => ({
      answer: answers[input.question] ?? '',
      found: true,
      refs: [{ docName: 'guide.pdf', pageNum: 3 }],
    }),
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
      fakeAsk({
        'Which port?': 'It listens on port 7443.',
        'Which owner?': 'Team Falcon owns it.',
        'Which floor?': 'The office is new.',
      }),
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
      pageInTop5: 0,
      holdsFact: 0,
    });
    expect(scores.results.map((r) => r.set)).toEqual(['pdf', 'office', 'second']);
  });
});
