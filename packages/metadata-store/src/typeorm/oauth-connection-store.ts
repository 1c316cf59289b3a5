import { LessThan } from 'typeorm';
import type {
  ConnectionRecord,
  OAuthConnectionStore,
  OAuthLinkRecord,
  OAuthStateRecord,
} from '../ports/oauth-connections';
import { oauthStateRow, toConnection, toOAuthLink, toOAuthState } from './record-mappers';
import type { SqlContext } from './sql-context';

/** Pending OAuth authorizations and the connections they give, on TypeORM. */
export class TypeOrmOAuthConnectionStore implements OAuthConnectionStore {
  constructor(private readonly db: SqlContext) {}

  private get entities() {
    return this.db.entities;
  }

  async saveOAuthState(state: OAuthStateRecord): Promise<void> {
    await this.db.run((m) =>
      m.getRepository(this.entities.OAuthState).insert(oauthStateRow(state)),
    );
  }

  async takeOAuthState(id: string): Promise<OAuthStateRecord | null> {
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(this.entities.OAuthState);
      const row = await repo.findOneBy({ id });
      if (!row) return null;
      // The delete decides between two callbacks racing with the same state.
      const deleted = await repo.delete({ id });
      return (deleted.affected ?? 0) > 0 ? toOAuthState(row) : null;
    });
  }

  async deleteExpiredOAuthStates(now: Date): Promise<void> {
    await this.db.run((m) =>
      m.getRepository(this.entities.OAuthState).delete({ expires_at: LessThan(now) }),
    );
  }

  async saveOAuthLink(link: OAuthLinkRecord): Promise<void> {
    await this.db.run((m) =>
      m.getRepository(this.entities.OAuthLink).insert({
        id: link.id,
        account_id: link.accountId,
        type: link.type,
        created_at: link.createdAt,
        expires_at: link.expiresAt,
      }),
    );
  }

  async findOAuthLink(id: string): Promise<OAuthLinkRecord | null> {
    return this.db.run(async (m) => {
      const row = await m.getRepository(this.entities.OAuthLink).findOneBy({ id });
      return row && toOAuthLink(row);
    });
  }

  async takeOAuthLink(id: string): Promise<boolean> {
    return this.db.run(async (m) => {
      const deleted = await m.getRepository(this.entities.OAuthLink).delete({ id });
      return (deleted.affected ?? 0) > 0;
    });
  }

  async deleteExpiredOAuthLinks(now: Date): Promise<void> {
    await this.db.run((m) =>
      m.getRepository(this.entities.OAuthLink).delete({ expires_at: LessThan(now) }),
    );
  }

  async saveConnection(
    connection: Omit<ConnectionRecord, 'version' | 'updatedAt'>,
  ): Promise<ConnectionRecord> {
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(this.entities.Connection);
      const key = { account_id: connection.accountId, type: connection.type };
      const current = await repo.findOneBy(key);
      const row = {
        ...key,
        tokens: connection.tokens,
        account_label: connection.accountLabel,
        details_json: connection.details ? JSON.stringify(connection.details) : null,
        expires_at: connection.expiresAt,
        connected_at: connection.connectedAt,
        updated_at: connection.connectedAt,
        // A reconnect moves the version on, so a refresh racing with it cannot win.
        version: current ? Number(current.version) + 1 : 1,
      };
      if (current) await repo.update(key, row);
      else await repo.insert(row);
      return toConnection(row);
    });
  }

  async getConnection(accountId: string, type: string): Promise<ConnectionRecord | null> {
    return this.db.run(async (m) => {
      const row = await m
        .getRepository(this.entities.Connection)
        .findOneBy({ account_id: accountId, type });
      return row && toConnection(row);
    });
  }

  async listConnections(accountId: string): Promise<ConnectionRecord[]> {
    return this.db.run(async (m) =>
      (
        await m
          .getRepository(this.entities.Connection)
          .find({ where: { account_id: accountId }, order: { type: 'ASC' } })
      ).map(toConnection),
    );
  }

  async updateConnectionTokens(
    accountId: string,
    type: string,
    expectedVersion: number,
    patch: { tokens: string; expiresAt: Date | null; at: Date },
  ): Promise<boolean> {
    return this.db.run(async (m) => {
      const result = await m.getRepository(this.entities.Connection).update(
        { account_id: accountId, type, version: expectedVersion },
        {
          tokens: patch.tokens,
          expires_at: patch.expiresAt,
          updated_at: patch.at,
          version: expectedVersion + 1,
        },
      );
      return (result.affected ?? 0) > 0;
    });
  }

  async deleteConnection(accountId: string, type: string): Promise<boolean> {
    return this.db.run(async (m) => {
      const result = await m
        .getRepository(this.entities.Connection)
        .delete({ account_id: accountId, type });
      return (result.affected ?? 0) > 0;
    });
  }
}
