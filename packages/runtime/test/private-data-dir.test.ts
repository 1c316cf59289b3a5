import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMetadataStore } from '@docent/metadata-store';
import { preparePrivateDataDir } from '../src/private-data-dir';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('preparePrivateDataDir', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'docent-perms-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('makes the folder 0700 and the databases, with the WAL SQLite adds, 0600', async () => {
    const dir = join(root, 'data');
    const warnings: string[] = [];
    preparePrivateDataDir(dir, ['docent.sqlite'], (m) => warnings.push(m));
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'docent.sqlite'))).toBe(0o600);
    // SQLite gives its WAL and shared-memory files the database file's mode.
    const store = await openMetadataStore({ kind: 'sqlite', path: join(dir, 'docent.sqlite') });
    await store.accounts.ensureAccount('acme');
    expect(mode(join(dir, 'docent.sqlite-wal'))).toBe(0o600);
    expect(mode(join(dir, 'docent.sqlite-shm'))).toBe(0o600);
    await store.close();
    expect(warnings).toEqual([]);
  });

  it('tightens what an older version left readable', () => {
    const dir = join(root, 'old');
    mkdirSync(dir, { mode: 0o755 });
    writeFileSync(join(dir, 'queue.sqlite'), '', { mode: 0o644 });
    writeFileSync(join(dir, 'queue.sqlite-wal'), '', { mode: 0o644 });
    writeFileSync(join(dir, 'secret.key'), 'k', { mode: 0o644 });
    preparePrivateDataDir(dir, ['queue.sqlite'], () => undefined);
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'queue.sqlite'))).toBe(0o600);
    expect(mode(join(dir, 'queue.sqlite-wal'))).toBe(0o600);
    expect(mode(join(dir, 'secret.key'))).toBe(0o600);
  });
});
