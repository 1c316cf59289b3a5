import { freshStore, t0, type OpenMetadataStore } from './fixture';

const newKey = (accountId: string, keyHash: string, prefix: string, label: string | null) => ({
  accountId,
  keyHash,
  prefix,
  label,
  kind: 'generated' as const,
  scope: 'standard' as const,
});

/**
 * ApiKeyStore, UserStore, SessionStore and ThrottleStore: what every adapter of the account
 * roles must do.
 */
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
      const key = (await accounts().addApiKey(newKey(a.id, 'h1', 'dk_abc', null), 10))!;
      expect(await accounts().addApiKey(newKey(a.id, 'h1', 'dk_abc', null), 10)).toMatchObject({
        id: key.id,
      });
      expect(await accounts().findActiveApiKey('h1')).toMatchObject({
        accountId: a.id,
        prefix: 'dk_abc',
        kind: 'generated',
        scope: 'standard',
      });
      expect(await accounts().findApiKey(key.id)).toMatchObject({ id: key.id });
      expect(await accounts().findActiveApiKey('h2')).toBeNull();
      await accounts().touchApiKey(key.id, t0);
      expect((await accounts().findActiveApiKey('h1'))?.lastUsedAt?.toISOString()).toBe(
        t0.toISOString(),
      );
    });

    it('lists and revokes the keys of one account only', async () => {
      const a = await accounts().ensureAccount('acme');
      const b = await accounts().ensureAccount('beta');
      const k1 = (await accounts().addApiKey(newKey(a.id, 'h1', 'p1', 'ci'), 10))!;
      await accounts().addApiKey(newKey(b.id, 'h2', 'p2', null), 10);
      expect((await accounts().listApiKeys(a.id)).map((k) => k.prefix)).toEqual(['p1']);
      expect(await accounts().revokeApiKey(b.id, k1.id, t0)).toBe(false);
      expect(await accounts().revokeApiKey(a.id, k1.id, t0)).toBe(true);
      expect(await accounts().revokeApiKey(a.id, k1.id, t0)).toBe(false);
      expect(await accounts().findActiveApiKey('h1')).toBeNull();
      expect((await accounts().listApiKeys(a.id))[0]?.revokedAt?.toISOString()).toBe(
        t0.toISOString(),
      );
    });

    it('caps the active keys of an account, even when keys are added at once', async () => {
      const a = await accounts().ensureAccount('acme');
      const added = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          accounts().addApiKey(newKey(a.id, `h${i}`, 'p', null), 3),
        ),
      );
      expect(added.filter((k) => k !== null)).toHaveLength(3);
      const [first] = await accounts().listApiKeys(a.id);
      await accounts().revokeApiKey(a.id, first!.id, t0);
      expect(await accounts().addApiKey(newKey(a.id, 'h-next', 'p', null), 3)).not.toBeNull();
      expect(await accounts().addApiKey(newKey(a.id, 'h-over', 'p', null), 3)).toBeNull();
    });

    it('adds a key once when processes add it at the same time', async () => {
      const a = await accounts().ensureAccount('ops');
      const added = await Promise.all(
        Array.from({ length: 4 }, () =>
          accounts().addApiKey(newKey(a.id, 'same-hash', '', null), 10),
        ),
      );
      expect(new Set(added.map((k) => k!.id)).size).toBe(1);
      expect(await accounts().listApiKeys(a.id)).toHaveLength(1);
    });

    it('lists bootstrap keys with their hashes and re-hashes them', async () => {
      const a = await accounts().ensureAccount('ops');
      const key = (await accounts().addApiKey(
        { ...newKey(a.id, 'weak-hash', '', 'bootstrap'), kind: 'bootstrap', scope: 'admin' },
        10,
      ))!;
      await accounts().addApiKey(newKey(a.id, 'other', 'dk_x', null), 10);
      expect(await accounts().listBootstrapKeys()).toEqual([
        expect.objectContaining({ id: key.id, keyHash: 'weak-hash', scope: 'admin' }),
      ]);
      // As long as a scrypt string (about 150 characters).
      const strong = `scrypt$32768$8$1$${'s'.repeat(48)}$${'h'.repeat(86)}`;
      await accounts().rehashApiKey(key.id, strong, '');
      expect(await accounts().findActiveApiKey('weak-hash')).toBeNull();
      expect((await accounts().listBootstrapKeys())[0]?.keyHash).toBe(strong);
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
      // A (bootstrap) account named like an email and the user of that email stay apart.
      const ops = await accounts().ensureAccount('ops@example.com');
      const opsUser = await accounts().createUser({
        email: 'ops@example.com',
        passwordHash: 'y',
        at: t0,
      });
      expect(opsUser!.accountId).not.toBe(ops.id);
      expect((await accounts().ensureAccount('ops@example.com')).id).toBe(ops.id);
      expect((await accounts().findUserByEmail('ann@example.com'))?.id).toBe(user!.id);
      expect((await accounts().findUserByAccount(user!.accountId))?.email).toBe('ann@example.com');
      expect((await accounts().ensureAccount('ann@example.com')).id).not.toBe(user!.accountId);
      expect(await accounts().findUserByEmail('bob@example.com')).toBeNull();
      await accounts().setPasswordHash(user!.id, 'scrypt$new');
      expect((await accounts().findUserByEmail('ann@example.com'))?.passwordHash).toBe(
        'scrypt$new',
      );
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
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
        clientAddress: '203.0.113.7',
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

    it("lists a user's sessions and ends all of them, or all but one", async () => {
      const ann = (await accounts().createUser({
        email: 'a@x.example',
        passwordHash: 'h',
        at: t0,
      }))!;
      const bob = (await accounts().createUser({
        email: 'b@x.example',
        passwordHash: 'h',
        at: t0,
      }))!;
      const session = (id: string, user: typeof ann, minutes: number) => ({
        id,
        accountId: user.accountId,
        userId: user.id,
        csrfToken: `csrf-${id}`,
        createdAt: new Date(t0.getTime() + minutes * 60_000),
        lastSeenAt: t0,
        expiresAt: new Date(t0.getTime() + 3_600_000),
        userAgent: null,
        clientAddress: null,
      });
      for (const [id, user, minutes] of [
        ['a1', ann, 1],
        ['a2', ann, 2],
        ['a3', ann, 3],
        ['b1', bob, 1],
      ] as const) {
        await accounts().createSession(session(id, user, minutes));
      }
      expect((await accounts().listSessions(ann.id)).map((s) => s.id)).toEqual(['a3', 'a2', 'a1']);
      expect(await accounts().deleteSessionsOfUser(ann.id, 'a2')).toBe(2);
      expect((await accounts().listSessions(ann.id)).map((s) => s.id)).toEqual(['a2']);
      expect(await accounts().deleteSessionsOfUser(ann.id, null)).toBe(1);
      expect(await accounts().listSessions(ann.id)).toEqual([]);
      expect((await accounts().listSessions(bob.id)).map((s) => s.id)).toEqual(['b1']);
    });

    it('updates an attempt counter atomically: concurrent updates take turns', async () => {
      // Each caller reads the counter and writes it + 1: a lost update would leave it short.
      const increments = await Promise.all(
        Array.from({ length: 25 }, () =>
          accounts().updateThrottle('ip:203.0.113.7', (current) => {
            const count = (current?.count ?? 0) + 1;
            return {
              next: { count, windowStartedAt: 1, blockedUntil: 0, updatedAt: 1000 + count },
              result: count,
            };
          }),
        ),
      );
      expect([...increments].sort((x, y) => x - y)).toEqual(
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
      const seen = await accounts().updateThrottle('ip:203.0.113.7', (current) => ({
        next: current,
        result: current,
      }));
      expect(seen).toEqual({
        count: 25,
        windowStartedAt: 1,
        blockedUntil: 0,
        updatedAt: 1025,
      });
    });

    it('deletes a counter when asked, and the counters not updated since a time', async () => {
      const put = (key: string, updatedAt: number) =>
        accounts().updateThrottle(key, () => ({
          next: { count: 1, windowStartedAt: updatedAt, blockedUntil: t0.getTime(), updatedAt },
          result: null,
        }));
      const read = (key: string) =>
        accounts().updateThrottle(key, (current) => ({ next: current, result: current }));
      await put('old', 1_000);
      await put('new', t0.getTime());
      await put('gone', t0.getTime());
      await accounts().updateThrottle('gone', () => ({ next: null, result: null }));
      expect(await read('gone')).toBeNull();
      await accounts().deleteStaleThrottles(2_000);
      expect(await read('old')).toBeNull();
      expect(await read('new')).toMatchObject({ count: 1, blockedUntil: t0.getTime() });
    });
  });
}
