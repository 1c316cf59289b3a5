import { randomUUID } from 'node:crypto';
import { IsNull, LessThan, Not } from 'typeorm';
import type {
  AccountRecord,
  ApiKeyRecord,
  ApiKeyStore,
  NewApiKey,
  SessionRecord,
  SessionStore,
  ThrottleRecord,
  ThrottleStore,
  UserRecord,
  UserStore,
} from '../ports/accounts';
import { sessionRow, toApiKey, toSession, toUser } from './record-mappers';
import type { SqlContext } from './sql-context';

/** Signed-up users' accounts are named so; bootstrap account names never hold a `:`. */
const USER_ACCOUNT_PREFIX = 'user:';

/** Accounts, API keys, users, sessions and attempt counters on TypeORM. */
export class TypeOrmAccountStore implements ApiKeyStore, UserStore, SessionStore, ThrottleStore {
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

  async addApiKey(input: NewApiKey, maxActive: number): Promise<ApiKeyRecord | null> {
    return this.db.transaction(async (m, sql) => {
      const repo = m.getRepository(this.entities.ApiKey);
      // The account row is the lock that makes look-up, count and insert one step on PostgreSQL
      // (SQLite transactions already take turns): processes starting together add a bootstrap
      // key once.
      if (this.db.dialect === 'postgres') {
        await sql.rows('SELECT id FROM accounts WHERE id = ? FOR UPDATE', [input.accountId]);
      }
      const existing = await repo.findOneBy({ key_hash: input.keyHash });
      if (existing) return toApiKey(existing);
      const active = await repo.countBy({ account_id: input.accountId, revoked_at: IsNull() });
      if (active >= maxActive) return null;
      const row = {
        id: randomUUID(),
        account_id: input.accountId,
        key_hash: input.keyHash,
        kind: input.kind,
        scope: input.scope,
        prefix: input.prefix,
        label: input.label,
        created_at: new Date(),
        last_used_at: null,
        revoked_at: null,
      };
      await repo.insert(row);
      return toApiKey(row);
    });
  }

  async findActiveApiKey(keyHash: string): Promise<ApiKeyRecord | null> {
    return this.db.run(async (m) => {
      const row = await m.getRepository(this.entities.ApiKey).findOneBy({ key_hash: keyHash });
      return row && !row.revoked_at ? toApiKey(row) : null;
    });
  }

  async findApiKey(id: string): Promise<ApiKeyRecord | null> {
    return this.db.run(async (m) => {
      const row = await m.getRepository(this.entities.ApiKey).findOneBy({ id });
      return row && toApiKey(row);
    });
  }

  async listBootstrapKeys(): Promise<Array<ApiKeyRecord & { keyHash: string }>> {
    return this.db.run(async (m) =>
      (
        await m
          .getRepository(this.entities.ApiKey)
          .find({ where: { kind: 'bootstrap' }, order: { created_at: 'ASC', id: 'ASC' } })
      ).map((row) => ({ ...toApiKey(row), keyHash: row.key_hash })),
    );
  }

  async rehashApiKey(id: string, keyHash: string, prefix: string): Promise<void> {
    await this.db.run((m) =>
      m.getRepository(this.entities.ApiKey).update({ id }, { key_hash: keyHash, prefix }),
    );
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
        [accountId, USER_ACCOUNT_PREFIX + input.email, input.at],
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

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.run((m) =>
      m.getRepository(this.entities.User).update({ id: userId }, { password_hash: passwordHash }),
    );
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

  async listSessions(userId: string): Promise<SessionRecord[]> {
    return this.db.run(async (m) =>
      (
        await m
          .getRepository(this.entities.Session)
          .find({ where: { user_id: userId }, order: { created_at: 'DESC', id: 'ASC' } })
      ).map(toSession),
    );
  }

  async deleteSessionsOfUser(userId: string, exceptId: string | null): Promise<number> {
    return this.db.run(async (m) => {
      const result = await m
        .getRepository(this.entities.Session)
        .delete(exceptId === null ? { user_id: userId } : { user_id: userId, id: Not(exceptId) });
      return result.affected ?? 0;
    });
  }

  // ---- attempt counters

  async updateThrottle<T>(
    key: string,
    decide: (current: ThrottleRecord | null) => { next: ThrottleRecord | null; result: T },
  ): Promise<T> {
    return this.db.transaction(async (_m, sql) => {
      // A placeholder row (updated_ms 0) gives concurrent callers one row to queue on: on
      // PostgreSQL the insert waits for another transaction's uncommitted one, then FOR UPDATE
      // holds the row until this transaction ends.
      await sql.exec(
        this.db.insertIgnore('auth_throttles', [
          'key',
          'count',
          'window_started_ms',
          'blocked_until_ms',
          'updated_ms',
        ]),
        [key, 0, 0, 0, 0],
      );
      const [row] = await sql.rows<Record<string, unknown>>(
        `SELECT count, window_started_ms, blocked_until_ms, updated_ms FROM auth_throttles WHERE key = ?${this.db.dialect === 'postgres' ? ' FOR UPDATE' : ''}`,
        [key],
      );
      const current: ThrottleRecord | null =
        row && Number(row.updated_ms) > 0
          ? {
              count: Number(row.count),
              windowStartedAt: Number(row.window_started_ms),
              blockedUntil: Number(row.blocked_until_ms),
              updatedAt: Number(row.updated_ms),
            }
          : null;
      const { next, result } = decide(current);
      if (next === null) {
        await sql.exec('DELETE FROM auth_throttles WHERE key = ?', [key]);
      } else {
        await sql.exec(
          'UPDATE auth_throttles SET count = ?, window_started_ms = ?, blocked_until_ms = ?, updated_ms = ? WHERE key = ?',
          [next.count, next.windowStartedAt, next.blockedUntil, Math.max(1, next.updatedAt), key],
        );
      }
      return result;
    });
  }

  async deleteStaleThrottles(before: number): Promise<void> {
    await this.db.run((m) =>
      m.getRepository(this.entities.AuthThrottle).delete({ updated_ms: LessThan(before) }),
    );
  }
}
