import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const MIN_PASSWORD_LENGTH = 10;
/** scrypt of a very long input is still cheap, but bodies are capped well below abuse. */
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * The 10,000 most common passwords, most common first, as `@zxcvbn-ts/language-common` 4.1.3
 * ships them (MIT: data/common-passwords.LICENSE.txt; zxcvbn's list, from leaked-password
 * corpora). Shipped with the package: nothing is fetched at run time.
 */
const LIST_FILE = resolve(__dirname, '../data/common-passwords.txt');

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(LIST_FILE, 'utf8')
      .split('\n')
      .filter((line) => line !== ''),
  );
  return common;
}

/**
 * Why a new password is refused, or null. Besides the length: a common password, or one made
 * of a common password (or the email) with digits and symbols around it (`password12`,
 * `dragon2024!`), is what online and offline guessing tries first.
 */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    return `must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`;
  }
  const lower = password.normalize('NFKC').toLowerCase();
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/gu, '');
  const list = commonPasswords();
  const local = email.toLowerCase().split('@')[0] ?? '';
  if (list.has(lower) || list.has(core) || core.length < 4) {
    return 'is too common: it is one of the passwords guessed first (or one with digits added)';
  }
  if (core === email.toLowerCase() || (local.length >= 3 && core === local)) {
    return 'must not be the email address';
  }
  return null;
}
