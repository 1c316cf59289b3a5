import { DataSource } from 'typeorm';
import { createTestDatabase as createDatabase } from '@docent/test-support';
import { MIGRATIONS, openMetadataStore } from '../src';
import { describeMetadataStoreConformance } from './conformance/metadata-store.conformance';

/**
 * Runs whenever DOCENT_TEST_DATABASE_URL points at a PostgreSQL server whose user may create
 * databases (.ci/run starts one); each test gets a database of its own.
 */
const adminUrl = process.env.DOCENT_TEST_DATABASE_URL;
const describeWithPostgres = adminUrl ? describe : describe.skip;
const createTestDatabase = () => createDatabase(adminUrl!);

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

  it('lets processes that start together run the migrations once', async () => {
    const database = await createTestDatabase();
    try {
      const stores = await Promise.all(
        Array.from({ length: 4 }, () => openMetadataStore({ kind: 'postgres', url: database.url })),
      );
      await Promise.all(stores.map((s) => s.close()));
      const source = new DataSource({ type: 'postgres', url: database.url });
      await source.initialize();
      expect(await source.query('SELECT count(*)::int AS n FROM schema_migrations')).toEqual([
        { n: MIGRATIONS.length },
      ]);
      await source.destroy();
    } finally {
      await database.drop();
    }
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
      expect(migrations).toEqual([
        { name: 'InitialSchema1732180000000' },
        { name: 'IngestionWarnings1763700000000' },
        { name: 'AccountsAndConnections1763800000000' },
        { name: 'IngestionBatches1795549440000' },
      ]);
      expect(types).toEqual([{ data_type: 'timestamp with time zone' }]);
    } finally {
      await database.drop();
    }
  });
});
