import type { IdempotencyKeyRecord } from '../ports/ingestions';
import type { SqlContext } from './sql-context';
import type { SqlRunner } from './sql-runner';

interface KeyRow {
  account_id: string;
  idempotency_key: string;
  fingerprint: string;
  ingestion_id: string;
  schedule_id: string | null;
  created_at: Date | string;
  expires_at: Date | string;
}

const COLUMNS =
  'account_id, idempotency_key, fingerprint, ingestion_id, schedule_id, created_at, expires_at';

/**
 * The `idempotency_keys` table (migration IdempotencyKeys1795600100000), in plain SQL: one row
 * per account and key, read and written by create_ingestion alone.
 */
export class IdempotencyKeys {
  constructor(private readonly db: SqlContext) {}

  async find(accountId: string, key: string, now: Date): Promise<IdempotencyKeyRecord | null> {
    return this.db.transaction(async (_m, sql) => this.select(sql, accountId, key, now));
  }

  async claim(record: Omit<IdempotencyKeyRecord, 'scheduleId'>): Promise<IdempotencyKeyRecord> {
    return this.db.transaction(async (_m, sql) => {
      // Expired keys may be used again; they go first (their rows, all of them, cheaply).
      await sql.exec('DELETE FROM idempotency_keys WHERE expires_at < ?', [record.createdAt]);
      await sql.exec(this.db.insertIgnore('idempotency_keys', COLUMNS.split(', ')), [
        record.accountId,
        record.key,
        record.fingerprint,
        record.ingestionId,
        null,
        record.createdAt,
        record.expiresAt,
      ]);
      const stored = await this.select(sql, record.accountId, record.key, record.createdAt);
      if (!stored) throw new Error('idempotency key vanished while it was claimed');
      return stored;
    });
  }

  async setSchedule(accountId: string, key: string, scheduleId: string): Promise<void> {
    await this.db.transaction(async (_m, sql) => {
      await sql.exec(
        'UPDATE idempotency_keys SET schedule_id = ? WHERE account_id = ? AND idempotency_key = ?',
        [scheduleId, accountId, key],
      );
    });
  }

  private async select(
    sql: SqlRunner,
    accountId: string,
    key: string,
    now: Date,
  ): Promise<IdempotencyKeyRecord | null> {
    const [row] = await sql.rows<KeyRow>(
      `SELECT ${COLUMNS} FROM idempotency_keys WHERE account_id = ? AND idempotency_key = ? AND expires_at >= ?`,
      [accountId, key, now],
    );
    if (!row) return null;
    return {
      accountId: row.account_id,
      key: row.idempotency_key,
      fingerprint: row.fingerprint,
      ingestionId: row.ingestion_id,
      scheduleId: row.schedule_id,
      createdAt: toDate(row.created_at),
      expiresAt: toDate(row.expires_at),
    };
  }
}

/** SQLite hands timestamps back as TypeORM stored them: `YYYY-MM-DD HH:MM:SS.sss`, UTC. */
function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);
}
