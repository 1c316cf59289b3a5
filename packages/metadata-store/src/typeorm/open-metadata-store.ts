import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { MetadataStore } from '../ports/metadata-store';
import { TypeOrmAccountStore } from './account-store';
import { TypeOrmCatalogStore } from './catalog-store';
import { TypeOrmCollectionLock } from './collection-lock';
import { TypeOrmIngestionLedger } from './ingestion-ledger';
import { TypeOrmIngestionReconciliation } from './ingestion-reconciliation';
import { TypeOrmIngestionStore } from './ingestion-store';
import { InitialSchema1732180000000 } from './migrations/1732180000000-initial-schema';
import { IngestionWarnings1763700000000 } from './migrations/1763700000000-ingestion-warnings';
import { AccountsAndConnections1763800000000 } from './migrations/1763800000000-accounts-and-connections';
import { Schedules1764000000000 } from './migrations/1764000000000-schedules';
import { DocumentPageLinks1795548471036 } from './migrations/1795548471036-document-page-links';
import { IngestionBatches1795549440000 } from './migrations/1795549440000-ingestion-batches';
import { AccountSecurity1795561200000 } from './migrations/1795561200000-account-security';
import { IngestionReconciliation1795600000000 } from './migrations/1795600000000-ingestion-reconciliation';
import { IdempotencyKeys1795600100000 } from './migrations/1795600100000-idempotency-keys';
import { UnsupportedDocuments1795600200000 } from './migrations/1795600200000-unsupported-documents';
import { TypeOrmOAuthConnectionStore } from './oauth-connection-store';
import { TypeOrmScheduleStore } from './schedule-store';
import { buildEntities, type SqlDialect } from './schema';
import { SqlContext } from './sql-context';

export const MIGRATIONS = [
  InitialSchema1732180000000,
  IngestionWarnings1763700000000,
  AccountsAndConnections1763800000000,
  Schedules1764000000000,
  DocumentPageLinks1795548471036,
  IngestionBatches1795549440000,
  AccountSecurity1795561200000,
  IngestionReconciliation1795600000000,
  IdempotencyKeys1795600100000,
  UnsupportedDocuments1795600200000,
];

export type MetadataStoreLocation =
  { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string; poolSize?: number };

export function dataSourceOptions(location: MetadataStoreLocation): DataSourceOptions {
  const dialect: SqlDialect = location.kind;
  const entities = Object.values(buildEntities(dialect));
  const common = {
    entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    logging: false,
  } as const;
  if (location.kind === 'postgres') {
    return {
      ...common,
      type: 'postgres',
      url: location.url,
      // A server that accepts no connection (stopped, frozen, unreachable) fails a call within
      // seconds instead of holding it until the operating system gives up.
      extra: { max: location.poolSize ?? 10, connectionTimeoutMillis: 5_000, keepAlive: true },
    };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: location.path,
    // WAL lets an api process read while a worker process writes; busy_timeout waits for locks.
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 10000');
      db.pragma('synchronous = NORMAL');
    },
  };
}

/** Opens the store and brings its schema up to date (migrations, never `synchronize`). */
export async function openMetadataStore(location: MetadataStoreLocation): Promise<MetadataStore> {
  if (location.kind === 'sqlite' && location.path !== ':memory:') {
    mkdirSync(dirname(location.path), { recursive: true });
  }
  const dataSource = new DataSource(dataSourceOptions(location));
  await dataSource.initialize();
  try {
    await migrate(dataSource, location.kind);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  const db = new SqlContext(dataSource);
  return {
    accounts: new TypeOrmAccountStore(db),
    oauth: new TypeOrmOAuthConnectionStore(db),
    catalog: new TypeOrmCatalogStore(db),
    ingestions: new TypeOrmIngestionStore(db),
    ledger: new TypeOrmIngestionLedger(db),
    reconciliation: new TypeOrmIngestionReconciliation(db),
    collectionLock: new TypeOrmCollectionLock(db),
    schedules: new TypeOrmScheduleStore(db),
    health: () => db.health(),
    close: () => db.close(),
  };
}

/** Arbitrary constant naming the migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK = 7_301_946_208;

/**
 * Several api and worker processes start at once in scaled mode: on PostgreSQL they take
 * turns (a session advisory lock), so each migration runs exactly once.
 */
async function migrate(dataSource: DataSource, kind: MetadataStoreLocation['kind']): Promise<void> {
  if (kind !== 'postgres') {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await runner.release();
  }
}
