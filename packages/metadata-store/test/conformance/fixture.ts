import { randomUUID } from 'node:crypto';
import type { MetadataStore, ProcessedDocument } from '../../src';

export interface MetadataStoreFixture {
  store: MetadataStore;
  cleanup(): Promise<void>;
}

export type OpenMetadataStore = () => Promise<MetadataStoreFixture>;

/** Opens a fresh store before each test of the enclosing `describe` and closes it after. */
export function freshStore(open: OpenMetadataStore): () => MetadataStore {
  let fixture: MetadataStoreFixture;
  beforeEach(async () => {
    fixture = await open();
  });
  afterEach(async () => {
    await fixture.cleanup();
  });
  return () => fixture.store;
}

export const t0 = new Date('2026-01-02T03:04:05.678Z');

export async function seedCollection(
  store: MetadataStore,
  account = 'acme',
  ns = 'docs',
  name = 'handbook',
) {
  const a = await store.accounts.ensureAccount(account);
  const n = await store.catalog.ensureNamespace(a.id, ns, t0);
  const c = await store.catalog.ensureCollection(n.id, name, t0);
  return { account: a, namespace: n, collection: c };
}

export async function seedIngestion(
  store: MetadataStore,
  collectionId: string,
  accountId: string,
  sourceKey = 'k1',
) {
  return store.ingestions.createIngestion({
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

export function processed(
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
    pageUrlTemplate: null,
    desiredName: `Page ${sourceId}`,
    nameStyle: 'title',
    version: '1',
    pageCount: 1,
    chunkCount: 3,
    at: t0,
    ...overrides,
  };
}

/** The listing's view of a document `processed` would commit. */
export function listed(ingestionId: string, collectionId: string, sourceId: string, version = '1') {
  return { ingestionId, collectionId, sourceKey: 'k1', sourceId, version };
}
