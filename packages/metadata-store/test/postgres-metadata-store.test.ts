import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { openMetadataStore } from '../src';
import { describeMetadataStoreConformance } from './conformance/metadata-store.conformance';

/**
 * Runs whenever DOCENT_TEST_DATABASE_URL points at a PostgreSQL server whose user may create
 * databases (.ci/run starts one); each test gets a database of its own.
 */
const adminUrl = process.env.DOCENT_TEST_DATABASE_URL;
const describeWithPostgres = adminUrl ? describe : describe.skip;

async function withAdmin<T>(fn: (admin: DataSource) => Promise<T>): Promise<T> {
  const admin = new DataSource({ type: 'postgres', url: adminUrl });
  await admin.initialize();
  try {
    return await fn(admin);
  } finally {
    await admin.destroy();
  }
}

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `docent_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

describeWithPostgres('PostgreSQL metadata store', () => {
  describeMetadataStoreConformance('TypeORM on PostgreSQL', async () => {
    const database = await createTestDatabase();
    const store = await openMetadataStore({ kind: 'postgres', url: database.url });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await database.drop();
      },
    };
  });

  it('runs its migrations once, and the schema matches the entities', async () => {
    const database = await createTestDatabase();
    try {
      const first = await openMetadataStore({ kind: 'postgres', url: database.url });
      await first.close();
      const second = await openMetadataStore({ kind: 'postgres', url: database.url });
      await second.close();
      const source = new DataSource({ type: 'postgres', url: database.url });
      await source.initialize();
      const migrations = await source.query('SELECT name FROM schema_migrations');
      const types = await source.query(
        "SELECT data_type FROM information_schema.columns WHERE table_name = 'ingestions' AND column_name = 'created_at'",
      );
      await source.destroy();
      expect(migrations).toEqual([{ name: 'InitialSchema1732180000000' }]);
      expect(types).toEqual([{ data_type: 'timestamp with time zone' }]);
    } finally {
      await database.drop();
    }
  });
});
