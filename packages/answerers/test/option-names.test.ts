import { isOneLetterOption, optionNames } from '../src/option-names';

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
