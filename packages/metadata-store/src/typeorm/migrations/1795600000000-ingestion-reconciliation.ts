import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { dialectOf } from '../dialect';

/**
 * The database owns an ingestion's progress, so a reconciler can tell what its jobs should be:
 * when it last moved on (`progress_at`), and the generation of each of its jobs (the listing,
 * each batch, the finalize step), bumped whenever a lost or failed job is enqueued again under
 * a new id. Active ingestions are found by status.
 */
export class IngestionReconciliation1795600000000 implements MigrationInterface {
  name = 'IngestionReconciliation1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = dialectOf(queryRunner.connection) === 'postgres' ? 'timestamptz' : 'datetime';
    await queryRunner.addColumns('ingestions', [
      new TableColumn({ name: 'progress_at', type: timestamp, isNullable: true }),
      new TableColumn({ name: 'listing_generation', type: 'integer', default: 0 }),
      new TableColumn({ name: 'finalize_generation', type: 'integer', default: 0 }),
    ]);
    await queryRunner.addColumn(
      'ingestion_batches',
      new TableColumn({ name: 'generation', type: 'integer', default: 0 }),
    );
    await queryRunner.createIndex(
      'ingestions',
      new TableIndex({ name: 'ix_ingestions_status', columnNames: ['status'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('ingestions', 'ix_ingestions_status');
    await queryRunner.dropColumn('ingestion_batches', 'generation');
    for (const column of ['finalize_generation', 'listing_generation', 'progress_at']) {
      await queryRunner.dropColumn('ingestions', column);
    }
  }
}
