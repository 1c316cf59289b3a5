import { DataSource } from 'typeorm';
import { DependencyUnavailableError } from '@docent/domain-errors';
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
      expect(migrations).toEqual(MIGRATIONS.map((migration) => ({ name: migration.name })));
      expect(types).toEqual([{ data_type: 'timestamp with time zone' }]);
    } finally {
      await database.drop();
    }
  });

  it('turns a connection the server dropped into DependencyUnavailableError, then recovers', async () => {
    const database = await createTestDatabase();
    const store = await openMetadataStore({ kind: 'postgres', url: database.url, poolSize: 2 });
    const admin = new DataSource({ type: 'postgres', url: adminUrl });
    await admin.initialize();
    try {
      await store.health();
      // What a restart does to open connections: 57P01, "terminating connection due to
      // administrator command", or the socket closing under the client.
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [new URL(database.url).pathname.slice(1)],
      );
      const failures: unknown[] = [];
      for (let i = 0; i < 4; i++) {
        await store.ledger.getIngestion('ing_none').catch((error: unknown) => failures.push(error));
      }
      expect(failures.length).toBeGreaterThan(0);
      for (const failure of failures) {
        expect(failure).toBeInstanceOf(DependencyUnavailableError);
        expect(failure).toMatchObject({
          dependency: 'database',
          message: 'The metadata database is unavailable; retry later.',
        });
      }
      // The pool replaced the dropped connections.
      await expect(store.ledger.getIngestion('ing_none')).resolves.toBeNull();
    } finally {
      await admin.destroy();
      await store.close();
      await database.drop();
    }
  });
});
