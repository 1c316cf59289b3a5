import { openMetadataStore, type MetadataStore } from '@docent/metadata-store';
import {
  ApiKeyService,
  MAX_ACTIVE_API_KEYS,
  PermissionError,
  RateLimitedError,
  hashApiKey,
  parseBootstrapKeys,
  type Principal,
} from '../src';
import { addressKey } from '../src/attempt-throttle';

const FAST = { N: 2 ** 10, r: 8, p: 1 };
const ADDRESS = '10.0.0.1';

describe('parseBootstrapKeys', () => {
  it('parses account:key pairs', () => {
    expect(parseBootstrapKeys(' acme:key-aaaaaaaaaaaa , beta:key:with:colons ')).toEqual([
      { account: 'acme', key: 'key-aaaaaaaaaaaa' },
      { account: 'beta', key: 'key:with:colons' },
    ]);
    expect(parseBootstrapKeys(undefined)).toEqual([]);
  });

  it('rejects malformed entries and short keys without echoing the key', () => {
    expect(() => parseBootstrapKeys('nokey')).toThrow(/entry 1 is not account:key/);
    expect(() => parseBootstrapKeys('a:short')).toThrow(/at least 12 characters/);
    try {
      parseBootstrapKeys('a:short');
    } catch (error) {
      expect(String(error)).not.toContain('short');
    }
  });
});

describe('addressKey', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped ones, and cuts IPv6 to its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('ApiKeyService', () => {
  let store: MetadataStore;
  let now: Date;
  let service: ApiKeyService;
  beforeEach(async () => {
    store = await openMetadataStore({ kind: 'sqlite', path: ':memory:' });
    now = new Date('2026-03-01T10:00:00Z');
    service = new ApiKeyService(store.accounts, {
      throttle: store.accounts,
      now: () => now,
      scryptCost: FAST,
    });
  });
  afterEach(() => store.close());

  const session = async (account = 'acme'): Promise<Principal> => ({
    accountId: (await store.accounts.ensureAccount(account)).id,
    apiKeyId: null,
    apiKeyScope: null,
    sessionId: 'session-hash',
  });

  it('stores bootstrap keys like passwords, with no clear characters, idempotently', async () => {
    await service.bootstrap([{ account: 'acme', key: 'acme-secret-key-1' }]);
    await service.bootstrap([{ account: 'acme', key: 'acme-secret-key-1' }]);
    const principal = await service.authenticate('acme-secret-key-1', ADDRESS);
    expect(principal).toMatchObject({
      accountId: (await store.accounts.ensureAccount('acme')).id,
      apiKeyScope: 'admin',
    });
    const rows = await store.accounts.listBootstrapKeys();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.keyHash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(rows[0]!.prefix).toBe('');
    expect(await store.accounts.findActiveApiKey(hashApiKey('acme-secret-key-1'))).toBeNull();
  });

  it('re-hashes a bootstrap key stored the old way, and retires one no longer configured', async () => {
    const acme = await store.accounts.ensureAccount('acme');
    // As issue 6 stored them: sha256 and the first 8 characters (the migration cleared those).
    for (const key of ['acme-secret-key-1', 'acme-removed-key-2']) {
      await store.accounts.addApiKey(
        {
          accountId: acme.id,
          keyHash: hashApiKey(key),
          prefix: '',
          label: 'bootstrap',
          kind: 'bootstrap',
          scope: 'admin',
        },
        100,
      );
    }
    const [kept, removed] = await store.accounts.listBootstrapKeys();
    await service.bootstrap([{ account: 'acme', key: 'acme-secret-key-1' }]);
    expect((await service.authenticate('acme-secret-key-1', ADDRESS))?.apiKeyId).toBe(kept!.id);
    expect(await service.authenticate('acme-removed-key-2', ADDRESS)).toBeNull();
    const rows = await store.accounts.listBootstrapKeys();
    expect(rows.find((r) => r.id === kept!.id)?.keyHash).toMatch(/^scrypt\$/);
    expect(rows.find((r) => r.id === removed!.id)).toMatchObject({
      keyHash: `retired:${removed!.id}`,
      revokedAt: expect.any(Date),
    });
  });

  it('accepts and lists a bootstrap key only while it is configured', async () => {
    await service.bootstrap([{ account: 'acme', key: 'acme-secret-key-1' }]);
    const acme = (await store.accounts.ensureAccount('acme')).id;
    expect(await service.listKeys(acme)).toHaveLength(1);
    const restarted = new ApiKeyService(store.accounts, { scryptCost: FAST });
    await restarted.bootstrap([]);
    expect(await restarted.authenticate('acme-secret-key-1', ADDRESS)).toBeNull();
    expect(await restarted.listKeys(acme)).toEqual([]);
    await restarted.bootstrap([{ account: 'acme', key: 'acme-secret-key-1' }]);
    expect(await restarted.authenticate('acme-secret-key-1', ADDRESS)).not.toBeNull();
  });

  it('rejects unknown, missing and absurdly long keys', async () => {
    await service.bootstrap([{ account: 'acme', key: 'acme-secret-key-1' }]);
    expect(await service.authenticate('acme-secret-key-2', ADDRESS)).toBeNull();
    expect(await service.authenticate(undefined, ADDRESS)).toBeNull();
    expect(await service.authenticate('x'.repeat(10_000), ADDRESS)).toBeNull();
  });

  it('throttles wrong keys per address, right key or not, then lets the address try again', async () => {
    await service.bootstrap([{ account: 'acme', key: 'acme-secret-key-1' }]);
    for (let i = 0; i < 30; i += 1) {
      expect(await service.authenticate(`guess-${i}-xxxxxxxx`, ADDRESS)).toBeNull();
    }
    await expect(service.authenticate('guess-31-xxxxxxxx', ADDRESS)).rejects.toBeInstanceOf(
      RateLimitedError,
    );
    await expect(service.authenticate('acme-secret-key-1', ADDRESS)).rejects.toMatchObject({
      retryAfterSeconds: 60,
    });
    expect(await service.authenticate('acme-secret-key-1', '10.0.0.2')).not.toBeNull();
    now = new Date(now.getTime() + 60_000);
    expect(await service.authenticate('acme-secret-key-1', ADDRESS)).not.toBeNull();
  });

  it('counts wrong keys of concurrent requests exactly', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        service.authenticate(`guess-${i}-xxxxxxxx`, ADDRESS).then(
          () => '401',
          () => '429',
        ),
      ),
    );
    expect(outcomes.filter((o) => o === '401')).toHaveLength(30);
  });

  it('creates random keys shown once, from a session or an admin key only', async () => {
    const owner = await session();
    const { key, record } = await service.createKey(owner, 'ci');
    expect(key).toMatch(/^dk_[A-Za-z0-9_-]{43}$/);
    expect(record).toMatchObject({ prefix: key.slice(0, 11), scope: 'standard' });
    const standard = (await service.authenticate(key, ADDRESS))!;
    expect(standard.apiKeyId).toBe(record.id);
    await expect(service.createKey(standard, 'more')).rejects.toBeInstanceOf(PermissionError);
    await expect(service.revokeKey(standard, record.id)).rejects.toBeInstanceOf(PermissionError);
    const admin = await service.createKey(owner, 'ops', 'admin');
    const adminPrincipal = (await service.authenticate(admin.key, ADDRESS))!;
    expect(adminPrincipal.apiKeyScope).toBe('admin');
    await expect(service.createKey(adminPrincipal, 'made by a key')).resolves.toBeDefined();
  });

  it(`caps an account at ${MAX_ACTIVE_API_KEYS} active keys`, async () => {
    const owner = await session();
    const made = await Promise.allSettled(
      Array.from({ length: MAX_ACTIVE_API_KEYS + 5 }, () => service.createKey(owner, null)),
    );
    expect(made.filter((m) => m.status === 'fulfilled')).toHaveLength(MAX_ACTIVE_API_KEYS);
    expect(made.find((m) => m.status === 'rejected')).toMatchObject({
      reason: { message: expect.stringContaining('revoke one first') },
    });
    const [first] = await service.listKeys(owner.accountId);
    await service.revokeKey(owner, first!.id);
    await expect(service.createKey(owner, null)).resolves.toBeDefined();
  });

  it('lists the account keys and revokes them for good', async () => {
    const owner = await session('acme');
    const other = await session('beta');
    const { key, record } = await service.createKey(owner, 'ci');
    expect(await service.listKeys(owner.accountId)).toEqual([
      expect.objectContaining({ id: record.id, label: 'ci', revokedAt: null }),
    ]);
    expect(JSON.stringify(await service.listKeys(owner.accountId))).not.toContain(hashApiKey(key));
    expect(await service.revokeKey(other, record.id)).toBe(false);
    expect(await service.revokeKey(owner, record.id)).toBe(true);
    expect(await service.authenticate(key, ADDRESS)).toBeNull();
    expect(await service.listKeys(owner.accountId)).toEqual([]);
  });
});
