import type { QueryRunner } from 'typeorm';
import type { SqlDialect } from './schema';

type SqlParam = string | number | boolean | Date | null;

/**
 * Raw SQL for the few statements that must report how many rows they changed (idempotent
 * counters). Written with `?` placeholders; adapted to each driver here.
 */
export class SqlRunner {
  constructor(
    private readonly runner: QueryRunner,
    private readonly dialect: SqlDialect,
  ) {}

  /** Runs a statement and returns the number of rows it changed. */
  async exec(sql: string, params: SqlParam[] = []): Promise<number> {
    const result = await this.runner.query(this.adapt(sql), this.bind(params), true);
    return (result as { affected?: number }).affected ?? 0;
  }

  async rows<T>(sql: string, params: SqlParam[] = []): Promise<T[]> {
    const result = await this.runner.query(this.adapt(sql), this.bind(params), true);
    return ((result as { records?: T[] }).records ?? []) as T[];
  }

  private adapt(sql: string): string {
    if (this.dialect !== 'postgres') return sql;
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  }

  private bind(params: SqlParam[]): unknown[] {
    if (this.dialect === 'postgres') return params;
    // better-sqlite3 binds neither booleans nor dates; store them as TypeORM does.
    return params.map((p) => {
      if (typeof p === 'boolean') return p ? 1 : 0;
      if (p instanceof Date) return sqliteTimestamp(p);
      return p;
    });
  }
}

/** TypeORM's SQLite datetime format (UTC, milliseconds). */
export function sqliteTimestamp(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}
