import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretKeyError';
  }
}

/** Parses DOCENT_SECRET_KEY: 32 bytes as 64 hex characters, or base64. */
export function parseSecretKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) {
    throw new SecretKeyError(
      'DOCENT_SECRET_KEY must be 32 random bytes as 64 hex characters or base64 (e.g. `openssl rand -hex 32`)',
    );
  }
  return key;
}

/** The generated key's file in the data directory. */
export const SECRET_KEY_FILE = 'secret.key';

/**
 * The key that seals source tokens. Embedded mode generates one on first start into the data
 * directory (readable by the owner only); scaled mode must be given one, since every process
 * has to share it.
 */
export function loadSecretKey(options: {
  configured: string | undefined;
  dataDir: string;
  allowGenerate: boolean;
}): Buffer {
  if (options.configured) return parseSecretKey(options.configured);
  const file = join(options.dataDir, SECRET_KEY_FILE);
  if (existsSync(file)) return parseSecretKey(readFileSync(file, 'utf8'));
  if (!options.allowGenerate) {
    throw new SecretKeyError(
      'DOCENT_SECRET_KEY is required in scaled mode (DATABASE_URL set): 32 random bytes as hex, e.g. `openssl rand -hex 32`',
    );
  }
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}
