import { questionSentences } from '../src/question-sentences';

describe('questionSentences', () => {
  it('splits a question into its sentences and finds the one asking', () => {
    expect(
      questionSentences(
        "My zone didn't load because of a typo. What do clients get back? It is a secondary.",
      ),
    ).toEqual({
      sentences: [
        "My zone didn't load because of a typo.",
        'What do clients get back?',
        'It is a secondary.',
      ],
      asking: 1,
    });
  });

  it('keeps an abbreviation inside its sentence, and takes the last without a question mark', () => {
    expect(questionSentences('What caused the Y. pestis strain to spread').sentences).toHaveLength(
      1,
    );
    expect(questionSentences('Tell me the port. And the host.').asking).toBe(1);
  });
});
