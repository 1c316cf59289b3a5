import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { dialectOf } from '../dialect';

/** Issue 6: users with sessions, pending OAuth authorizations and OAuth connections. */
export class AccountsAndConnections1763800000000 implements MigrationInterface {
  name = 'AccountsAndConnections1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = dialectOf(queryRunner.connection) === 'postgres' ? 'timestamptz' : 'datetime';
    const id = { name: 'id', type: 'varchar', length: '64', isPrimary: true };
    const ref = (name: string, isNullable = false) => ({
      name,
      type: 'varchar',
      length: '64',
      isNullable,
    });
    const ts = (name: string, isNullable = false) => ({ name, type: timestamp, isNullable });
    const ownedByAccount = {
      columnNames: ['account_id'],
      referencedTableName: 'accounts',
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    };

    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          id,
          { ...ref('account_id'), isUnique: true },
          { name: 'email', type: 'varchar', length: '320', isUnique: true },
          { name: 'password_hash', type: 'varchar', length: '255' },
          ts('created_at'),
        ],
        foreignKeys: [ownedByAccount],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          id,
          ref('account_id'),
          ref('user_id'),
          { name: 'csrf_token', type: 'varchar', length: '128' },
          ts('created_at'),
          ts('last_seen_at'),
          ts('expires_at'),
        ],
        foreignKeys: [ownedByAccount],
      }),
    );
    await queryRunner.createIndex(
      'sessions',
      new TableIndex({ name: 'ix_sessions_expires', columnNames: ['expires_at'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'oauth_states',
        columns: [
          id,
          ref('account_id'),
          ref('session_id', true),
          { name: 'type', type: 'varchar', length: '16' },
          { name: 'pkce_verifier', type: 'text', isNullable: true },
          ts('created_at'),
          ts('expires_at'),
        ],
        foreignKeys: [ownedByAccount],
      }),
    );
    await queryRunner.createIndex(
      'oauth_states',
      new TableIndex({ name: 'ix_oauth_states_expires', columnNames: ['expires_at'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'connections',
        columns: [
          { ...ref('account_id'), isPrimary: true },
          { name: 'type', type: 'varchar', length: '16', isPrimary: true },
          { name: 'tokens', type: 'text' },
          { name: 'account_label', type: 'varchar', length: '1024', isNullable: true },
          { name: 'details_json', type: 'text', isNullable: true },
          ts('expires_at', true),
          ts('connected_at'),
          ts('updated_at'),
          { name: 'version', type: 'integer', default: 1 },
        ],
        foreignKeys: [ownedByAccount],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['connections', 'oauth_states', 'sessions', 'users']) {
      await queryRunner.dropTable(table);
    }
  }
}
