import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMetadataStore } from '../src';
import { describeMetadataStoreConformance } from './conformance/metadata-store.conformance';

describeMetadataStoreConformance('TypeORM on SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docent-meta-'));
  const store = await openMetadataStore({ kind: 'sqlite', path: join(dir, 'docent.sqlite') });
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SQLite metadata store files', () => {
  it('keeps data across reopen and does not re-run migrations', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docent-meta-'));
    const path = join(dir, 'nested', 'docent.sqlite');
    try {
      const first = await openMetadataStore({ kind: 'sqlite', path });
      const account = await first.accounts.ensureAccount('acme');
      await first.close();
      const second = await openMetadataStore({ kind: 'sqlite', path });
      expect((await second.accounts.ensureAccount('acme')).id).toBe(account.id);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
