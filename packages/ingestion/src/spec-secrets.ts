export const REDACTED = '***';

/** Splits a spec into what may be stored and echoed, and the secrets to seal. */
export function splitSecrets(
  spec: Record<string, unknown>,
  secretFields: readonly string[],
): { redacted: Record<string, unknown>; secrets: Record<string, unknown> | null } {
  const redacted: Record<string, unknown> = {};
  const secrets: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(spec)) {
    if (secretFields.includes(key) && value !== null && value !== undefined) {
      secrets[key] = value;
      redacted[key] = REDACTED;
    } else {
      redacted[key] = value;
    }
  }
  return { redacted, secrets: Object.keys(secrets).length > 0 ? secrets : null };
}

export function mergeSecrets(
  redacted: Record<string, unknown>,
  secrets: Record<string, unknown> | null,
): Record<string, unknown> {
  return { ...redacted, ...(secrets ?? {}) };
}
