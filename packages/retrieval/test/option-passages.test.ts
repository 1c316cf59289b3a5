import { unwrittenOptions } from '../src/option-passages';

describe('unwrittenOptions', () => {
  it("gives the question's options that no passage writes, case and all", () => {
    expect(
      unwrittenOptions('What ends up in the output of pg_dump -a?', [
        '-A --no-align: Switches to unaligned output mode.',
        '-f file --file=file: Send output to the specified file.',
      ]),
    ).toEqual(['-a']);
    expect(
      unwrittenOptions('What does pg_dump -a do?', ['-a --data-only: Dump only the data.']),
    ).toEqual([]);
  });

  it('gives none for a question naming no option, hyphenated words included', () => {
    expect(unwrittenOptions('Which order does X-Forwarded-For list hosts in?', [])).toEqual([]);
  });
});
