import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

/**
 * Issue 26: documents skipped by rule (a type Docent does not parse, a file over the size
 * limit) are counted apart from failures; their notes are `ingestion_failures` rows of kind
 * `unsupported`.
 */
export class UnsupportedDocuments1795600200000 implements MigrationInterface {
  name = 'UnsupportedDocuments1795600200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'ingestions',
      new TableColumn({ name: 'documents_unsupported', type: 'integer', default: 0 }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('ingestions', 'documents_unsupported');
  }
}
