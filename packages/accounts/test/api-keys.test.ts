import { openMetadataStore, type MetadataStore } from '@docent/metadata-store';
import { ApiKeyService, hashApiKey, parseBootstrapKeys } from '../src';

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

describe('ApiKeyService', () => {
  let store: MetadataStore;
  beforeEach(async () => {
    store = await openMetadataStore({ kind: 'sqlite', path: ':memory:' });
  });
  afterEach(() => store.close());

  it('authenticates bootstrap keys, idempotently, and stores only hashes', async () => {
    const service = new ApiKeyService(store.accounts);
    await service.bootstrap([{ account: 'acme', key: 'acme-secret-key-1' }]);
    await service.bootstrap([{ account: 'acme', key: 'acme-secret-key-1' }]);
    const principal = await service.authenticate('acme-secret-key-1');
    expect(principal?.accountId).toBe((await store.accounts.ensureAccount('acme')).id);
    expect(await store.accounts.findActiveApiKey('acme-secret-key-1')).toBeNull();
    expect(await store.accounts.findActiveApiKey(hashApiKey('acme-secret-key-1'))).not.toBeNull();
  });

  it('rejects unknown, missing and absurdly long keys', async () => {
    const service = new ApiKeyService(store.accounts);
    await service.bootstrap([{ account: 'acme', key: 'acme-secret-key-1' }]);
    expect(await service.authenticate('acme-secret-key-2')).toBeNull();
    expect(await service.authenticate(undefined)).toBeNull();
    expect(await service.authenticate('x'.repeat(10_000))).toBeNull();
  });

  it('creates random keys shown once', async () => {
    const service = new ApiKeyService(store.accounts);
    const account = await store.accounts.ensureAccount('acme');
    const { key, record } = await service.createKey(account.id, 'ci');
    expect(key).toMatch(/^dk_[A-Za-z0-9_-]{43}$/);
    expect(record.prefix).toBe(key.slice(0, 11));
    expect((await service.authenticate(key))?.apiKeyId).toBe(record.id);
  });

  it('lists the account keys and revokes them for good', async () => {
    const service = new ApiKeyService(store.accounts);
    const account = await store.accounts.ensureAccount('acme');
    const other = await store.accounts.ensureAccount('beta');
    const { key, record } = await service.createKey(account.id, 'ci');
    expect(await service.listKeys(account.id)).toEqual([
      expect.objectContaining({ id: record.id, label: 'ci', revokedAt: null }),
    ]);
    expect(JSON.stringify(await service.listKeys(account.id))).not.toContain(hashApiKey(key));
    expect(await service.revokeKey(other.id, record.id)).toBe(false);
    expect(await service.revokeKey(account.id, record.id)).toBe(true);
    expect(await service.authenticate(key)).toBeNull();
    expect(await service.listKeys(account.id)).toEqual([]);
  });
});
