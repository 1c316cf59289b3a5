import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

/** Failures and warnings share one table: `kind` tells them apart. */
export class IngestionWarnings1763700000000 implements MigrationInterface {
  name = 'IngestionWarnings1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'ingestion_failures',
      new TableColumn({ name: 'kind', type: 'varchar', length: '16', default: "'failure'" }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('ingestion_failures', 'kind');
  }
}
