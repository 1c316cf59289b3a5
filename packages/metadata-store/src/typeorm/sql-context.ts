import type { DataSource, EntityManager } from 'typeorm';
import { ConcurrencyGate } from '@docent/concurrency-gate';
import { databaseUnavailable, isDatabaseUnavailable } from './database-outage';
import { dialectOf } from './dialect';
import { buildEntities, type Entities, type SqlDialect } from './schema';
import { SqlRunner } from './sql-runner';

/**
 * What every role adapter of one database shares: the connection, the entities and the way
 * operations take turns.
 */
export class SqlContext {
  readonly dialect: SqlDialect;
  readonly entities: Entities;
  // SQLite has one connection: operations must not interleave inside another's transaction.
  private readonly mutex: ConcurrencyGate | null;

  constructor(private readonly dataSource: DataSource) {
    this.dialect = dialectOf(dataSource);
    this.entities = buildEntities(this.dialect);
    this.mutex = this.dialect === 'sqlite' ? new ConcurrencyGate() : null;
  }

  run<T>(fn: (manager: EntityManager) => Promise<T>): Promise<T> {
    const go = () => fn(this.dataSource.manager);
    return translated(this.mutex ? this.mutex.run(go) : go());
  }

  transaction<T>(fn: (manager: EntityManager, sql: SqlRunner) => Promise<T>): Promise<T> {
    const go = () =>
      this.dataSource
        .transaction((manager) => fn(manager, new SqlRunner(manager.queryRunner!, this.dialect)))
        .catch((error: unknown) => {
          throw isReleasedRunner(error) ? databaseUnavailable(error) : error;
        });
    return translated(this.mutex ? this.mutex.run(go) : go());
  }

  /** `INSERT` that skips a row whose key exists; with SqlRunner.exec it says whether it added. */
  insertIgnore(table: string, columns: string[]): string {
    const placeholders = columns.map(() => '?').join(', ');
    const base = `INTO ${table} (${columns.join(', ')}) VALUES (${placeholders})`;
    return this.dialect === 'postgres'
      ? `INSERT ${base} ON CONFLICT DO NOTHING`
      : `INSERT OR IGNORE ${base}`;
  }

  async health(): Promise<void> {
    await this.run((m) => m.query('SELECT 1'));
  }

  async close(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/**
 * Inside a transaction only the driver releases the runner: node-postgres drops a connection
 * that emits 'error' (a server shutting down while the transaction sits between statements),
 * TypeORM then releases the runner, and the next statement throws this instead of the
 * connection's error. Outside a transaction the same error would be a bug, so only
 * `transaction` maps it.
 */
function isReleasedRunner(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return (
    name === 'QueryRunnerAlreadyReleasedError' || name === 'QueryRunnerProviderAlreadyReleasedError'
  );
}

/**
 * Every call of every adapter passes here: a server that is down or restarting surfaces as one
 * typed error (`DependencyUnavailableError`, dependency `database`), whatever the driver threw.
 */
async function translated<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw isDatabaseUnavailable(error) ? databaseUnavailable(error) : error;
  }
}
