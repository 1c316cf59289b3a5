import { freshStore, t0, type OpenMetadataStore } from './fixture';

/** ApiKeyStore, UserStore and SessionStore: what every adapter of the account roles must do. */
export function describeAccountStoreConformance(adapterName: string, open: OpenMetadataStore) {
  describe(`Account store conformance: ${adapterName}`, () => {
    const store = freshStore(open);
    const accounts = () => store().accounts;

    it('ensures an account once per name', async () => {
      const a1 = await accounts().ensureAccount('acme');
      expect((await accounts().ensureAccount('acme')).id).toBe(a1.id);
      expect((await accounts().ensureAccount('beta')).id).not.toBe(a1.id);
    });

    it('stores API keys by hash and finds only active ones', async () => {
      const a = await accounts().ensureAccount('acme');
      const key = await accounts().addApiKey({
        accountId: a.id,
        keyHash: 'h1',
        prefix: 'dk_abc',
        label: null,
      });
      expect(
        await accounts().addApiKey({
          accountId: a.id,
          keyHash: 'h1',
          prefix: 'dk_abc',
          label: null,
        }),
      ).toMatchObject({ id: key.id });
      expect(await accounts().findActiveApiKey('h1')).toMatchObject({
        accountId: a.id,
        prefix: 'dk_abc',
      });
      expect(await accounts().findActiveApiKey('h2')).toBeNull();
      await accounts().touchApiKey(key.id, t0);
      expect((await accounts().findActiveApiKey('h1'))?.lastUsedAt?.toISOString()).toBe(
        t0.toISOString(),
      );
    });

    it('lists and revokes the keys of one account only', async () => {
      const a = await accounts().ensureAccount('acme');
      const b = await accounts().ensureAccount('beta');
      const k1 = await accounts().addApiKey({
        accountId: a.id,
        keyHash: 'h1',
        prefix: 'p1',
        label: 'ci',
      });
      await accounts().addApiKey({ accountId: b.id, keyHash: 'h2', prefix: 'p2', label: null });
      expect((await accounts().listApiKeys(a.id)).map((k) => k.prefix)).toEqual(['p1']);
      expect(await accounts().revokeApiKey(b.id, k1.id, t0)).toBe(false);
      expect(await accounts().revokeApiKey(a.id, k1.id, t0)).toBe(true);
      expect(await accounts().revokeApiKey(a.id, k1.id, t0)).toBe(false);
      expect(await accounts().findActiveApiKey('h1')).toBeNull();
      expect((await accounts().listApiKeys(a.id))[0]?.revokedAt?.toISOString()).toBe(
        t0.toISOString(),
      );
    });

    it('creates a user with its own account once per email', async () => {
      const user = await accounts().createUser({
        email: 'ann@example.com',
        passwordHash: 'scrypt$x',
        at: t0,
      });
      expect(user).toMatchObject({ email: 'ann@example.com', passwordHash: 'scrypt$x' });
      expect(
        await accounts().createUser({ email: 'ann@example.com', passwordHash: 'y', at: t0 }),
      ).toBeNull();
      // An existing (bootstrap) account of that name cannot be claimed by signing up.
      await accounts().ensureAccount('ops@example.com');
      expect(
        await accounts().createUser({ email: 'ops@example.com', passwordHash: 'y', at: t0 }),
      ).toBeNull();
      expect((await accounts().findUserByEmail('ann@example.com'))?.id).toBe(user!.id);
      expect((await accounts().findUserByAccount(user!.accountId))?.email).toBe('ann@example.com');
      expect((await accounts().ensureAccount('ann@example.com')).id).toBe(user!.accountId);
      expect(await accounts().findUserByEmail('bob@example.com')).toBeNull();
    });

    it('stores sessions and drops expired ones', async () => {
      const user = (await accounts().createUser({
        email: 'ann@example.com',
        passwordHash: 'h',
        at: t0,
      }))!;
      const later = new Date(t0.getTime() + 60_000);
      const session = {
        id: 'sess-hash-1',
        accountId: user.accountId,
        userId: user.id,
        csrfToken: 'csrf-1',
        createdAt: t0,
        lastSeenAt: t0,
        expiresAt: later,
      };
      await accounts().createSession(session);
      await accounts().createSession({ ...session, id: 'sess-hash-2', expiresAt: t0 });
      expect(await accounts().findSession('sess-hash-1')).toEqual(session);
      const extended = new Date(t0.getTime() + 120_000);
      await accounts().touchSession('sess-hash-1', later, extended);
      expect((await accounts().findSession('sess-hash-1'))?.expiresAt.toISOString()).toBe(
        extended.toISOString(),
      );
      await accounts().deleteExpiredSessions(new Date(t0.getTime() + 1));
      expect(await accounts().findSession('sess-hash-2')).toBeNull();
      expect(await accounts().findSession('sess-hash-1')).not.toBeNull();
      await accounts().deleteSession('sess-hash-1');
      expect(await accounts().findSession('sess-hash-1')).toBeNull();
    });
  });
}
