import { freshStore, t0, type OpenMetadataStore } from './fixture';

/** OAuthConnectionStore: what every adapter of the OAuth role must do. */
export function describeOAuthConnectionStoreConformance(
  adapterName: string,
  open: OpenMetadataStore,
) {
  describe(`OAuthConnectionStore conformance: ${adapterName}`, () => {
    const store = freshStore(open);
    const oauth = () => store().oauth;

    function pendingState(
      accountId: string,
      id = 'state-hash',
      expiresAt = t0.getTime() + 600_000,
    ) {
      return {
        id,
        accountId,
        sessionId: null,
        type: 'DRIVE',
        pkceVerifier: 'sealed-verifier',
        createdAt: t0,
        expiresAt: new Date(expiresAt),
      };
    }

    it('gives an OAuth state to exactly one taker', async () => {
      const a = await store().accounts.ensureAccount('acme');
      const state = pendingState(a.id);
      await oauth().saveOAuthState(state);
      const takers = await Promise.all([
        oauth().takeOAuthState('state-hash'),
        oauth().takeOAuthState('state-hash'),
        oauth().takeOAuthState('state-hash'),
      ]);
      expect(takers.filter((t) => t !== null)).toEqual([state]);
      expect(await oauth().takeOAuthState('state-hash')).toBeNull();
    });

    it('drops the states that expired, and only those', async () => {
      const a = await store().accounts.ensureAccount('acme');
      await oauth().saveOAuthState(pendingState(a.id, 'old', t0.getTime()));
      await oauth().saveOAuthState(pendingState(a.id, 'live'));
      await oauth().deleteExpiredOAuthStates(new Date(t0.getTime() + 1));
      expect(await oauth().takeOAuthState('old')).toBeNull();
      expect(await oauth().takeOAuthState('live')).toMatchObject({ id: 'live' });
    });

    it('keeps connect links until one caller takes them, and drops expired ones', async () => {
      const a = await store().accounts.ensureAccount('acme');
      const link = (id: string, expiresAt: number) => ({
        id,
        accountId: a.id,
        type: 'PAGES',
        createdAt: t0,
        expiresAt: new Date(expiresAt),
      });
      await oauth().saveOAuthLink(link('live', t0.getTime() + 600_000));
      await oauth().saveOAuthLink(link('old', t0.getTime()));
      expect(await oauth().findOAuthLink('live')).toEqual(link('live', t0.getTime() + 600_000));
      await oauth().deleteExpiredOAuthLinks(new Date(t0.getTime() + 1));
      expect(await oauth().findOAuthLink('old')).toBeNull();
      const takers = await Promise.all([
        oauth().takeOAuthLink('live'),
        oauth().takeOAuthLink('live'),
        oauth().takeOAuthLink('live'),
      ]);
      expect(takers.filter(Boolean)).toHaveLength(1);
      expect(await oauth().findOAuthLink('live')).toBeNull();
    });

    it('keeps one connection per account and type, with versioned token updates', async () => {
      const a = await store().accounts.ensureAccount('acme');
      const b = await store().accounts.ensureAccount('beta');
      const input = {
        accountId: a.id,
        type: 'WIKI',
        tokens: 'sealed-1',
        accountLabel: 'Acme wiki',
        details: { sites: [{ id: 'c1', url: 'https://acme.atlassian.net' }] },
        expiresAt: new Date(t0.getTime() + 3_600_000),
        connectedAt: t0,
      };
      const first = await oauth().saveConnection(input);
      expect(first.version).toBe(1);
      await oauth().saveConnection({ ...input, accountId: b.id, type: 'PAGES', expiresAt: null });
      expect(await oauth().getConnection(a.id, 'WIKI')).toEqual({
        ...input,
        updatedAt: t0,
        version: 1,
      });
      expect((await oauth().listConnections(a.id)).map((c) => c.type)).toEqual(['WIKI']);
      expect((await oauth().getConnection(b.id, 'PAGES'))?.expiresAt).toBeNull();

      const at = new Date(t0.getTime() + 1000);
      const update = { tokens: 'sealed-2', expiresAt: null, at };
      const race = await Promise.all([
        oauth().updateConnectionTokens(a.id, 'WIKI', 1, update),
        oauth().updateConnectionTokens(a.id, 'WIKI', 1, { ...update, tokens: 'sealed-3' }),
      ]);
      expect(race.filter(Boolean)).toHaveLength(1);
      const updated = await oauth().getConnection(a.id, 'WIKI');
      expect(updated).toMatchObject({ version: 2, expiresAt: null });
      expect(['sealed-2', 'sealed-3']).toContain(updated?.tokens);

      // Reconnecting replaces the tokens and moves the version on.
      const again = await oauth().saveConnection({ ...input, tokens: 'sealed-4' });
      expect(again).toMatchObject({ tokens: 'sealed-4', version: 3 });
      expect(await oauth().updateConnectionTokens(a.id, 'WIKI', 2, update)).toBe(false);

      expect(await oauth().deleteConnection(a.id, 'WIKI')).toBe(true);
      expect(await oauth().deleteConnection(a.id, 'WIKI')).toBe(false);
      expect(await oauth().getConnection(a.id, 'WIKI')).toBeNull();
    });
  });
}
