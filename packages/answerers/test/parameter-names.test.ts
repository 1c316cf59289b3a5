import { askedParameters, signatureParameters, writesParameter } from '../src/parameter-names';

describe('signatureParameters', () => {
  it('reads the parameters a signature lists, with their defaults, stars and brackets', () => {
    expect([
      ...signatureParameters(
        'shutil.rmtree(path, ignore_errors=False, onerror=None, *, dir_fd=None)',
      ),
    ]).toEqual(['path', 'ignore_errors', 'onerror', 'dir_fd']);
    expect([...signatureParameters('@functools.lru_cache(maxsize=128, typed=False)')]).toEqual([
      'maxsize',
      'typed',
    ]);
    expect([...signatureParameters('print(*objects, sep=" ", end="\\n")')]).toEqual([
      'objects',
      'sep',
      'end',
    ]);
  });

  it('reads no one-letter parameter, no manual page section and no typed argument', () => {
    expect([...signatureParameters('most_common([n]) and git-diff(1)')]).toEqual([]);
    expect([...signatureParameters('pg_sleep ( double precision )')]).toEqual([]);
  });
});

describe('askedParameters', () => {
  const parameters = signatureParameters(
    'difflib.get_close_matches(word, possibilities, n=3, cutoff=0.6)',
  );

  it('finds the parameters a question names, as written', () => {
    expect(
      askedParameters('What does the cutoff of difflib.get_close_matches default to?', parameters),
    ).toEqual(['cutoff']);
    expect(
      askedParameters('What does subprocess.run(check=True) raise?', new Set(['check'])),
    ).toEqual(['check']);
  });

  it('finds none when the question names none', () => {
    expect(askedParameters('What does get_close_matches return?', parameters)).toEqual([]);
    expect(askedParameters('What is the Cutoff date?', parameters)).toEqual([]);
  });
});

describe('writesParameter', () => {
  it('holds a parameter its prose writes', () => {
    expect(
      writesParameter('Optional argument cutoff (default 0.6) is a float in the range [0, 1].', [
        'cutoff',
      ]),
    ).toBe(true);
  });

  it('holds none a signature only lists, nor a longer identifier containing it', () => {
    expect(
      writesParameter('subprocess.run(args, *, stdout=None, stderr=None, capture_output=False)', [
        'stdout',
      ]),
    ).toBe(false);
    expect(writesParameter('Optional argument n (default 3) is the maximum.', ['cutoff'])).toBe(
      false,
    );
    expect(writesParameter('If cutoff_ratio is set, …', ['cutoff'])).toBe(false);
  });
});
