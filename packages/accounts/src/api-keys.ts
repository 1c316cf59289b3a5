import { InvalidRequestError } from '@docent/domain-errors';
import type { ApiKeyRecord, ApiKeyScope, ApiKeyStore, ThrottleStore } from '@docent/metadata-store';
import { PermissionError, RateLimitedError } from './account-errors';
import { addressKey, AttemptThrottle, LIMITS } from './attempt-throttle';
import { DEFAULT_SCRYPT_COST, hashPassword, type ScryptCost } from './password-hash';
import { hashSecretToken, randomSecretToken } from './secret-token';

const KEY_PREFIX = 'dk_';
/** Stored beside the hash of a generated key so users can tell keys apart in lists. */
const VISIBLE_CHARS = 8;
const TOUCH_INTERVAL_MS = 60_000;
/** Active keys one account may hold: each key has its own rate limit, so they must not multiply. */
export const MAX_ACTIVE_API_KEYS = 20;

/** The stored form of a generated key (the key itself is never stored). */
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
    if (account.length > 200) {
      throw new Error(
        `DOCENT_BOOTSTRAP_API_KEYS entry ${index + 1}: the account name is over 200 characters`,
      );
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
  /** The key's scope, when a key authenticated the request. */
  apiKeyScope: ApiKeyScope | null;
  /** The session's stored id (hash), set when the session cookie authenticated the request. */
  sessionId: string | null;
}

export interface ApiKeyServiceOptions {
  /** Counts wrong keys per address (shared by every api process); none: not counted. */
  throttle?: ThrottleStore;
  now?: () => Date;
  /** scrypt cost of bootstrap keys. */
  scryptCost?: ScryptCost;
}

export class ApiKeyService {
  private readonly lastTouched = new Map<string, number>();
  /** sha256 of each configured bootstrap key → its row: the strong hash is checked at start. */
  private readonly bootstrapIds = new Map<string, string>();
  /** Addresses this process saw refused, until when: no store round trip while they last. */
  private readonly blocked = new Map<string, number>();
  private readonly throttle: AttemptThrottle | null;
  private readonly now: () => Date;
  private readonly scryptCost: ScryptCost;

  constructor(
    private readonly store: ApiKeyStore,
    options: ApiKeyServiceOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.throttle = options.throttle
      ? new AttemptThrottle(options.throttle, () => this.now().getTime())
      : null;
    this.scryptCost = options.scryptCost ?? DEFAULT_SCRYPT_COST;
  }

  /**
   * Ensures each account exists and accepts its key. Operators choose these keys, so they are
   * stored like passwords (scrypt, salted with the account's id) with no clear characters, and
   * accepted only while configured. Rows from before (a fast hash, 8 clear characters) are
   * re-hashed when their key is still configured, else retired.
   */
  async bootstrap(keys: BootstrapKey[]): Promise<void> {
    const rows = await this.store.listBootstrapKeys();
    const kept = new Set<string>();
    for (const { account, key } of keys) {
      const record = await this.store.ensureAccount(account);
      const strong = await hashPassword(key, this.scryptCost, Buffer.from(record.id, 'utf8'));
      const legacy = rows.find((row) => row.keyHash === hashSecretToken(key));
      let id: string;
      if (legacy && legacy.accountId === record.id) {
        await this.store.rehashApiKey(legacy.id, strong, '');
        id = legacy.id;
      } else {
        // A row of this key in another account (once, a bootstrap account named like a user's
        // email shared that user's account) stays there, retired.
        const added = await this.store.addApiKey(
          {
            accountId: record.id,
            keyHash: strong,
            prefix: '',
            label: 'bootstrap',
            kind: 'bootstrap',
            scope: 'admin',
          },
          Number.MAX_SAFE_INTEGER,
        );
        id = added!.id;
      }
      kept.add(id);
      this.bootstrapIds.set(hashSecretToken(key), id);
    }
    for (const row of rows) {
      if (kept.has(row.id) || /^(scrypt\$|retired:)/.test(row.keyHash)) continue;
      await this.store.rehashApiKey(row.id, `retired:${row.id}`, '');
      await this.store.revokeApiKey(row.accountId, row.id, this.now());
    }
  }

  /** A new key; only a browser session or an admin key may make one, within the account's cap. */
  async createKey(
    principal: Principal,
    label: string | null,
    scope: ApiKeyScope = 'standard',
  ): Promise<{ key: string; record: ApiKeyRecord }> {
    requireKeyManager(principal, 'create API keys');
    const key = generateApiKey();
    const record = await this.store.addApiKey(
      {
        accountId: principal.accountId,
        keyHash: hashApiKey(key),
        prefix: key.slice(0, KEY_PREFIX.length + VISIBLE_CHARS),
        label,
        kind: 'generated',
        scope,
      },
      MAX_ACTIVE_API_KEYS,
    );
    if (!record) {
      throw new InvalidRequestError(
        `This account has ${MAX_ACTIVE_API_KEYS} active API keys, the most it may have: revoke one first.`,
      );
    }
    return { key, record };
  }

  /**
   * The account's keys that still open the API: revoked ones, and bootstrap keys no longer
   * configured, stay stored, unlisted.
   */
  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    const configured = new Set(this.bootstrapIds.values());
    return (await this.store.listApiKeys(accountId)).filter(
      (key) => key.revokedAt === null && (key.kind === 'generated' || configured.has(key.id)),
    );
  }

  /** False when the account has no such active key. */
  async revokeKey(principal: Principal, id: string): Promise<boolean> {
    requireKeyManager(principal, 'revoke API keys');
    return this.store.revokeApiKey(principal.accountId, id, this.now());
  }

  /**
   * The principal of a key; null for a wrong one. Wrong keys are counted per client address:
   * past the limit, the address gets RateLimitedError (429) for the rest of the window, right
   * key or not, from every api process.
   */
  async authenticate(key: string | undefined, clientAddress: string): Promise<Principal | null> {
    if (!key) return null;
    const address = addressKey(clientAddress);
    const now = this.now().getTime();
    const until = this.blocked.get(address) ?? 0;
    if (until > now) throw rateLimited(until - now);
    this.blocked.delete(address);
    const record = key.length <= 512 ? await this.find(key) : null;
    if (record) {
      await this.touch(record);
      return {
        accountId: record.accountId,
        apiKeyId: record.id,
        apiKeyScope: record.scope,
        sessionId: null,
      };
    }
    try {
      await this.throttle?.reserve([
        { key: `apikey-ip:${address}`, limit: LIMITS.apiKeyFailuresPerAddress },
      ]);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        // Bounded: a flood from very many addresses costs a store round trip each, no memory.
        if (this.blocked.size >= 10_000) this.blocked.clear();
        this.blocked.set(address, now + error.retryAfterSeconds * 1000);
        throw rateLimited(error.retryAfterSeconds * 1000);
      }
      throw error;
    }
    return null;
  }

  private async find(key: string): Promise<ApiKeyRecord | null> {
    const hash = hashSecretToken(key);
    const bootstrapId = this.bootstrapIds.get(hash);
    if (bootstrapId) {
      const record = await this.store.findApiKey(bootstrapId);
      return record && record.revokedAt === null ? record : null;
    }
    const record = await this.store.findActiveApiKey(hash);
    // A bootstrap key opens the API only while configured (matched above).
    return record?.kind === 'generated' ? record : null;
  }

  private async touch(record: ApiKeyRecord): Promise<void> {
    const now = this.now();
    const last = this.lastTouched.get(record.id) ?? 0;
    if (now.getTime() - last >= TOUCH_INTERVAL_MS) {
      this.lastTouched.set(record.id, now.getTime());
      await this.store.touchApiKey(record.id, now);
    }
  }
}

function requireKeyManager(principal: Principal, what: string): void {
  if (principal.sessionId === null && principal.apiKeyScope !== 'admin') {
    throw new PermissionError(
      `Only a logged-in browser session or an API key with the admin scope may ${what}.`,
    );
  }
}

function rateLimited(waitMs: number): RateLimitedError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new RateLimitedError(
    seconds,
    `Too many requests with a wrong Api-Key from this address; retry in ${seconds} s.`,
  );
}
