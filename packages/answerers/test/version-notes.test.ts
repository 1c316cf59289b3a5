import {
  changedInVersion,
  isLaterVersion,
  supersedingNote,
  withoutVersionLabel,
} from '../src/version-notes';

describe('changedInVersion', () => {
  it('reads the version a Sphinx "Changed in version" note opens with', () => {
    expect(changedInVersion('Changed in version 3.8: Default value of max_workers…')).toEqual([
      3, 8,
    ]);
    expect(changedInVersion('Changed in version 3.10.1: Added the x argument.')).toEqual([
      3, 10, 1,
    ]);
  });

  it('reads no version from other sentences', () => {
    expect(changedInVersion('New in version 3.6: The thread_name_prefix argument.')).toBeNull();
    expect(changedInVersion('The default changed in version 3.8 of the library.')).toBeNull();
  });
});

describe('isLaterVersion', () => {
  it('compares part by part, as numbers', () => {
    expect(isLaterVersion([3, 10], [3, 8])).toBe(true);
    expect(isLaterVersion([3, 8, 1], [3, 8])).toBe(true);
    expect(isLaterVersion([3, 8], [3, 8])).toBe(false);
    expect(isLaterVersion([3, 5], [3, 8])).toBe(false);
  });
});

describe('withoutVersionLabel', () => {
  it("drops a note's label, and nothing of other text", () => {
    expect(withoutVersionLabel('New in version 3.6: The thread_name_prefix argument.')).toBe(
      'The thread_name_prefix argument.',
    );
    expect(withoutVersionLabel('Deprecated since version 3.12: Use x instead.')).toBe(
      'Use x instead.',
    );
    expect(withoutVersionLabel('The default is 5.')).toBe('The default is 5.');
  });
});

describe('supersedingNote', () => {
  const sentence = (text: string, words: string) => ({ text, terms: new Set(words.split(' ')) });
  const threads35 = sentence(
    'Changed in version 3.5: If max_workers is None or not given, it will default to the number of processors on the machine, multiplied by 5.',
    'max_workers none given default number processor machine multipli',
  );
  const threads38 = sentence(
    'Changed in version 3.8: Default value of max_workers is changed to min(32, os.cpu_count() + 4).',
    'default value max_workers chang min os cpu_count',
  );
  const threads39 = sentence(
    'Changed in version 3.9: Worker threads no longer run as daemon threads.',
    'worker thread longer run daemon',
  );

  it('takes the latest later note saying a subject word the note says', () => {
    expect(
      supersedingNote(threads35, [threads35, threads39, threads38], ['max_workers', 'thread']),
    ).toBe(threads38);
  });

  it('takes no later note about another thing, and nothing for a sentence that is no note', () => {
    expect(supersedingNote(threads35, [threads39], ['max_workers', 'thread'])).toBeUndefined();
    expect(supersedingNote(threads38, [threads35], ['max_workers'])).toBeUndefined();
    expect(
      supersedingNote(sentence('The default is 5.', 'default'), [threads38], ['default']),
    ).toBeUndefined();
  });
});
