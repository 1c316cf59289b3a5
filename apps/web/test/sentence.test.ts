import { describe, expect, it } from 'vitest';
import { asSentence } from '../src/components/sentence';

describe('asSentence', () => {
  it('capitalizes a plain first word and ends the sentence', () => {
    expect(asSentence('email or password is wrong')).toBe('Email or password is wrong.');
    expect(asSentence('space NOPE not found or not visible to these credentials')).toBe(
      'Space NOPE not found or not visible to these credentials.',
    );
    expect(asSentence('Confluence at x rejected the credentials (HTTP 401)')).toBe(
      'Confluence at x rejected the credentials (HTTP 401).',
    );
  });

  it('leaves names and finished sentences alone', () => {
    expect(asSentence('The schedule is not valid.')).toBe('The schedule is not valid.');
    expect(asSentence('spec.url is required')).toBe('spec.url is required.');
    expect(asSentence('ing_01ABC was canceled')).toBe('ing_01ABC was canceled.');
    expect(asSentence('iPhone export failed!')).toBe('iPhone export failed!');
  });
});
