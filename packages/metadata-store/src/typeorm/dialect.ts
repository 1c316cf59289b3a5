import type { DataSource } from 'typeorm';
import type { SqlDialect } from './schema';

export function dialectOf(dataSource: DataSource): SqlDialect {
  return dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite';
}
