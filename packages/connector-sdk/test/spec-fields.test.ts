import { type FieldIssue, readSpecToken } from '../src';

describe('readSpecToken: one rule for every connector', () => {
  it.each([
    [{}, undefined, []],
    [{ token: null }, undefined, []],
    [{ token: '  t0k ' }, 't0k', []],
    [{ token: '   ' }, undefined, [{ field: 'spec.token', message: 'must not be blank' }]],
    [{ token: '' }, undefined, [{ field: 'spec.token', message: 'must not be blank' }]],
    [{ token: 42 }, undefined, [{ field: 'spec.token', message: 'must be a string' }]],
  ])('%j → %j', (input, token, issues) => {
    const errors: FieldIssue[] = [];
    expect(readSpecToken(input, errors)).toBe(token);
    expect(errors).toEqual(issues);
  });
});
