import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the secret of API keys, session cookies and CSRF tokens. */
export function randomSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * How generated API keys and session cookies are stored and looked up: they are 256 random
 * bits, so a fast unsalted hash cannot be brute-forced, and a leaked table opens nothing.
 * (Bootstrap keys are chosen by an operator: they are stored with scrypt instead.)
 */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
