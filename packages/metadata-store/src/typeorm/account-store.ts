import { randomUUID } from 'node:crypto';
import { IsNull, LessThan } from 'typeorm';
import type {
  AccountRecord,
  ApiKeyRecord,
  ApiKeyStore,
  SessionRecord,
  SessionStore,
  UserRecord,
  UserStore,
} from '../ports/accounts';
import { sessionRow, toApiKey, toSession, toUser } from './record-mappers';
import type { SqlContext } from './sql-context';

/** Accounts, API keys, users and sessions on TypeORM. */
export class TypeOrmAccountStore implements ApiKeyStore, UserStore, SessionStore {
  constructor(private readonly db: SqlContext) {}

  private get entities() {
    return this.db.entities;
  }

  // ---- accounts and API keys

  async ensureAccount(name: string): Promise<AccountRecord> {
    return this.db.run(async (m) => {
      const repo = m.getRepository(this.entities.Account);
      await repo
        .createQueryBuilder()
        .insert()
        .values({ id: randomUUID(), name, created_at: new Date() })
        .orIgnore()
        .execute();
      const row = await repo.findOneByOrFail({ name });
      return { id: row.id, name: row.name, createdAt: row.created_at };
    });
  }

  async addApiKey(input: {
    accountId: string;
    keyHash: string;
    prefix: string;
    label: string | null;
  }): Promise<ApiKeyRecord> {
    return this.db.run(async (m) => {
      const repo = m.getRepository(this.entities.ApiKey);
      await repo
        .createQueryBuilder()
        .insert()
        .values({
          id: randomUUID(),
          account_id: input.accountId,
          key_hash: input.keyHash,
          prefix: input.prefix,
          label: input.label,
          created_at: new Date(),
          last_used_at: null,
          revoked_at: null,
        })
        .orIgnore()
        .execute();
      return toApiKey(await repo.findOneByOrFail({ key_hash: input.keyHash }));
    });
  }

  async findActiveApiKey(keyHash: string): Promise<ApiKeyRecord | null> {
    return this.db.run(async (m) => {
      const row = await m.getRepository(this.entities.ApiKey).findOneBy({ key_hash: keyHash });
      return row && !row.revoked_at ? toApiKey(row) : null;
    });
  }

  async touchApiKey(id: string, at: Date): Promise<void> {
    await this.db.run((m) =>
      m.getRepository(this.entities.ApiKey).update({ id }, { last_used_at: at }),
    );
  }

  async listApiKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return this.db.run(async (m) =>
      (
        await m
          .getRepository(this.entities.ApiKey)
          .find({ where: { account_id: accountId }, order: { created_at: 'DESC', id: 'ASC' } })
      ).map(toApiKey),
    );
  }

  async revokeApiKey(accountId: string, id: string, at: Date): Promise<boolean> {
    return this.db.run(async (m) => {
      const result = await m
        .getRepository(this.entities.ApiKey)
        .update({ id, account_id: accountId, revoked_at: IsNull() }, { revoked_at: at });
      return (result.affected ?? 0) > 0;
    });
  }

  // ---- users

  async createUser(input: {
    email: string;
    passwordHash: string;
    at: Date;
  }): Promise<UserRecord | null> {
    return this.db.transaction(async (m, sql) => {
      const accountId = randomUUID();
      const inserted = await sql.exec(
        this.db.insertIgnore('accounts', ['id', 'name', 'created_at']),
        [accountId, input.email, input.at],
      );
      if (inserted === 0) return null;
      const row = {
        id: randomUUID(),
        account_id: accountId,
        email: input.email,
        password_hash: input.passwordHash,
        created_at: input.at,
      };
      await m.getRepository(this.entities.User).insert(row);
      return toUser(row);
    });
  }

  async findUserByEmail(email: string): Promise<UserRecord | null> {
    return this.db.run(async (m) => {
      const row = await m.getRepository(this.entities.User).findOneBy({ email });
      return row && toUser(row);
    });
  }

  async findUserByAccount(accountId: string): Promise<UserRecord | null> {
    return this.db.run(async (m) => {
      const row = await m.getRepository(this.entities.User).findOneBy({ account_id: accountId });
      return row && toUser(row);
    });
  }

  // ---- browser sessions

  async createSession(session: SessionRecord): Promise<void> {
    await this.db.run((m) => m.getRepository(this.entities.Session).insert(sessionRow(session)));
  }

  async findSession(id: string): Promise<SessionRecord | null> {
    return this.db.run(async (m) => {
      const row = await m.getRepository(this.entities.Session).findOneBy({ id });
      return row && toSession(row);
    });
  }

  async touchSession(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.db.run((m) =>
      m
        .getRepository(this.entities.Session)
        .update({ id }, { last_seen_at: lastSeenAt, expires_at: expiresAt }),
    );
  }

  async deleteSession(id: string): Promise<void> {
    await this.db.run((m) => m.getRepository(this.entities.Session).delete({ id }));
  }

  async deleteExpiredSessions(now: Date): Promise<void> {
    await this.db.run((m) =>
      m.getRepository(this.entities.Session).delete({ expires_at: LessThan(now) }),
    );
  }
}
