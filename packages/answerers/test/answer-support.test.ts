import { subjectTerms } from '../src/answer-support';
import { analyseQuestion } from '../src/question-analysis';
import { stemTerm } from '../src/term-stem';

const analysed = (question: string) => analyseQuestion(question, question);
/** Rarity per stem: the rarer, the higher. */
const rarity = (entries: Record<string, number>) =>
  new Map(Object.entries(entries).map(([word, idf]) => [stemTerm(word), idf]));

describe('subjectTerms', () => {
  it('requires the names and the rarest word that names a thing', () => {
    const question = analysed('Which port does billing listen on?');
    expect(
      subjectTerms(question, rarity({ port: 1.2, billing: 2.5, listen: 3 }), new Set(), new Set()),
    ).toEqual([stemTerm('billing')]);
  });

  it('never takes the verb that ends an inverted question for its subject', () => {
    // "surrender" is read as a noun, and is the rarest word: it is the question's verb.
    const question = analysed('How many points did the Panthers defense surrender?');
    const required = subjectTerms(
      question,
      rarity({ points: 1.5, panthers: 1.8, defense: 2, surrender: 4 }),
      new Set(),
      new Set(),
    );
    expect(required).toContain(stemTerm('panthers'));
    expect(required).toContain(stemTerm('defense'));
    expect(required).not.toContain(stemTerm('surrender'));
  });
});
