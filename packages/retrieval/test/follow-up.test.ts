import { isFollowUp, standaloneQuestion } from '../src';

describe('standaloneQuestion', () => {
  const history = [
    { question: 'Which port does the billing service listen on?', answer: 'Port 8431.' },
  ];

  it('prefixes follow-ups that lean on the conversation with the previous question', () => {
    expect(standaloneQuestion('And who is on call for it?', history)).toBe(
      'Which port does the billing service listen on? And who is on call for it?',
    );
    expect(standaloneQuestion('What about staging?', history)).toMatch(/^Which port/);
  });

  it('leaves standalone questions and empty histories alone', () => {
    expect(standaloneQuestion('Who owns the search cluster backups?', history)).toBe(
      'Who owns the search cluster backups?',
    );
    expect(standaloneQuestion('And its price?', [])).toBe('And its price?');
  });

  it('recognises pronouns, connectives and bare questions', () => {
    expect(isFollowUp('When was it founded?')).toBe(true);
    expect(isFollowUp('Why?')).toBe(true);
    expect(isFollowUp('When was the Normandy duchy founded?')).toBe(false);
  });
});
