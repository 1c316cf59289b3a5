import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { dialectOf } from '../dialect';
import { BIDI_CONTROLS, candidateNames, cleanDocumentName } from '../document-names';

/**
 * Issue 21: API keys get a kind and a scope (bootstrap keys keep none of their characters in
 * clear), sessions remember their browser for the session list, signed-up users' accounts move
 * to names no bootstrap account can take, attempt counters every api process shares, connect
 * links for API clients, and document names lose the bidi controls that spoof them.
 */
export class AccountSecurity1795561200000 implements MigrationInterface {
  name = 'AccountSecurity1795561200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = dialectOf(queryRunner.connection) === 'postgres';
    const timestamp = postgres ? 'timestamptz' : 'datetime';
    const epochMs = postgres ? 'bigint' : 'integer';

    await queryRunner.addColumns('api_keys', [
      new TableColumn({ name: 'kind', type: 'varchar', length: '16', default: "'generated'" }),
      new TableColumn({ name: 'scope', type: 'varchar', length: '16', default: "'standard'" }),
    ]);
    // Bootstrap keys are stored with scrypt (about 150 characters); SQLite does not enforce lengths.
    if (postgres) {
      await queryRunner.query('ALTER TABLE api_keys ALTER COLUMN key_hash TYPE varchar(255)');
    }
    // Bootstrap keys were stored with their first 8 characters (a generated key's prefix is
    // `dk_` and 8 more); their hashes are made stronger at the next start, which knows them.
    await queryRunner.query(
      `UPDATE api_keys SET kind = 'bootstrap', scope = 'admin', prefix = '' WHERE label = 'bootstrap' AND length(prefix) <= 8`,
    );

    await queryRunner.addColumns('sessions', [
      new TableColumn({ name: 'user_agent', type: 'varchar', length: '255', isNullable: true }),
      new TableColumn({
        name: 'client_address',
        type: 'varchar',
        length: '64',
        isNullable: true,
      }),
    ]);
    await queryRunner.createIndex(
      'sessions',
      new TableIndex({ name: 'ix_sessions_user', columnNames: ['user_id'] }),
    );

    // A bootstrap account named like a user's email used to be that user's account.
    await queryRunner.query(
      `UPDATE accounts SET name = 'user:' || name WHERE id IN (SELECT account_id FROM users)`,
    );

    await queryRunner.createTable(
      new Table({
        name: 'auth_throttles',
        columns: [
          { name: 'key', type: 'varchar', length: '255', isPrimary: true },
          { name: 'count', type: 'integer', default: 0 },
          { name: 'window_started_ms', type: epochMs, default: 0 },
          { name: 'blocked_until_ms', type: epochMs, default: 0 },
          { name: 'updated_ms', type: epochMs, default: 0 },
        ],
      }),
    );
    await queryRunner.createIndex(
      'auth_throttles',
      new TableIndex({ name: 'ix_auth_throttles_updated', columnNames: ['updated_ms'] }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'oauth_links',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '64' },
          { name: 'type', type: 'varchar', length: '16' },
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
      }),
    );
    await queryRunner.createIndex(
      'oauth_links',
      new TableIndex({ name: 'ix_oauth_links_expires', columnNames: ['expires_at'] }),
    );
    // Authorizations an API key started were bound to no browser: they no longer complete.
    await queryRunner.query('DELETE FROM oauth_states WHERE session_id IS NULL');

    await cleanDocumentNames(queryRunner, postgres);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('oauth_links');
    await queryRunner.dropTable('auth_throttles');
    await queryRunner.query(
      `UPDATE accounts SET name = substr(name, 6) WHERE id IN (SELECT account_id FROM users)`,
    );
    await queryRunner.dropIndex('sessions', 'ix_sessions_user');
    await queryRunner.dropColumn('sessions', 'client_address');
    await queryRunner.dropColumn('sessions', 'user_agent');
    await queryRunner.dropColumn('api_keys', 'scope');
    if (dialectOf(queryRunner.connection) === 'postgres') {
      await queryRunner.query('ALTER TABLE api_keys ALTER COLUMN key_hash TYPE varchar(128)');
    }
    await queryRunner.dropColumn('api_keys', 'kind');
  }
}

/** Renames the documents whose names hold bidi controls, as `candidateNames` now names them. */
async function cleanDocumentNames(queryRunner: QueryRunner, postgres: boolean): Promise<void> {
  const placeholder = (n: number) => (postgres ? `$${n}` : '?');
  const rows = (await queryRunner.query(
    `SELECT id, collection_id, name FROM documents WHERE ${BIDI_CONTROLS.map((_, i) => `name LIKE ${placeholder(i + 1)}`).join(' OR ')}`,
    BIDI_CONTROLS.map((mark) => `%${mark}%`),
  )) as Array<{ id: string; collection_id: string; name: string }>;
  for (const row of rows) {
    if (cleanDocumentName(row.name) === row.name) continue;
    for (const name of candidateNames(row.name, false)) {
      const taken = (await queryRunner.query(
        `SELECT id FROM documents WHERE collection_id = ${placeholder(1)} AND name = ${placeholder(2)}`,
        [row.collection_id, name],
      )) as unknown[];
      if (taken.length > 0) continue;
      await queryRunner.query(
        `UPDATE documents SET name = ${placeholder(1)} WHERE id = ${placeholder(2)}`,
        [name, row.id],
      );
      break;
    }
  }
}
