import type { ApiKeyRecord, ApiKeyStore } from '@docent/metadata-store';
import { hashSecretToken, randomSecretToken } from './secret-token';

const KEY_PREFIX = 'dk_';
/** Stored beside the hash so users can tell keys apart in lists. */
const VISIBLE_CHARS = 8;
const TOUCH_INTERVAL_MS = 60_000;

/** The stored form of a key (the key itself is never stored). */
export const hashApiKey: (key: string) => string = hashSecretToken;

export function generateApiKey(): string {
  return KEY_PREFIX + randomSecretToken();
}

export interface BootstrapKey {
  account: string;
  key: string;
}

/** Parses `DOCENT_BOOTSTRAP_API_KEYS` (`account:key[,account:key…]`). */
export function parseBootstrapKeys(value: string | undefined): BootstrapKey[] {
  if (!value?.trim()) return [];
  return value.split(',').map((entry, index) => {
    const separator = entry.indexOf(':');
    const account = entry.slice(0, separator).trim();
    const key = entry.slice(separator + 1).trim();
    if (separator <= 0 || !account || !key) {
      throw new Error(`DOCENT_BOOTSTRAP_API_KEYS entry ${index + 1} is not account:key`);
    }
    if (key.length < 12) {
      throw new Error(
        `DOCENT_BOOTSTRAP_API_KEYS entry ${index + 1} (account ${account}): keys must be at least 12 characters`,
      );
    }
    return { account, key };
  });
}

/** Who makes a request: an API key, or a browser session of the account's user. */
export interface Principal {
  accountId: string;
  /** Set when an `Api-Key` authenticated the request. */
  apiKeyId: string | null;
  /** The session's stored id (hash), set when the session cookie authenticated the request. */
  sessionId: string | null;
}

export class ApiKeyService {
  private readonly lastTouched = new Map<string, number>();

  constructor(
    private readonly store: ApiKeyStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Ensures each account exists and accepts its key (keys are stored hashed). */
  async bootstrap(keys: BootstrapKey[]): Promise<void> {
    for (const { account, key } of keys) {
      const record = await this.store.ensureAccount(account);
      await this.store.addApiKey({
        accountId: record.id,
        keyHash: hashApiKey(key),
        prefix: key.slice(0, VISIBLE_CHARS),
        label: 'bootstrap',
      });
    }
  }

  async createKey(
    accountId: string,
    label: string | null,
  ): Promise<{ key: string; record: ApiKeyRecord }> {
    const key = generateApiKey();
    const record = await this.store.addApiKey({
      accountId,
      keyHash: hashApiKey(key),
      prefix: key.slice(0, KEY_PREFIX.length + VISIBLE_CHARS),
      label,
    });
    return { key, record };
  }

  /** Every key of the account, newest first: never the key nor its hash. */
  /** The account's keys that still open the API (revoked ones stay stored, unlisted). */
  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return (await this.store.listApiKeys(accountId)).filter((key) => key.revokedAt === null);
  }

  /** False when the account has no such active key. */
  async revokeKey(accountId: string, id: string): Promise<boolean> {
    return this.store.revokeApiKey(accountId, id, this.now());
  }

  async authenticate(key: string | undefined): Promise<Principal | null> {
    if (!key || key.length > 512) return null;
    const record = await this.store.findActiveApiKey(hashApiKey(key));
    if (!record) return null;
    const now = this.now();
    const last = this.lastTouched.get(record.id) ?? 0;
    if (now.getTime() - last >= TOUCH_INTERVAL_MS) {
      this.lastTouched.set(record.id, now.getTime());
      await this.store.touchApiKey(record.id, now);
    }
    return { accountId: record.accountId, apiKeyId: record.id, sessionId: null };
  }
}
