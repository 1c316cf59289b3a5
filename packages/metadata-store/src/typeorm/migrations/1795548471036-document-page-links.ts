import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

/** A link that opens one page of a document (`{page}` stands for the page number). */
export class DocumentPageLinks1795548471036 implements MigrationInterface {
  name = 'DocumentPageLinks1795548471036';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'documents',
      new TableColumn({ name: 'page_url_template', type: 'text', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('documents', 'page_url_template');
  }
}
