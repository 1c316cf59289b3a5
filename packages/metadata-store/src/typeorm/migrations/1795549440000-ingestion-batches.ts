import { type MigrationInterface, type QueryRunner, Table, TableColumn } from 'typeorm';
import { dialectOf } from '../dialect';

/**
 * One ingestion spread over workers: the listing records batches of documents (each a job of
 * its own) with its checkpoint, the ingestion counts the batches recorded and committed and
 * how the listing ended (so the last of them enqueues the finalize step), and keeps the error
 * monitor's tally of document fetches that several workers make.
 */
export class IngestionBatches1795549440000 implements MigrationInterface {
  name = 'IngestionBatches1795549440000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = dialectOf(queryRunner.connection) === 'postgres' ? 'timestamptz' : 'datetime';
    await queryRunner.addColumns('ingestions', [
      new TableColumn({ name: 'listing_end', type: 'varchar', length: '16', isNullable: true }),
      new TableColumn({ name: 'batches_recorded', type: 'integer', default: 0 }),
      new TableColumn({ name: 'batches_committed', type: 'integer', default: 0 }),
      new TableColumn({ name: 'fetch_failure_streak', type: 'integer', default: 0 }),
      new TableColumn({ name: 'fetch_outcomes', type: 'varchar', length: '1024', default: "''" }),
    ]);
    await queryRunner.createTable(
      new Table({
        name: 'ingestion_batches',
        columns: [
          { name: 'ingestion_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'seq', type: 'integer', isPrimary: true },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'document_count', type: 'integer' },
          { name: 'source_ids', type: 'text' },
          { name: 'payload', type: 'text', isNullable: true },
          { name: 'worker', type: 'varchar', length: '255', isNullable: true },
          { name: 'created_at', type: timestamp },
          { name: 'committed_at', type: timestamp, isNullable: true },
        ],
        foreignKeys: [
          {
            columnNames: ['ingestion_id'],
            referencedTableName: 'ingestions',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('ingestion_batches');
    for (const column of [
      'fetch_outcomes',
      'fetch_failure_streak',
      'batches_committed',
      'batches_recorded',
      'listing_end',
    ]) {
      await queryRunner.dropColumn('ingestions', column);
    }
  }
}
