import { contentWords } from '@docent/text-segmentation';
import {
  entryConcernsOptions,
  hyphenedNames,
  isOneLetterOption,
  optionNames,
  writesOption,
} from '../src/option-names';
import { stemTerm } from '../src/term-stem';

describe('optionNames', () => {
  it('reads the options a text writes, as written', () => {
    expect(optionNames("What does psql's -X switch change?")).toEqual(['-X']);
    expect(optionNames('pg_restore --single-transaction, or -1 -j 4')).toEqual([
      '--single-transaction',
      '-j',
    ]);
    expect(optionNames('(-Fd) and "--no-psqlrc"')).toEqual(['-Fd', '--no-psqlrc']);
  });

  it('does not read a hyphenated word, a list marker or a negative number', () => {
    expect(optionNames('a web-based, well-known tool')).toEqual([]);
    expect(optionNames('- first item -- an aside, -5 degrees')).toEqual([]);
  });
});

describe('isOneLetterOption', () => {
  it('is a dash and one letter', () => {
    expect(isOneLetterOption('-X')).toBe(true);
    expect(isOneLetterOption('-Fd')).toBe(false);
    expect(isOneLetterOption('--x')).toBe(false);
  });
});

describe('writesOption', () => {
  it('finds an option written whole, case and all, not within a longer one or a word', () => {
    expect(writesOption('-a --data-only', ['-a'])).toBe(true);
    expect(writesOption('-A --no-align', ['-a'])).toBe(false);
    expect(writesOption('-a --data-only: Dump only the data.', ['-a'])).toBe(true);
    expect(writesOption('--all-databases: Dump every database.', ['-a'])).toBe(false);
    expect(writesOption('A non-trivial case.', ['-trivial'])).toBe(false);
  });
});

describe('entryConcernsOptions', () => {
  const stems = (question: string) => new Set(contentWords(question).map(stemTerm));

  it("takes an entry whose term's words the question says, or whose description names its option", () => {
    expect(
      entryConcernsOptions(
        'rebase.autoSquash',
        ['If set to true enable --autosquash option by default.'],
        ['--autosquash'],
        stems('Which rebase setting turns on --autosquash by default?'),
      ),
    ).toBe(true);
    expect(
      entryConcernsOptions(
        '-C',
        ['This flag is only allowed in combination with -B (bcrypt hashing).', 'It sets the cost.'],
        ['-B'],
        stems('What bcrypt cost does htpasswd -B use?'),
      ),
    ).toBe(true);
  });

  it("leaves another option's entry that says nothing of the question's", () => {
    expect(
      entryConcernsOptions(
        '-f file --file=file',
        ['Send output to the specified file.'],
        ['-a'],
        stems('What ends up in the output of pg_dump -a?'),
      ),
    ).toBe(false);
  });
});

describe('hyphenedNames', () => {
  it('reads names written in lower case with hyphens, once each', () => {
    expect(
      hyphenedNames('Is allow-query like allow-query-cache? Set allow-query; and max-ttl 5.'),
    ).toEqual(['allow-query', 'allow-query-cache', 'max-ttl']);
  });

  it('reads no option, no capitalised word and no hyphened number', () => {
    expect(hyphenedNames('git clone --shallow-tags, Write-Ahead log, R-99, 800-207')).toEqual([]);
  });
});
