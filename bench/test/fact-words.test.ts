import { factWords, holdsFact } from '../src/metrics/fact-words';

describe('the "answer holds the fact" check of the real-document suite', () => {
  it('takes the gold answer’s content words, without asides, explanations or the question’s own words', () => {
    expect(
      factWords(
        'The policy engine (PE); it is paired with the policy administrator (PA).',
        'Which logical component is responsible for the ultimate decision?',
      ),
    ).toEqual(['policy', 'engine']);
    expect(
      factWords(
        'Five essential characteristics, three service models and four deployment models.',
        'How many essential characteristics, service models and deployment models make up the cloud model?',
      ),
    ).toEqual(['five', 'three', 'four']);
    expect(factWords('Extended', 'Which category is extended?')).toEqual(['extended']);
  });

  it('needs every fact word in the answer, in any case and number', () => {
    const gold = 'Five essential characteristics, three service models and four deployment models.';
    const question = 'How many essential characteristics, service models and deployment models?';
    expect(
      holdsFact(
        'The cloud model is composed of five essential characteristics, three service models, and four deployment models.',
        gold,
        question,
      ),
    ).toBe(true);
    expect(holdsFact('It has five essential characteristics.', gold, question)).toBe(false);
    expect(
      holdsFact('ISN cycles approximately every 4.55 hours.', 'Approximately every 4.55 hours'),
    ).toBe(true);
    expect(
      holdsFact('ISN cycles approximately every 4.5 hours.', 'Approximately every 4.55 hours'),
    ).toBe(false);
    expect(holdsFact('', 'Mirai')).toBe(false);
    expect(
      holdsFact(
        'This reduces overhead for tools by eliminating the need to open and follow references.',
        'It eliminates the need to open and follow references',
        'How does it reduce overhead for tools?',
      ),
    ).toBe(true);
  });
});
