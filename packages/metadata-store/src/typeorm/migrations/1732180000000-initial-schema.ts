import { type MigrationInterface, type QueryRunner, Table, TableIndex, TableUnique } from 'typeorm';
import { dialectOf } from '../dialect';

// Frozen snapshot of the first schema: later changes go in new migrations, never here.
export class InitialSchema1732180000000 implements MigrationInterface {
  name = 'InitialSchema1732180000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = dialectOf(queryRunner.connection) === 'postgres' ? 'timestamptz' : 'datetime';
    const id = { name: 'id', type: 'varchar', length: '64', isPrimary: true };
    const ref = (name: string) => ({ name, type: 'varchar', length: '64' });
    const ts = (name: string, isNullable = false) => ({ name, type: timestamp, isNullable });
    const counter = (name: string) => ({ name, type: 'integer', default: 0 });

    await queryRunner.createTable(
      new Table({
        name: 'accounts',
        columns: [
          id,
          { name: 'name', type: 'varchar', length: '255', isUnique: true },
          ts('created_at'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          id,
          ref('account_id'),
          { name: 'key_hash', type: 'varchar', length: '128', isUnique: true },
          { name: 'prefix', type: 'varchar', length: '32' },
          { name: 'label', type: 'varchar', length: '255', isNullable: true },
          ts('created_at'),
          ts('last_used_at', true),
          ts('revoked_at', true),
        ],
        foreignKeys: [
          {
            columnNames: ['account_id'],
            referencedTableName: 'accounts',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'namespaces',
        columns: [
          id,
          ref('account_id'),
          { name: 'name', type: 'varchar', length: '64' },
          ts('created_at'),
        ],
        uniques: [
          new TableUnique({
            name: 'uq_namespaces_account_name',
            columnNames: ['account_id', 'name'],
          }),
        ],
        foreignKeys: [
          {
            columnNames: ['account_id'],
            referencedTableName: 'accounts',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'collections',
        columns: [
          id,
          ref('namespace_id'),
          { name: 'name', type: 'varchar', length: '64' },
          ts('created_at'),
          ts('updated_at'),
        ],
        uniques: [
          new TableUnique({
            name: 'uq_collections_namespace_name',
            columnNames: ['namespace_id', 'name'],
          }),
        ],
        foreignKeys: [
          {
            columnNames: ['namespace_id'],
            referencedTableName: 'namespaces',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'documents',
        columns: [
          id,
          ref('collection_id'),
          { name: 'name', type: 'varchar', length: '512' },
          { name: 'source_type', type: 'varchar', length: '16' },
          { name: 'source_key', type: 'varchar', length: '64' },
          { name: 'source_id', type: 'varchar', length: '512' },
          { name: 'source_url', type: 'text', isNullable: true },
          { name: 'version', type: 'varchar', length: '255' },
          counter('page_count'),
          counter('chunk_count'),
          ts('created_at'),
          ts('updated_at'),
        ],
        uniques: [
          new TableUnique({
            name: 'uq_documents_collection_name',
            columnNames: ['collection_id', 'name'],
          }),
          new TableUnique({
            name: 'uq_documents_collection_source',
            columnNames: ['collection_id', 'source_key', 'source_id'],
          }),
        ],
        foreignKeys: [
          {
            columnNames: ['collection_id'],
            referencedTableName: 'collections',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'ingestions',
        columns: [
          id,
          ref('account_id'),
          ref('collection_id'),
          { name: 'type', type: 'varchar', length: '16' },
          { name: 'spec_json', type: 'text' },
          { name: 'secrets', type: 'text', isNullable: true },
          { name: 'source_key', type: 'varchar', length: '64' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'cancel_requested', type: 'boolean', default: false },
          ts('created_at'),
          ts('started_at', true),
          ts('finished_at', true),
          counter('documents_discovered'),
          counter('documents_processed'),
          counter('documents_skipped'),
          counter('documents_failed'),
          counter('chunks_indexed'),
          { name: 'error_code', type: 'varchar', length: '64', isNullable: true },
          { name: 'error_message', type: 'text', isNullable: true },
          { name: 'checkpoint', type: 'text', isNullable: true },
        ],
        foreignKeys: [
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
      'ingestions',
      new TableIndex({
        name: 'ix_ingestions_collection_created',
        columnNames: ['collection_id', 'created_at'],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'ingestion_items',
        columns: [
          { ...ref('ingestion_id'), isPrimary: true },
          { name: 'source_id', type: 'varchar', length: '512', isPrimary: true },
          { name: 'outcome', type: 'varchar', length: '16' },
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
    await queryRunner.createTable(
      new Table({
        name: 'ingestion_failures',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          ref('ingestion_id'),
          { name: 'source_id', type: 'varchar', length: '512' },
          { name: 'doc_name', type: 'varchar', length: '1024', isNullable: true },
          { name: 'message', type: 'text' },
          ts('created_at'),
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
    await queryRunner.createIndex(
      'ingestion_failures',
      new TableIndex({ name: 'ix_ingestion_failures_ingestion', columnNames: ['ingestion_id'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'collection_locks',
        columns: [
          { ...ref('collection_id'), isPrimary: true },
          { name: 'holder', type: 'varchar', length: '255' },
          ts('expires_at'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'collection_locks',
      'ingestion_failures',
      'ingestion_items',
      'ingestions',
      'documents',
      'collections',
      'namespaces',
      'api_keys',
      'accounts',
    ]) {
      await queryRunner.dropTable(table, true);
    }
  }
}
