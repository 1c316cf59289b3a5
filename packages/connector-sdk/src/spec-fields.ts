import type { FieldIssue } from './connector';

/** A spec being validated: its fields, the issues found so far, and its token (see readSpecToken). */
export type SpecFields =
  | { ok: true; input: Record<string, unknown>; errors: FieldIssue[]; token?: string }
  | { ok: false; errors: FieldIssue[] };

/** How every `validateSpec` starts: an object of fields, with its token read by the one rule. */
export function readSpecFields(raw: unknown): SpecFields {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, errors: [{ field: 'spec', message: 'must be an object' }] };
  }
  const input = raw as Record<string, unknown>;
  const errors: FieldIssue[] = [];
  const token = readSpecToken(input, errors);
  return { ok: true, input, errors, ...(token === undefined ? {} : { token }) };
}

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
