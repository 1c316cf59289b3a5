import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { passwordProblem } from '../src';

describe('passwordProblem', () => {
  it('ships the 10,000 most common passwords, with their licence', () => {
    const list = readFileSync(join(__dirname, '../data/common-passwords.txt'), 'utf8');
    const lines = list.trim().split('\n');
    expect(lines).toHaveLength(10_000);
    expect(lines.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    expect(readFileSync(join(__dirname, '../data/common-passwords.LICENSE.txt'), 'utf8')).toMatch(
      /Permission is hereby granted, free of charge/,
    );
  });

  it('refuses common passwords, and common ones with digits or symbols around', () => {
    for (const weak of [
      'password12',
      'Password123!',
      'baseball2024',
      '!!sunshine!!',
      '1qaz2wsx3edc',
      '0000000000',
      '!@#$%^&*()',
    ]) {
      expect([weak, passwordProblem(weak, 'ann@example.com')]).toEqual([
        weak,
        expect.stringContaining('too common'),
      ]);
    }
  });

  it('refuses the email and short or huge passwords, and accepts a passphrase', () => {
    expect(passwordProblem('annsmith2024', 'annsmith@example.com')).toBe(
      'must not be the email address',
    );
    expect(passwordProblem('short', 'a@b.example')).toMatch(/10 to 1024/);
    expect(passwordProblem('x'.repeat(1025), 'a@b.example')).toMatch(/10 to 1024/);
    expect(passwordProblem('correct horse battery staple', 'a@b.example')).toBeNull();
    expect(passwordProblem('sunshine on the harbour', 'a@b.example')).toBeNull();
  });
});
