import { DataSource, type EntityManager } from 'typeorm';
import { DependencyUnavailableError } from '@docent/domain-errors';
import { createTestDatabase as createDatabase } from '@docent/test-support';
import { MIGRATIONS, openMetadataStore } from '../src';
import { SqlContext } from '../src/typeorm/sql-context';
import type { SqlRunner } from '../src/typeorm/sql-runner';
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

  it('turns a connection dropped between two statements of a transaction into DependencyUnavailableError', async () => {
    // What a restart does to a worker's transaction that is between statements: the server's
    // 57P01 arrives as an 'error' event, TypeORM releases the runner, and the next statement
    // throws "Query runner already released" instead of the connection's error.
    const database = await createTestDatabase();
    const source = new DataSource({ type: 'postgres', url: database.url });
    const admin = new DataSource({ type: 'postgres', url: adminUrl });
    await source.initialize();
    await admin.initialize();
    try {
      const context = new SqlContext(source);
      // Both ways the adapters speak inside a transaction: the SqlRunner and the entity manager.
      const statements = [
        (_manager: EntityManager, sql: SqlRunner) => sql.rows('SELECT 1'),
        (manager: EntityManager) => manager.query('SELECT 1'),
      ];
      for (const nextStatement of statements) {
        const failure = await context
          .transaction(async (manager, sql) => {
            const [row] = await sql.rows<{ pid: number }>('SELECT pg_backend_pid() AS pid');
            await admin.query('SELECT pg_terminate_backend($1)', [row!.pid]);
            for (let waited = 0; !manager.queryRunner!.isReleased; waited += 20) {
              if (waited > 10_000) throw new Error('the driver never saw the connection drop');
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
            await nextStatement(manager, sql);
          })
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(failure).toBeInstanceOf(DependencyUnavailableError);
        expect(failure).toMatchObject({ dependency: 'database' });
      }
      // A released runner outside a transaction is a bug, not an outage: left as it is.
      const runner = source.createQueryRunner();
      await runner.release();
      const misuse = await context
        .run(() => runner.query('SELECT 1'))
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(misuse).toMatchObject({ name: 'QueryRunnerAlreadyReleasedError' });
      expect(await context.run((manager) => manager.query('SELECT 1 AS one'))).toEqual([
        { one: 1 },
      ]);
    } finally {
      await admin.destroy();
      await source.destroy();
      await database.drop();
    }
  });

  it('turns a connection the server dropped into DependencyUnavailableError, then recovers', async () => {
    const database = await createTestDatabase();
    const name = new URL(database.url).pathname.slice(1);
    const store = await openMetadataStore({ kind: 'postgres', url: database.url, poolSize: 2 });
    const admin = new DataSource({ type: 'postgres', url: adminUrl });
    const locker = new DataSource({ type: 'postgres', url: database.url });
    await admin.initialize();
    await locker.initialize();
    const lock = locker.createQueryRunner();
    try {
      await store.health();
      // A query in flight when the server drops its connection (what a restart does: 57P01,
      // "terminating connection due to administrator command"): held on a lock, so the drop
      // always finds it running rather than racing the pool's discarding of idle connections.
      await lock.connect();
      await lock.startTransaction();
      await lock.query('LOCK TABLE ingestions IN ACCESS EXCLUSIVE MODE');
      const lockPid = (
        (await lock.query('SELECT pg_backend_pid() AS pid')) as Array<{ pid: number }>
      )[0]!.pid;
      const inFlight = store.ledger.getIngestion('ing_none').then(
        () => null,
        (error: unknown) => error,
      );
      for (let waited = 0; ; waited += 20) {
        const [row] = (await admin.query(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
          [name],
        )) as Array<{ waiting: number }>;
        if (row!.waiting > 0) break;
        if (waited > 10_000) throw new Error('the query never waited on the lock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The store's connections only: an autovacuum worker in the fresh database belongs to the
      // superuser, and terminating it is refused.
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> $2 AND backend_type = 'client backend'",
        [name, lockPid],
      );
      const failure = await inFlight;
      expect(failure).toBeInstanceOf(DependencyUnavailableError);
      expect(failure).toMatchObject({
        dependency: 'database',
        message: 'The metadata database is unavailable; retry later.',
      });
      await lock.rollbackTransaction();
      // The pool replaces dropped connections: an idle one it had not yet seen closed may fail
      // one more call the same way, then the store answers again.
      let recovered = false;
      for (let attempt = 0; attempt < 5 && !recovered; attempt++) {
        try {
          expect(await store.ledger.getIngestion('ing_none')).toBeNull();
          recovered = true;
        } catch (error) {
          expect(error).toBeInstanceOf(DependencyUnavailableError);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      expect(recovered).toBe(true);
    } finally {
      await lock.release().catch(() => undefined);
      await locker.destroy();
      await admin.destroy();
      await store.close();
      await database.drop();
    }
  });
});
