import type { FieldIssue } from './connector';

/**
 * The one rule for a credential in a spec (`token`): absent or null → none (the account's OAuth
 * connection); a string → trimmed; blank → refused, since a token of spaces is a mistake (an
 * empty variable), not a request to use OAuth instead.
 */
export function readSpecToken(
  input: Record<string, unknown>,
  errors: FieldIssue[],
  field = 'token',
): string | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    errors.push({ field: `spec.${field}`, message: 'must be a string' });
    return undefined;
  }
  const token = value.trim();
  if (token === '') {
    errors.push({ field: `spec.${field}`, message: 'must not be blank' });
    return undefined;
  }
  return token;
}
