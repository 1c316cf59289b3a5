import { describe, expect, it } from 'vitest';
import { NAME_PATTERN, isValidName } from '../src/components/names';

describe('the name rule', () => {
  it('accepts what the API accepts and refuses the rest', () => {
    for (const name of ['a', 'acme', 'A9-._', 'a'.repeat(64)]) expect(isValidName(name)).toBe(true);
    for (const name of ['', '-a', '.a', 'a b', 'a/b', 'a'.repeat(65)]) {
      expect(isValidName(name)).toBe(false);
    }
  });

  it('is a valid `pattern` attribute, which browsers compile with the v flag', () => {
    const asBrowsers = new RegExp(`^(?:${NAME_PATTERN})$`, 'v');
    expect(asBrowsers.test('a-b')).toBe(true);
    expect(asBrowsers.test('-ab')).toBe(false);
  });
});
