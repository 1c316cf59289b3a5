import { tokenCounterFor } from '../src';

describe('tokenCounterFor', () => {
  const text = 'Heron listens on TCP port 9120 by default; see the runbook’s “Network” section.';

  it('picks the tokenizer of the model family', () => {
    expect(tokenCounterFor('gpt-4o-mini').name).toBe('o200k_base');
    expect(tokenCounterFor('gpt-4.1').name).toBe('o200k_base');
    expect(tokenCounterFor('gpt-4-turbo').name).toBe('cl100k_base');
    expect(tokenCounterFor('llama3.1:8b').name).toBe('llama3');
    expect(tokenCounterFor('meta-llama/Llama-3.1-8B-Instruct').name).toBe('llama3');
    expect(tokenCounterFor('mistral-small').name).toBe('o200k_base × 1.25');
    expect(tokenCounterFor('mistral-small', 'cl100k_base').name).toBe('cl100k_base');
  });

  it('counts tokens, not characters', () => {
    for (const model of ['gpt-4o-mini', 'gpt-4', 'llama3.2']) {
      const count = tokenCounterFor(model).count(text);
      expect(count).toBeGreaterThan(12);
      expect(count).toBeLessThan(30);
    }
    expect(tokenCounterFor('gpt-4o-mini').count('port 9120')).toBe(4);
  });
});
