import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { dialectOf } from '../dialect';

/** Issue 17: schedules of re-syncs, one per collection and source, with sealed credentials. */
export class Schedules1764000000000 implements MigrationInterface {
  name = 'Schedules1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = dialectOf(queryRunner.connection) === 'postgres' ? 'timestamptz' : 'datetime';
    const ref = (name: string, isNullable = false) => ({
      name,
      type: 'varchar',
      length: '64',
      isNullable,
    });
    const ts = (name: string, isNullable = false) => ({ name, type: timestamp, isNullable });

    await queryRunner.createTable(
      new Table({
        name: 'schedules',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          ref('account_id'),
          ref('collection_id'),
          { name: 'type', type: 'varchar', length: '16' },
          { name: 'spec_json', type: 'text' },
          { name: 'secrets', type: 'text', isNullable: true },
          { name: 'source_key', type: 'varchar', length: '64' },
          { name: 'uses_connection', type: 'boolean', default: false },
          { name: 'cron', type: 'varchar', length: '255' },
          { name: 'timezone', type: 'varchar', length: '64' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'stop_code', type: 'varchar', length: '64', isNullable: true },
          { name: 'stop_message', type: 'text', isNullable: true },
          ts('next_run_at', true),
          ref('last_run_ingestion_id', true),
          ts('last_run_at', true),
          { name: 'last_run_settled', type: 'boolean', default: true },
          ts('created_at'),
          ts('updated_at'),
          { name: 'version', type: 'integer', default: 1 },
        ],
        uniques: [
          { name: 'uq_schedules_collection_source', columnNames: ['collection_id', 'source_key'] },
        ],
        foreignKeys: [
          {
            columnNames: ['account_id'],
            referencedTableName: 'accounts',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            columnNames: ['collection_id'],
            referencedTableName: 'collections',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createIndex(
      'schedules',
      new TableIndex({
        name: 'ix_schedules_status_next_run',
        columnNames: ['status', 'next_run_at'],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('schedules');
  }
}
