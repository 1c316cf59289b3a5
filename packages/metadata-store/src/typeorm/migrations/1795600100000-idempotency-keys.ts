import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { dialectOf } from '../dialect';

/**
 * `Idempotency-Key` on create_ingestion: per account and key, the fingerprint of the request it
 * was first used with and the ingestion (and schedule) it made, until it expires.
 */
export class IdempotencyKeys1795600100000 implements MigrationInterface {
  name = 'IdempotencyKeys1795600100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = dialectOf(queryRunner.connection) === 'postgres' ? 'timestamptz' : 'datetime';
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_keys',
        columns: [
          { name: 'account_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'idempotency_key', type: 'varchar', length: '255', isPrimary: true },
          { name: 'fingerprint', type: 'varchar', length: '64' },
          { name: 'ingestion_id', type: 'varchar', length: '64' },
          { name: 'schedule_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'created_at', type: timestamp },
          { name: 'expires_at', type: timestamp },
        ],
        foreignKeys: [
          {
            columnNames: ['account_id'],
            referencedTableName: 'accounts',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
        indices: [{ name: 'ix_idempotency_keys_expires', columnNames: ['expires_at'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('idempotency_keys');
  }
}
