import { randomUUID } from 'node:crypto';
import type { MetadataStore, ProcessedDocument } from '../../src';

export interface MetadataStoreFixture {
  store: MetadataStore;
  cleanup(): Promise<void>;
}

/** The behaviour every MetadataStore adapter must have; run by each adapter's test file. */
export function describeMetadataStoreConformance(
  adapterName: string,
  open: () => Promise<MetadataStoreFixture>,
): void {
  describe(`MetadataStore conformance: ${adapterName}`, () => {
    let fixture: MetadataStoreFixture;
    let store: MetadataStore;

    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    const t0 = new Date('2026-01-02T03:04:05.678Z');

    async function collection(account = 'acme', ns = 'docs', name = 'handbook') {
      const a = await store.ensureAccount(account);
      const n = await store.ensureNamespace(a.id, ns, t0);
      const c = await store.ensureCollection(n.id, name, t0);
      return { account: a, namespace: n, collection: c };
    }

    async function ingestion(collectionId: string, accountId: string, sourceKey = 'k1') {
      return store.createIngestion({
        id: `ing_${Date.now().toString(36)}${randomUUID().slice(0, 8)}`,
        accountId,
        collectionId,
        type: 'WIKI',
        spec: { url: 'https://x.example', space: 'ENG', token: '***' },
        secrets: 'sealed',
        sourceKey,
        createdAt: t0,
      });
    }

    function processed(
      ingestionId: string,
      collectionId: string,
      sourceId: string,
      overrides: Partial<ProcessedDocument> = {},
    ): ProcessedDocument {
      return {
        ingestionId,
        documentId: `doc-${collectionId.slice(0, 8)}-${sourceId}`,
        collectionId,
        sourceType: 'WIKI',
        sourceKey: 'k1',
        sourceId,
        sourceUrl: `https://x.example/${sourceId}`,
        desiredName: `Page ${sourceId}`,
        version: '1',
        pageCount: 1,
        chunkCount: 3,
        at: t0,
        ...overrides,
      };
    }

    it('ensures accounts, namespaces and collections idempotently', async () => {
      const a1 = await store.ensureAccount('acme');
      const a2 = await store.ensureAccount('acme');
      expect(a2.id).toBe(a1.id);
      const n1 = await store.ensureNamespace(a1.id, 'docs', t0);
      expect((await store.ensureNamespace(a1.id, 'docs', t0)).id).toBe(n1.id);
      const c1 = await store.ensureCollection(n1.id, 'handbook', t0);
      expect((await store.ensureCollection(n1.id, 'handbook', t0)).id).toBe(c1.id);
      expect(await store.findCollection(n1.id, 'handbook')).toMatchObject({ id: c1.id });
      expect((await store.getCollectionById(c1.id))?.createdAt.toISOString()).toBe(
        t0.toISOString(),
      );
    });

    it('keeps namespaces of different accounts apart', async () => {
      const a = await store.ensureAccount('a');
      const b = await store.ensureAccount('b');
      const na = await store.ensureNamespace(a.id, 'docs', t0);
      const nb = await store.ensureNamespace(b.id, 'docs', t0);
      expect(na.id).not.toBe(nb.id);
      expect(await store.findNamespace(b.id, 'docs')).toMatchObject({ id: nb.id });
      expect(await store.findNamespace(a.id, 'nope')).toBeNull();
    });

    it('stores API keys by hash and finds only active ones', async () => {
      const a = await store.ensureAccount('acme');
      const key = await store.addApiKey({
        accountId: a.id,
        keyHash: 'h1',
        prefix: 'dk_abc',
        label: null,
      });
      expect(
        await store.addApiKey({ accountId: a.id, keyHash: 'h1', prefix: 'dk_abc', label: null }),
      ).toMatchObject({ id: key.id });
      expect(await store.findActiveApiKey('h1')).toMatchObject({
        accountId: a.id,
        prefix: 'dk_abc',
      });
      expect(await store.findActiveApiKey('h2')).toBeNull();
      await store.touchApiKey(key.id, t0);
      expect((await store.findActiveApiKey('h1'))?.lastUsedAt?.toISOString()).toBe(
        t0.toISOString(),
      );
    });

    it('lists and revokes the keys of one account only', async () => {
      const a = await store.ensureAccount('acme');
      const b = await store.ensureAccount('beta');
      const k1 = await store.addApiKey({
        accountId: a.id,
        keyHash: 'h1',
        prefix: 'p1',
        label: 'ci',
      });
      await store.addApiKey({ accountId: b.id, keyHash: 'h2', prefix: 'p2', label: null });
      expect((await store.listApiKeys(a.id)).map((k) => k.prefix)).toEqual(['p1']);
      expect(await store.revokeApiKey(b.id, k1.id, t0)).toBe(false);
      expect(await store.revokeApiKey(a.id, k1.id, t0)).toBe(true);
      expect(await store.revokeApiKey(a.id, k1.id, t0)).toBe(false);
      expect(await store.findActiveApiKey('h1')).toBeNull();
      expect((await store.listApiKeys(a.id))[0]?.revokedAt?.toISOString()).toBe(t0.toISOString());
    });

    it('creates a user with its own account once per email', async () => {
      const user = await store.createUser({
        email: 'ann@example.com',
        passwordHash: 'scrypt$x',
        at: t0,
      });
      expect(user).toMatchObject({ email: 'ann@example.com', passwordHash: 'scrypt$x' });
      expect(
        await store.createUser({ email: 'ann@example.com', passwordHash: 'y', at: t0 }),
      ).toBeNull();
      // An existing (bootstrap) account of that name cannot be claimed by signing up.
      await store.ensureAccount('ops@example.com');
      expect(
        await store.createUser({ email: 'ops@example.com', passwordHash: 'y', at: t0 }),
      ).toBeNull();
      expect((await store.findUserByEmail('ann@example.com'))?.id).toBe(user!.id);
      expect((await store.findUserByAccount(user!.accountId))?.email).toBe('ann@example.com');
      expect((await store.ensureAccount('ann@example.com')).id).toBe(user!.accountId);
      expect(await store.findUserByEmail('bob@example.com')).toBeNull();
    });

    it('stores sessions and drops expired ones', async () => {
      const user = (await store.createUser({
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
      await store.createSession(session);
      await store.createSession({ ...session, id: 'sess-hash-2', expiresAt: t0 });
      expect(await store.findSession('sess-hash-1')).toEqual(session);
      const extended = new Date(t0.getTime() + 120_000);
      await store.touchSession('sess-hash-1', later, extended);
      expect((await store.findSession('sess-hash-1'))?.expiresAt.toISOString()).toBe(
        extended.toISOString(),
      );
      await store.deleteExpiredSessions(new Date(t0.getTime() + 1));
      expect(await store.findSession('sess-hash-2')).toBeNull();
      expect(await store.findSession('sess-hash-1')).not.toBeNull();
      await store.deleteSession('sess-hash-1');
      expect(await store.findSession('sess-hash-1')).toBeNull();
    });

    it('gives an OAuth state to exactly one taker', async () => {
      const a = await store.ensureAccount('acme');
      const state = {
        id: 'state-hash',
        accountId: a.id,
        sessionId: null,
        type: 'DRIVE',
        pkceVerifier: 'sealed-verifier',
        createdAt: t0,
        expiresAt: new Date(t0.getTime() + 600_000),
      };
      await store.saveOAuthState(state);
      const takers = await Promise.all([
        store.takeOAuthState('state-hash'),
        store.takeOAuthState('state-hash'),
        store.takeOAuthState('state-hash'),
      ]);
      expect(takers.filter((t) => t !== null)).toEqual([state]);
      expect(await store.takeOAuthState('state-hash')).toBeNull();
    });

    it('keeps one connection per account and type, with versioned token updates', async () => {
      const a = await store.ensureAccount('acme');
      const b = await store.ensureAccount('beta');
      const input = {
        accountId: a.id,
        type: 'WIKI',
        tokens: 'sealed-1',
        accountLabel: 'Acme wiki',
        details: { sites: [{ id: 'c1', url: 'https://acme.atlassian.net' }] },
        expiresAt: new Date(t0.getTime() + 3_600_000),
        connectedAt: t0,
      };
      const first = await store.saveConnection(input);
      expect(first.version).toBe(1);
      await store.saveConnection({ ...input, accountId: b.id, type: 'PAGES', expiresAt: null });
      expect(await store.getConnection(a.id, 'WIKI')).toEqual({
        ...input,
        updatedAt: t0,
        version: 1,
      });
      expect((await store.listConnections(a.id)).map((c) => c.type)).toEqual(['WIKI']);
      expect((await store.getConnection(b.id, 'PAGES'))?.expiresAt).toBeNull();

      const at = new Date(t0.getTime() + 1000);
      const update = { tokens: 'sealed-2', expiresAt: null, at };
      const race = await Promise.all([
        store.updateConnectionTokens(a.id, 'WIKI', 1, update),
        store.updateConnectionTokens(a.id, 'WIKI', 1, { ...update, tokens: 'sealed-3' }),
      ]);
      expect(race.filter(Boolean)).toHaveLength(1);
      const updated = await store.getConnection(a.id, 'WIKI');
      expect(updated).toMatchObject({ version: 2, expiresAt: null });
      expect(['sealed-2', 'sealed-3']).toContain(updated?.tokens);

      // Reconnecting replaces the tokens and moves the version on.
      const again = await store.saveConnection({ ...input, tokens: 'sealed-4' });
      expect(again).toMatchObject({ tokens: 'sealed-4', version: 3 });
      expect(await store.updateConnectionTokens(a.id, 'WIKI', 2, update)).toBe(false);

      expect(await store.deleteConnection(a.id, 'WIKI')).toBe(true);
      expect(await store.deleteConnection(a.id, 'WIKI')).toBe(false);
      expect(await store.getConnection(a.id, 'WIKI')).toBeNull();
    });

    it('counts each listed document once, whatever the number of retries', async () => {
      const { account, collection: c } = await collection();
      const ing = await ingestion(c.id, account.id);
      expect(await store.markDiscovered(ing.id, 's1')).toBe(true);
      expect(await store.markDiscovered(ing.id, 's1')).toBe(false);
      expect(await store.getItemOutcome(ing.id, 's1')).toBeNull();
      await store.commitProcessed(processed(ing.id, c.id, 's1'));
      await store.commitProcessed(processed(ing.id, c.id, 's1'));
      expect(await store.getItemOutcome(ing.id, 's1')).toBe('processed');
      await store.markDiscovered(ing.id, 's2');
      await store.recordSkipped(ing.id, 's2');
      await store.recordSkipped(ing.id, 's2');
      await store.markDiscovered(ing.id, 's3');
      await store.recordFailure({
        ingestionId: ing.id,
        sourceId: 's3',
        docName: 'Bad',
        message: 'unparseable',
      });
      await store.recordFailure({
        ingestionId: ing.id,
        sourceId: 's3',
        docName: 'Bad',
        message: 'unparseable',
      });
      // A failure reported by the listing itself, never marked discovered.
      await store.recordFailure({
        ingestionId: ing.id,
        sourceId: 's4',
        docName: null,
        message: 'gone',
      });
      expect(await store.getProgress(ing.id)).toEqual({
        documentsDiscovered: 4,
        documentsProcessed: 1,
        documentsSkipped: 1,
        documentsFailed: 2,
        chunksIndexed: 3,
      });
      expect(await store.listFailures(ing.id, 10)).toEqual([
        { docName: 'Bad', sourceId: 's3', message: 'unparseable' },
        { docName: null, sourceId: 's4', message: 'gone' },
      ]);
    });

    it('keeps warnings apart from failures, and they change no counter', async () => {
      const { account, collection: c } = await collection();
      const ing = await ingestion(c.id, account.id);
      await store.markDiscovered(ing.id, 'scan');
      await store.commitProcessed(processed(ing.id, c.id, 'scan'));
      await store.recordWarning({
        ingestionId: ing.id,
        sourceId: 'scan',
        docName: 'Scan',
        message: 'page 2 has no text',
      });
      expect(await store.listWarnings(ing.id, 10)).toEqual([
        { docName: 'Scan', sourceId: 'scan', message: 'page 2 has no text' },
      ]);
      expect(await store.listFailures(ing.id, 10)).toEqual([]);
      expect(await store.getProgress(ing.id)).toMatchObject({
        documentsProcessed: 1,
        documentsFailed: 0,
      });
    });

    it('creates documents with unique names and keeps a name across updates', async () => {
      const { account, collection: c } = await collection();
      const ing = await ingestion(c.id, account.id);
      const d1 = await store.commitProcessed(
        processed(ing.id, c.id, 'a', { desiredName: 'Runbook' }),
      );
      const d2 = await store.commitProcessed(
        processed(ing.id, c.id, 'b', { desiredName: 'Runbook' }),
      );
      const d3 = await store.commitProcessed(
        processed(ing.id, c.id, 'c', { desiredName: 'Runbook' }),
      );
      expect([d1.name, d2.name, d3.name]).toEqual(['Runbook', 'Runbook (2)', 'Runbook (3)']);
      const updated = await store.commitProcessed(
        processed(ing.id, c.id, 'b', {
          desiredName: 'Something else',
          version: '2',
          chunkCount: 7,
        }),
      );
      expect(updated).toMatchObject({ name: 'Runbook (2)', version: '2', chunkCount: 7 });
      // Drive files keep their extension last.
      const f1 = await store.commitProcessed(
        processed(ing.id, c.id, 'f1', { desiredName: 'report.pdf', sourceType: 'DRIVE' }),
      );
      const f2 = await store.commitProcessed(
        processed(ing.id, c.id, 'f2', { desiredName: 'report.pdf', sourceType: 'DRIVE' }),
      );
      expect([f1.name, f2.name]).toEqual(['report.pdf', 'report (2).pdf']);
      // A freed name goes to the next new document.
      await store.deleteDocument(d1.id);
      const d4 = await store.commitProcessed(
        processed(ing.id, c.id, 'd', { desiredName: 'Runbook' }),
      );
      expect(d4.name).toBe('Runbook');
      expect(await store.findDocumentByName(c.id, 'Runbook (3)')).toMatchObject({ sourceId: 'c' });
      expect(await store.findDocumentBySource(c.id, 'k1', 'b')).toMatchObject({
        name: 'Runbook (2)',
      });
    });

    it('treats names that only look alike as distinct', async () => {
      const { account, collection: c } = await collection();
      const ing = await ingestion(c.id, account.id);
      const a = await store.commitProcessed(
        processed(ing.id, c.id, 'a', { desiredName: '100% done_x' }),
      );
      const b = await store.commitProcessed(
        processed(ing.id, c.id, 'b', { desiredName: '100x done_x' }),
      );
      expect([a.name, b.name]).toEqual(['100% done_x', '100x done_x']);
    });

    it('pages documents and collections by name', async () => {
      const { account, namespace, collection: c } = await collection();
      const ing = await ingestion(c.id, account.id);
      for (const id of ['c', 'a', 'e', 'b', 'd']) {
        await store.commitProcessed(processed(ing.id, c.id, id, { desiredName: id.toUpperCase() }));
      }
      const p1 = await store.listDocuments(c.id, { limit: 2 });
      expect(p1.items.map((d) => d.name)).toEqual(['A', 'B']);
      const p2 = await store.listDocuments(c.id, { limit: 2, after: p1.nextAfter! });
      expect(p2.items.map((d) => d.name)).toEqual(['C', 'D']);
      const p3 = await store.listDocuments(c.id, { limit: 2, after: p2.nextAfter! });
      expect(p3.items.map((d) => d.name)).toEqual(['E']);
      expect(p3.nextAfter).toBeNull();

      await store.ensureCollection(namespace.id, 'zeta', t0);
      await store.ensureCollection(namespace.id, 'alpha', t0);
      const cols = await store.listCollections(namespace.id, { limit: 10 });
      expect(cols.items.map((x) => [x.name, x.documentCount, x.chunkCount])).toEqual([
        ['alpha', 0, 0],
        ['handbook', 5, 15],
        ['zeta', 0, 0],
      ]);
      const firstPage = await store.listCollections(namespace.id, { limit: 1 });
      expect(firstPage.nextAfter).toBe('alpha');
    });

    it('lists the documents a complete listing did not see', async () => {
      const { account, collection: c } = await collection();
      const first = await ingestion(c.id, account.id);
      for (const id of ['a', 'b', 'c']) {
        await store.markDiscovered(first.id, id);
        await store.commitProcessed(processed(first.id, c.id, id));
      }
      // Another source's document in the same collection is never a candidate.
      await store.commitProcessed(processed(first.id, c.id, 'x', { sourceKey: 'k2' }));
      const second = await ingestion(c.id, account.id);
      await store.markDiscovered(second.id, 'a');
      await store.markDiscovered(second.id, 'c');
      const gone = await store.listDocumentsNotSeen(c.id, 'k1', second.id);
      expect(gone.map((d) => d.sourceId)).toEqual(['b']);
    });

    it('moves ingestions between statuses only from the expected ones', async () => {
      const { account, collection: c } = await collection();
      const ing = await ingestion(c.id, account.id);
      expect(ing).toMatchObject({
        status: 'queued',
        namespaceName: 'docs',
        collectionName: 'handbook',
        secrets: 'sealed',
      });
      const started = new Date('2026-01-02T04:00:00Z');
      expect(await store.transitionIngestion(ing.id, ['queued'], 'running', { at: started })).toBe(
        true,
      );
      expect(await store.transitionIngestion(ing.id, ['queued'], 'running')).toBe(false);
      // A resumed ingestion keeps its first start time.
      expect(
        await store.transitionIngestion(ing.id, ['running'], 'running', { at: new Date() }),
      ).toBe(true);
      expect((await store.getIngestion(ing.id))?.startedAt?.toISOString()).toBe(
        started.toISOString(),
      );
      await store.requestCancel(ing.id);
      expect((await store.getIngestion(ing.id))?.cancelRequested).toBe(true);
      expect(
        await store.transitionIngestion(ing.id, ['running'], 'failed', {
          error: { code: 'source_auth_failed', message: 'HTTP 401' },
          clearSecrets: true,
        }),
      ).toBe(true);
      expect(await store.transitionIngestion(ing.id, ['queued', 'running'], 'canceled')).toBe(
        false,
      );
      const done = await store.getIngestion(ing.id);
      expect(done).toMatchObject({
        status: 'failed',
        errorCode: 'source_auth_failed',
        errorMessage: 'HTTP 401',
        secrets: null,
      });
      expect(done?.finishedAt).toBeInstanceOf(Date);
    });

    it('pages ingestions newest first and filters them', async () => {
      const { account, namespace, collection: c } = await collection();
      const other = await store.ensureCollection(namespace.id, 'other', t0);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const id = `ing_${String(i).padStart(4, '0')}`;
        ids.push(id);
        await store.createIngestion({
          id,
          accountId: account.id,
          collectionId: i % 2 === 0 ? c.id : other.id,
          type: 'WIKI',
          spec: {},
          secrets: null,
          sourceKey: 'k',
          createdAt: t0,
        });
      }
      const page1 = await store.listIngestions({ namespaceId: namespace.id, limit: 3 });
      expect(page1.items.map((i) => i.id)).toEqual([ids[4], ids[3], ids[2]]);
      const page2 = await store.listIngestions({
        namespaceId: namespace.id,
        limit: 3,
        after: page1.nextAfter!,
      });
      expect(page2.items.map((i) => i.id)).toEqual([ids[1], ids[0]]);
      expect(page2.nextAfter).toBeNull();
      const onlyC = await store.listIngestions({
        namespaceId: namespace.id,
        collectionId: c.id,
        limit: 10,
      });
      expect(onlyC.items.map((i) => i.collectionName)).toEqual([
        'handbook',
        'handbook',
        'handbook',
      ]);
      await store.transitionIngestion(ids[0]!, ['queued'], 'running');
      const running = await store.listIngestions({
        namespaceId: namespace.id,
        status: 'running',
        limit: 10,
      });
      expect(running.items.map((i) => i.id)).toEqual([ids[0]]);
      expect((await store.listIngestionsByStatus(c.id, ['queued'])).map((i) => i.id)).toEqual([
        ids[2],
        ids[4],
      ]);
      expect(await store.listIngestionIdsByStatus(['queued', 'running'])).toEqual(ids);
      expect(await store.listIngestionIdsByStatus(['running'])).toEqual([ids[0]]);
    });

    it('grants the collection lock to one holder at a time, with expiry', async () => {
      const { collection: c } = await collection();
      const now = new Date('2026-01-01T00:00:00Z');
      expect(await store.tryLockCollection(c.id, 'w1', 1000, now)).toBe(true);
      expect(await store.tryLockCollection(c.id, 'w2', 1000, now)).toBe(false);
      expect(await store.tryLockCollection(c.id, 'w1', 1000, now)).toBe(true);
      expect(await store.renewCollectionLock(c.id, 'w2', 1000, now)).toBe(false);
      expect(await store.renewCollectionLock(c.id, 'w1', 1000, now)).toBe(true);
      const later = new Date(now.getTime() + 5000);
      expect(await store.tryLockCollection(c.id, 'w2', 1000, later)).toBe(true);
      expect(await store.renewCollectionLock(c.id, 'w1', 1000, later)).toBe(false);
      await store.unlockCollection(c.id, 'w1');
      expect(await store.tryLockCollection(c.id, 'w3', 1000, later)).toBe(false);
      await store.unlockCollection(c.id, 'w2');
      expect(await store.tryLockCollection(c.id, 'w3', 1000, later)).toBe(true);
    });

    it('serialises concurrent writers without losing counts', async () => {
      const { account, collection: c } = await collection();
      const ing = await ingestion(c.id, account.id);
      await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          await store.markDiscovered(ing.id, `s${i}`);
          if (i % 2 === 0)
            await store.commitProcessed(processed(ing.id, c.id, `s${i}`, { desiredName: 'Same' }));
          else await store.recordSkipped(ing.id, `s${i}`);
        }),
      );
      expect(await store.getProgress(ing.id)).toMatchObject({
        documentsDiscovered: 40,
        documentsProcessed: 20,
        documentsSkipped: 20,
        chunksIndexed: 60,
      });
      const names = (await store.listDocuments(c.id, { limit: 100 })).items.map((d) => d.name);
      expect(new Set(names).size).toBe(20);
    });

    it('deletes a collection with everything in it', async () => {
      const { account, namespace, collection: c } = await collection();
      const ing = await ingestion(c.id, account.id);
      await store.markDiscovered(ing.id, 'a');
      await store.commitProcessed(processed(ing.id, c.id, 'a'));
      await store.recordFailure({
        ingestionId: ing.id,
        sourceId: 'b',
        docName: null,
        message: 'x',
      });
      await store.tryLockCollection(c.id, 'w', 1000, new Date());
      await store.deleteCollection(c.id);
      expect(await store.findCollection(namespace.id, 'handbook')).toBeNull();
      expect(await store.getIngestion(ing.id)).toBeNull();
      expect(await store.findDocumentBySource(c.id, 'k1', 'a')).toBeNull();
      // The name is free again, as a new collection.
      const again = await store.ensureCollection(namespace.id, 'handbook', t0);
      expect(again.id).not.toBe(c.id);
      expect((await store.listDocuments(again.id, { limit: 10 })).items).toEqual([]);
    });

    it('answers health checks', async () => {
      await expect(store.health()).resolves.toBeUndefined();
    });
  });
}
