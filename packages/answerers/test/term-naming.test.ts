import { quotesTerm, termNamesSubject, termShortName } from '../src/term-naming';

describe('quotesTerm', () => {
  it('names an option asked for by its kind, or as a way of doing something', () => {
    const sentence =
      'Create a shallow clone with a history truncated to the specified number of commits.';
    expect(
      quotesTerm('Which git clone option makes a shallow clone?', sentence, '--depth <depth>'),
    ).toBe(true);
    expect(
      quotesTerm('What is the default mode of git reset?', 'Resets the index.', '--mixed'),
    ).toBe(true);
    expect(
      quotesTerm('How do I clone only the most recent commits?', sentence, '--depth <depth>'),
    ).toBe(true);
  });

  it('does not when the question asks for a value, or the question or sentence names the term', () => {
    expect(
      quotesTerm('What is the default value of gc.auto?', 'The default value is 6700.', 'gc.auto'),
    ).toBe(false);
    expect(
      quotesTerm('How many loose objects does gc pack?', 'The default value is 6700.', 'gc.auto'),
    ).toBe(false);
    expect(
      quotesTerm('How do I use -D with git branch?', 'Shortcut for --delete --force.', '-D'),
    ).toBe(false);
    expect(
      quotesTerm(
        'Which git commit option skips the pre-commit hook?',
        'When any of --no-verify or -n is given, these are bypassed.',
        '-n, --[no-]verify',
      ),
    ).toBe(false);
  });
});

describe('termShortName', () => {
  it('is the first long option without its argument, else the first name', () => {
    expect(termShortName('-c <commit>, --reedit-message=<commit>')).toBe('--reedit-message');
    expect(termShortName('-m parent-number, --mainline parent-number')).toBe('--mainline');
    expect(termShortName('-k, --keep-index, --no-keep-index')).toBe('--keep-index');
    expect(termShortName('-n, --[no-]verify')).toBe('-n');
    expect(termShortName('-x')).toBe('-x');
    expect(termShortName('gc.auto')).toBe('gc.auto');
  });
});

describe('termNamesSubject', () => {
  const asked = 'What does it do?';
  it("is whether the subject ends with one of the term's names", () => {
    expect(
      termNamesSubject('pop [--index] [-q|--quiet] [<stash>]', ['git', 'stash', 'pop'], asked),
    ).toBe(true);
    expect(termNamesSubject('-f, --force', ['--force'], asked)).toBe(true);
    expect(termNamesSubject('-f, --force', ['the', '--force', 'option'], asked)).toBe(false);
    expect(termNamesSubject('apply [--index] [<stash>]', ['git', 'stash', 'pop'], asked)).toBe(
      false,
    );
    expect(termNamesSubject('gc.auto', [], asked)).toBe(false);
  });

  it('reads a term written as a command by its words before the first argument', () => {
    const subject = ['git', 'branch', '-d'];
    expect(termNamesSubject('git branch -D <branch>', subject, 'What does git branch -D do?')).toBe(
      true,
    );
    expect(termNamesSubject('git branch <branch>', subject, 'What does git branch -D do?')).toBe(
      false,
    );
    expect(termNamesSubject('git branch -D <branch>', ['-d'], 'What does -D do?')).toBe(false);
  });

  it("reads a call's signature by its name, its parameters no names of it", () => {
    const rmtree = 'shutil.rmtree(path, ignore_errors=False, onerror=None)';
    expect(termNamesSubject(rmtree, ['shutil.rmtree'], asked)).toBe(true);
    expect(termNamesSubject(rmtree, ['shutil.rmtree()'], asked)).toBe(true);
    expect(termNamesSubject(rmtree, ['ignore_errors'], asked)).toBe(false);
    expect(termShortName('heapq.heapify(x)')).toBe('heapq.heapify');
  });

  it("reads a method's signature written without its class, called with arguments", () => {
    const mostCommon = 'most_common([n])';
    expect(termNamesSubject(mostCommon, ['counter.most_common(n)'], asked)).toBe(true);
    expect(termNamesSubject(mostCommon, ['counter.least_common(n)'], asked)).toBe(false);
    // An option is no method: "git.--force" names nothing.
    expect(termNamesSubject('-f, --force', ['git.--force'], asked)).toBe(false);
  });

  it('holds a one-letter option to the case the question writes it in', () => {
    const question = 'What does git branch -D do?';
    expect(termNamesSubject('git branch -d <branch>', ['git', 'branch', '-d'], question)).toBe(
      false,
    );
    expect(termNamesSubject('-d, --delete', ['git', 'branch', '-d'], question)).toBe(false);
    expect(termNamesSubject('-D', ['git', 'branch', '-d'], question)).toBe(true);
  });
});
