import { randomUUID } from 'node:crypto';
import { type DataSource, In, IsNull, type EntityManager, LessThan, MoreThan } from 'typeorm';
import type {
  FailedItem,
  IngestionQuery,
  MetadataStore,
  NewIngestion,
  ProcessedDocument,
} from '../metadata-store';
import type {
  AccountRecord,
  ApiKeyRecord,
  CollectionRecord,
  ConnectionRecord,
  CollectionSummary,
  DocumentRecord,
  IngestionErrorCode,
  IngestionFailureRecord,
  IngestionProgress,
  IngestionRecord,
  IngestionStatus,
  ItemOutcome,
  NamespaceRecord,
  OAuthStateRecord,
  Page,
  SessionRecord,
  UserRecord,
} from '../records';
import {
  oauthStateRow,
  sessionRow,
  toConnection,
  toOAuthState,
  toSession,
  toUser,
} from './account-mappers';
import { dialectOf } from './dialect';
import { candidateNames } from './document-names';
import { ConcurrencyGate } from '@docent/concurrency-gate';
import {
  buildEntities,
  type ApiKeyRow,
  type CollectionRow,
  type DocumentRow,
  type Entities,
  type IngestionRow,
  type SqlDialect,
} from './schema';
import { SqlRunner } from './sql-runner';

/** Metadata on TypeORM; the same code serves SQLite (embedded) and PostgreSQL. */
export class TypeOrmMetadataStore implements MetadataStore {
  private readonly dialect: SqlDialect;
  // SQLite has one connection: operations must not interleave inside another's transaction.
  private readonly mutex: ConcurrencyGate | null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly entities: Entities = buildEntities(dialectOf(dataSource)),
  ) {
    this.dialect = dialectOf(dataSource);
    this.mutex = this.dialect === 'sqlite' ? new ConcurrencyGate() : null;
  }

  private run<T>(fn: (manager: EntityManager) => Promise<T>): Promise<T> {
    const go = () => fn(this.dataSource.manager);
    return this.mutex ? this.mutex.run(go) : go();
  }

  private transaction<T>(fn: (manager: EntityManager, sql: SqlRunner) => Promise<T>): Promise<T> {
    const go = () =>
      this.dataSource.transaction((manager) =>
        fn(manager, new SqlRunner(manager.queryRunner!, this.dialect)),
      );
    return this.mutex ? this.mutex.run(go) : go();
  }

  // ---- accounts and keys

  async ensureAccount(name: string): Promise<AccountRecord> {
    return this.run(async (m) => {
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
    return this.run(async (m) => {
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
    return this.run(async (m) => {
      const row = await m.getRepository(this.entities.ApiKey).findOneBy({ key_hash: keyHash });
      return row && !row.revoked_at ? toApiKey(row) : null;
    });
  }

  async touchApiKey(id: string, at: Date): Promise<void> {
    await this.run((m) =>
      m.getRepository(this.entities.ApiKey).update({ id }, { last_used_at: at }),
    );
  }

  async listApiKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return this.run(async (m) =>
      (
        await m
          .getRepository(this.entities.ApiKey)
          .find({ where: { account_id: accountId }, order: { created_at: 'DESC', id: 'ASC' } })
      ).map(toApiKey),
    );
  }

  async revokeApiKey(accountId: string, id: string, at: Date): Promise<boolean> {
    return this.run(async (m) => {
      const result = await m
        .getRepository(this.entities.ApiKey)
        .update({ id, account_id: accountId, revoked_at: IsNull() }, { revoked_at: at });
      return (result.affected ?? 0) > 0;
    });
  }

  // ---- users and sessions

  async createUser(input: {
    email: string;
    passwordHash: string;
    at: Date;
  }): Promise<UserRecord | null> {
    return this.transaction(async (m, sql) => {
      const accountId = randomUUID();
      const inserted = await sql.exec(this.insertIgnore('accounts', ['id', 'name', 'created_at']), [
        accountId,
        input.email,
        input.at,
      ]);
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
    return this.run(async (m) => {
      const row = await m.getRepository(this.entities.User).findOneBy({ email });
      return row && toUser(row);
    });
  }

  async findUserByAccount(accountId: string): Promise<UserRecord | null> {
    return this.run(async (m) => {
      const row = await m.getRepository(this.entities.User).findOneBy({ account_id: accountId });
      return row && toUser(row);
    });
  }

  async createSession(session: SessionRecord): Promise<void> {
    await this.run((m) => m.getRepository(this.entities.Session).insert(sessionRow(session)));
  }

  async findSession(id: string): Promise<SessionRecord | null> {
    return this.run(async (m) => {
      const row = await m.getRepository(this.entities.Session).findOneBy({ id });
      return row && toSession(row);
    });
  }

  async touchSession(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.run((m) =>
      m
        .getRepository(this.entities.Session)
        .update({ id }, { last_seen_at: lastSeenAt, expires_at: expiresAt }),
    );
  }

  async deleteSession(id: string): Promise<void> {
    await this.run((m) => m.getRepository(this.entities.Session).delete({ id }));
  }

  async deleteExpiredSessions(now: Date): Promise<void> {
    await this.transaction(async (m) => {
      await m.getRepository(this.entities.Session).delete({ expires_at: LessThan(now) });
      await m.getRepository(this.entities.OAuthState).delete({ expires_at: LessThan(now) });
    });
  }

  // ---- OAuth states and connections

  async saveOAuthState(state: OAuthStateRecord): Promise<void> {
    await this.run((m) => m.getRepository(this.entities.OAuthState).insert(oauthStateRow(state)));
  }

  async takeOAuthState(id: string): Promise<OAuthStateRecord | null> {
    return this.transaction(async (m) => {
      const repo = m.getRepository(this.entities.OAuthState);
      const row = await repo.findOneBy({ id });
      if (!row) return null;
      // The delete decides between two callbacks racing with the same state.
      const deleted = await repo.delete({ id });
      return (deleted.affected ?? 0) > 0 ? toOAuthState(row) : null;
    });
  }

  async saveConnection(
    connection: Omit<ConnectionRecord, 'version' | 'updatedAt'>,
  ): Promise<ConnectionRecord> {
    return this.transaction(async (m) => {
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
    return this.run(async (m) => {
      const row = await m
        .getRepository(this.entities.Connection)
        .findOneBy({ account_id: accountId, type });
      return row && toConnection(row);
    });
  }

  async listConnections(accountId: string): Promise<ConnectionRecord[]> {
    return this.run(async (m) =>
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
    return this.run(async (m) => {
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
    return this.run(async (m) => {
      const result = await m
        .getRepository(this.entities.Connection)
        .delete({ account_id: accountId, type });
      return (result.affected ?? 0) > 0;
    });
  }

  // ---- namespaces and collections

  async findNamespace(accountId: string, name: string): Promise<NamespaceRecord | null> {
    return this.run(async (m) => {
      const row = await m
        .getRepository(this.entities.Namespace)
        .findOneBy({ account_id: accountId, name });
      return (
        row && { id: row.id, accountId: row.account_id, name: row.name, createdAt: row.created_at }
      );
    });
  }

  async ensureNamespace(accountId: string, name: string, at: Date): Promise<NamespaceRecord> {
    return this.run(async (m) => {
      const repo = m.getRepository(this.entities.Namespace);
      await repo
        .createQueryBuilder()
        .insert()
        .values({ id: randomUUID(), account_id: accountId, name, created_at: at })
        .orIgnore()
        .execute();
      const row = await repo.findOneByOrFail({ account_id: accountId, name });
      return { id: row.id, accountId: row.account_id, name: row.name, createdAt: row.created_at };
    });
  }

  async findCollection(namespaceId: string, name: string): Promise<CollectionRecord | null> {
    return this.run(async (m) => {
      const row = await m
        .getRepository(this.entities.Collection)
        .findOneBy({ namespace_id: namespaceId, name });
      return row && toCollection(row);
    });
  }

  async getCollectionById(id: string): Promise<CollectionRecord | null> {
    return this.run(async (m) => {
      const row = await m.getRepository(this.entities.Collection).findOneBy({ id });
      return row && toCollection(row);
    });
  }

  async ensureCollection(namespaceId: string, name: string, at: Date): Promise<CollectionRecord> {
    return this.run(async (m) => {
      const repo = m.getRepository(this.entities.Collection);
      await repo
        .createQueryBuilder()
        .insert()
        .values({
          id: randomUUID(),
          namespace_id: namespaceId,
          name,
          created_at: at,
          updated_at: at,
        })
        .orIgnore()
        .execute();
      return toCollection(await repo.findOneByOrFail({ namespace_id: namespaceId, name }));
    });
  }

  async listCollections(
    namespaceId: string,
    page: { after?: string; limit: number },
  ): Promise<Page<CollectionSummary>> {
    return this.run(async (m) => {
      const rows = await m.getRepository(this.entities.Collection).find({
        where: { namespace_id: namespaceId, ...(page.after ? { name: MoreThan(page.after) } : {}) },
        order: { name: 'ASC' },
        take: page.limit + 1,
      });
      const items = rows.slice(0, page.limit);
      const totals = new Map<string, { documents: number; chunks: number }>();
      if (items.length > 0) {
        const sums = await m
          .getRepository(this.entities.Document)
          .createQueryBuilder('d')
          .select('d.collection_id', 'collection_id')
          .addSelect('COUNT(*)', 'documents')
          .addSelect('COALESCE(SUM(d.chunk_count), 0)', 'chunks')
          .where({ collection_id: In(items.map((c) => c.id)) })
          .groupBy('d.collection_id')
          .getRawMany<{
            collection_id: string;
            documents: string | number;
            chunks: string | number;
          }>();
        for (const s of sums) {
          totals.set(s.collection_id, { documents: Number(s.documents), chunks: Number(s.chunks) });
        }
      }
      return {
        items: items.map((row) => ({
          ...toCollection(row),
          documentCount: totals.get(row.id)?.documents ?? 0,
          chunkCount: totals.get(row.id)?.chunks ?? 0,
        })),
        nextAfter: rows.length > page.limit ? items[items.length - 1]!.name : null,
      };
    });
  }

  async deleteCollection(collectionId: string): Promise<void> {
    // Explicit deletes rather than relying on FK cascades, which SQLite can have disabled.
    await this.transaction(async (m) => {
      const ingestionIds = (
        await m.getRepository(this.entities.Ingestion).find({
          select: { id: true },
          where: { collection_id: collectionId },
        })
      ).map((r) => r.id);
      if (ingestionIds.length > 0) {
        await m
          .getRepository(this.entities.IngestionItem)
          .delete({ ingestion_id: In(ingestionIds) });
        await m
          .getRepository(this.entities.IngestionFailure)
          .delete({ ingestion_id: In(ingestionIds) });
        await m.getRepository(this.entities.Ingestion).delete({ collection_id: collectionId });
      }
      await m.getRepository(this.entities.Document).delete({ collection_id: collectionId });
      await m.getRepository(this.entities.CollectionLock).delete({ collection_id: collectionId });
      await m.getRepository(this.entities.Collection).delete({ id: collectionId });
    });
  }

  // ---- documents

  async findDocumentBySource(
    collectionId: string,
    sourceKey: string,
    sourceId: string,
  ): Promise<DocumentRecord | null> {
    return this.run(async (m) => {
      const row = await m
        .getRepository(this.entities.Document)
        .findOneBy({ collection_id: collectionId, source_key: sourceKey, source_id: sourceId });
      return row && toDocument(row);
    });
  }

  async findDocumentByName(collectionId: string, name: string): Promise<DocumentRecord | null> {
    return this.run(async (m) => {
      const row = await m
        .getRepository(this.entities.Document)
        .findOneBy({ collection_id: collectionId, name });
      return row && toDocument(row);
    });
  }

  async getDocumentsByIds(ids: string[]): Promise<DocumentRecord[]> {
    if (ids.length === 0) return [];
    return this.run(async (m) =>
      (await m.getRepository(this.entities.Document).findBy({ id: In(ids) })).map(toDocument),
    );
  }

  async listDocuments(
    collectionId: string,
    page: { after?: string; limit: number },
  ): Promise<Page<DocumentRecord>> {
    return this.run(async (m) => {
      const rows = await m.getRepository(this.entities.Document).find({
        where: {
          collection_id: collectionId,
          ...(page.after ? { name: MoreThan(page.after) } : {}),
        },
        order: { name: 'ASC' },
        take: page.limit + 1,
      });
      const items = rows.slice(0, page.limit).map(toDocument);
      return {
        items,
        nextAfter: rows.length > page.limit ? items[items.length - 1]!.name : null,
      };
    });
  }

  async listDocumentsNotSeen(
    collectionId: string,
    sourceKey: string,
    ingestionId: string,
  ): Promise<DocumentRecord[]> {
    return this.run(async (m) => {
      const rows = await m
        .getRepository(this.entities.Document)
        .createQueryBuilder('d')
        .where('d.collection_id = :collectionId', { collectionId })
        .andWhere('d.source_key = :sourceKey', { sourceKey })
        .andWhere(
          'NOT EXISTS (SELECT 1 FROM ingestion_items i WHERE i.ingestion_id = :ingestionId AND i.source_id = d.source_id)',
          { ingestionId },
        )
        .getMany();
      return rows.map(toDocument);
    });
  }

  async deleteDocument(documentId: string): Promise<void> {
    await this.run((m) => m.getRepository(this.entities.Document).delete({ id: documentId }));
  }

  // ---- ingestions

  async createIngestion(input: NewIngestion): Promise<IngestionRecord> {
    await this.run((m) =>
      m.getRepository(this.entities.Ingestion).insert({
        id: input.id,
        account_id: input.accountId,
        collection_id: input.collectionId,
        type: input.type,
        spec_json: JSON.stringify(input.spec),
        secrets: input.secrets,
        source_key: input.sourceKey,
        status: 'queued',
        cancel_requested: false,
        created_at: input.createdAt,
        started_at: null,
        finished_at: null,
        documents_discovered: 0,
        documents_processed: 0,
        documents_skipped: 0,
        documents_failed: 0,
        chunks_indexed: 0,
        error_code: null,
        error_message: null,
        checkpoint: null,
      }),
    );
    return (await this.getIngestion(input.id))!;
  }

  async getIngestion(id: string): Promise<IngestionRecord | null> {
    return this.run(async (m) => {
      const row = await m.getRepository(this.entities.Ingestion).findOneBy({ id });
      if (!row) return null;
      return (await this.hydrateIngestions(m, [row]))[0] ?? null;
    });
  }

  async listIngestions(query: IngestionQuery): Promise<Page<IngestionRecord>> {
    return this.run(async (m) => {
      const collectionIds = query.collectionId
        ? [query.collectionId]
        : (
            await m.getRepository(this.entities.Collection).find({
              select: { id: true },
              where: { namespace_id: query.namespaceId },
            })
          ).map((c) => c.id);
      if (collectionIds.length === 0) return { items: [], nextAfter: null };
      // Ingestion ids sort by creation time, so the id alone orders and pages the list.
      const rows = await m.getRepository(this.entities.Ingestion).find({
        where: {
          collection_id: In(collectionIds),
          ...(query.status ? { status: query.status } : {}),
          ...(query.after ? { id: LessThan(query.after) } : {}),
        },
        order: { id: 'DESC' },
        take: query.limit + 1,
      });
      const items = await this.hydrateIngestions(m, rows.slice(0, query.limit));
      return {
        items,
        nextAfter: rows.length > query.limit ? items[items.length - 1]!.id : null,
      };
    });
  }

  async listIngestionsByStatus(
    collectionId: string,
    statuses: IngestionStatus[],
  ): Promise<IngestionRecord[]> {
    return this.run(async (m) => {
      const rows = await m.getRepository(this.entities.Ingestion).find({
        where: { collection_id: collectionId, status: In(statuses) },
        order: { id: 'ASC' },
      });
      return this.hydrateIngestions(m, rows);
    });
  }

  async transitionIngestion(
    id: string,
    from: IngestionStatus[],
    to: IngestionStatus,
    patch: {
      at?: Date;
      error?: { code: IngestionErrorCode; message: string } | null;
      clearSecrets?: boolean;
    } = {},
  ): Promise<boolean> {
    const at = patch.at ?? new Date();
    const changes: Partial<IngestionRow> = { status: to };
    if (to === 'running') changes.started_at = at;
    if (to === 'succeeded' || to === 'failed' || to === 'canceled') changes.finished_at = at;
    if (patch.error !== undefined) {
      changes.error_code = patch.error?.code ?? null;
      changes.error_message = patch.error?.message ?? null;
    }
    if (patch.clearSecrets) changes.secrets = null;
    return this.run(async (m) => {
      const repo = m.getRepository(this.entities.Ingestion);
      // A resumed ingestion keeps its first start time.
      if (to === 'running') {
        const current = await repo.findOneBy({ id });
        if (current?.started_at) delete changes.started_at;
      }
      const result = await repo.update({ id, status: In(from) }, changes);
      return (result.affected ?? 0) > 0;
    });
  }

  async listIngestionIdsByStatus(statuses: IngestionStatus[]): Promise<string[]> {
    return this.run(async (m) =>
      (
        await m.getRepository(this.entities.Ingestion).find({
          select: { id: true },
          where: { status: In(statuses) },
          order: { id: 'ASC' },
        })
      ).map((r) => r.id),
    );
  }

  async requestCancel(id: string): Promise<void> {
    await this.run((m) =>
      m.getRepository(this.entities.Ingestion).update({ id }, { cancel_requested: true }),
    );
  }

  async saveCheckpoint(id: string, checkpoint: string | null): Promise<void> {
    await this.run((m) => m.getRepository(this.entities.Ingestion).update({ id }, { checkpoint }));
  }

  async markDiscovered(ingestionId: string, sourceId: string): Promise<boolean> {
    return this.transaction(async (_m, sql) => {
      const inserted = await sql.exec(
        this.insertIgnore('ingestion_items', ['ingestion_id', 'source_id', 'outcome']),
        [ingestionId, sourceId, 'discovered'],
      );
      if (inserted > 0) await this.bump(sql, ingestionId, { documents_discovered: 1 });
      return inserted > 0;
    });
  }

  async getItemOutcome(ingestionId: string, sourceId: string): Promise<ItemOutcome | null> {
    return this.run(async (m) => {
      const row = await m
        .getRepository(this.entities.IngestionItem)
        .findOneBy({ ingestion_id: ingestionId, source_id: sourceId });
      return row && row.outcome !== 'discovered' ? (row.outcome as ItemOutcome) : null;
    });
  }

  async recordSkipped(ingestionId: string, sourceId: string): Promise<void> {
    await this.transaction(async (_m, sql) => {
      if (await this.settleItem(sql, ingestionId, sourceId, 'skipped')) {
        await this.bump(sql, ingestionId, { documents_skipped: 1 });
      }
    });
  }

  async commitProcessed(input: ProcessedDocument): Promise<DocumentRecord> {
    return this.transaction(async (m, sql) => {
      // Name allocation reads then inserts: on PostgreSQL (read committed) concurrent commits
      // into one collection must take turns. SQLite transactions are serialised already.
      if (this.dialect === 'postgres') {
        await sql.rows('SELECT pg_advisory_xact_lock(hashtext(?))', [input.collectionId]);
      }
      const docs = m.getRepository(this.entities.Document);
      const existing = await docs.findOneBy({ id: input.documentId });
      if (existing) {
        await docs.update(
          { id: input.documentId },
          {
            version: input.version,
            page_count: input.pageCount,
            chunk_count: input.chunkCount,
            source_url: input.sourceUrl,
            updated_at: input.at,
          },
        );
      } else {
        const taken = new Set(
          (
            await docs
              .createQueryBuilder('d')
              .select('d.name', 'name')
              .where('d.collection_id = :c', { c: input.collectionId })
              .andWhere('d.name LIKE :prefix', { prefix: likePrefix(input.desiredName) })
              .getRawMany<{ name: string }>()
          ).map((r) => r.name),
        );
        let name = '';
        for (name of candidateNames(input.desiredName, input.sourceType === 'DRIVE')) {
          if (!taken.has(name)) break;
        }
        await docs.insert({
          id: input.documentId,
          collection_id: input.collectionId,
          name,
          source_type: input.sourceType,
          source_key: input.sourceKey,
          source_id: input.sourceId,
          source_url: input.sourceUrl,
          version: input.version,
          page_count: input.pageCount,
          chunk_count: input.chunkCount,
          created_at: input.at,
          updated_at: input.at,
        });
      }
      if (await this.settleItem(sql, input.ingestionId, input.sourceId, 'processed')) {
        await this.bump(sql, input.ingestionId, {
          documents_processed: 1,
          chunks_indexed: input.chunkCount,
        });
      }
      await m
        .getRepository(this.entities.Collection)
        .update({ id: input.collectionId }, { updated_at: input.at });
      return toDocument(await docs.findOneByOrFail({ id: input.documentId }));
    });
  }

  async recordFailure(input: FailedItem): Promise<void> {
    await this.transaction(async (m, sql) => {
      // A failure straight from the listing was never marked discovered: count it as listed too.
      const inserted = await sql.exec(
        this.insertIgnore('ingestion_items', ['ingestion_id', 'source_id', 'outcome']),
        [input.ingestionId, input.sourceId, 'failed'],
      );
      const settled =
        inserted > 0 || (await this.settleItem(sql, input.ingestionId, input.sourceId, 'failed'));
      if (!settled) return;
      await this.bump(sql, input.ingestionId, {
        documents_failed: 1,
        ...(inserted > 0 ? { documents_discovered: 1 } : {}),
      });
      await m.getRepository(this.entities.IngestionFailure).insert({
        ingestion_id: input.ingestionId,
        kind: 'failure',
        source_id: input.sourceId,
        doc_name: input.docName,
        message: input.message,
        created_at: new Date(),
      });
    });
  }

  async recordWarning(input: FailedItem): Promise<void> {
    await this.run((m) =>
      m.getRepository(this.entities.IngestionFailure).insert({
        ingestion_id: input.ingestionId,
        kind: 'warning',
        source_id: input.sourceId,
        doc_name: input.docName,
        message: input.message,
        created_at: new Date(),
      }),
    );
  }

  async listWarnings(ingestionId: string, limit: number): Promise<IngestionFailureRecord[]> {
    return this.listNotes(ingestionId, 'warning', limit);
  }

  async listFailures(ingestionId: string, limit: number): Promise<IngestionFailureRecord[]> {
    return this.listNotes(ingestionId, 'failure', limit);
  }

  private async listNotes(
    ingestionId: string,
    kind: 'failure' | 'warning',
    limit: number,
  ): Promise<IngestionFailureRecord[]> {
    return this.run(async (m) =>
      (
        await m.getRepository(this.entities.IngestionFailure).find({
          where: { ingestion_id: ingestionId, kind },
          order: { id: 'ASC' },
          take: limit,
        })
      ).map((r) => ({ docName: r.doc_name, sourceId: r.source_id, message: r.message })),
    );
  }

  async clearItems(ingestionId: string): Promise<void> {
    await this.run((m) =>
      m.getRepository(this.entities.IngestionItem).delete({ ingestion_id: ingestionId }),
    );
  }

  async getProgress(ingestionId: string): Promise<IngestionProgress | null> {
    return this.run(async (m) => {
      const row = await m.getRepository(this.entities.Ingestion).findOneBy({ id: ingestionId });
      return row && toProgress(row);
    });
  }

  // ---- collection lock

  async tryLockCollection(
    collectionId: string,
    holder: string,
    ttlMs: number,
    now: Date,
  ): Promise<boolean> {
    const expires = new Date(now.getTime() + ttlMs);
    return this.transaction(async (_m, sql) => {
      const inserted = await sql.exec(
        this.insertIgnore('collection_locks', ['collection_id', 'holder', 'expires_at']),
        [collectionId, holder, expires],
      );
      if (inserted > 0) return true;
      const taken = await sql.exec(
        'UPDATE collection_locks SET holder = ?, expires_at = ? WHERE collection_id = ? AND (holder = ? OR expires_at < ?)',
        [holder, expires, collectionId, holder, now],
      );
      return taken > 0;
    });
  }

  async renewCollectionLock(
    collectionId: string,
    holder: string,
    ttlMs: number,
    now: Date,
  ): Promise<boolean> {
    return this.run(async (m) => {
      const result = await m
        .getRepository(this.entities.CollectionLock)
        .update(
          { collection_id: collectionId, holder },
          { expires_at: new Date(now.getTime() + ttlMs) },
        );
      return (result.affected ?? 0) > 0;
    });
  }

  async unlockCollection(collectionId: string, holder: string): Promise<void> {
    await this.run((m) =>
      m.getRepository(this.entities.CollectionLock).delete({ collection_id: collectionId, holder }),
    );
  }

  async health(): Promise<void> {
    await this.run((m) => m.query('SELECT 1'));
  }

  async close(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }

  // ---- helpers

  private insertIgnore(table: string, columns: string[]): string {
    const placeholders = columns.map(() => '?').join(', ');
    const base = `INTO ${table} (${columns.join(', ')}) VALUES (${placeholders})`;
    return this.dialect === 'postgres'
      ? `INSERT ${base} ON CONFLICT DO NOTHING`
      : `INSERT OR IGNORE ${base}`;
  }

  /** Moves a listed item out of `discovered`; true only the first time. */
  private async settleItem(
    sql: SqlRunner,
    ingestionId: string,
    sourceId: string,
    outcome: ItemOutcome,
  ): Promise<boolean> {
    const changed = await sql.exec(
      "UPDATE ingestion_items SET outcome = ? WHERE ingestion_id = ? AND source_id = ? AND outcome = 'discovered'",
      [outcome, ingestionId, sourceId],
    );
    return changed > 0;
  }

  private async bump(
    sql: SqlRunner,
    ingestionId: string,
    deltas: Partial<Record<keyof IngestionProgressColumns, number>>,
  ): Promise<void> {
    const entries = Object.entries(deltas).filter(([, v]) => v !== 0);
    if (entries.length === 0) return;
    await sql.exec(
      `UPDATE ingestions SET ${entries.map(([k]) => `${k} = ${k} + ?`).join(', ')} WHERE id = ?`,
      [...entries.map(([, v]) => v as number), ingestionId],
    );
  }

  private async hydrateIngestions(
    m: EntityManager,
    rows: IngestionRow[],
  ): Promise<IngestionRecord[]> {
    if (rows.length === 0) return [];
    const collections = await m
      .getRepository(this.entities.Collection)
      .findBy({ id: In([...new Set(rows.map((r) => r.collection_id))]) });
    const namespaces = await m
      .getRepository(this.entities.Namespace)
      .findBy({ id: In([...new Set(collections.map((c) => c.namespace_id))]) });
    const collectionById = new Map(collections.map((c) => [c.id, c]));
    const namespaceById = new Map(namespaces.map((n) => [n.id, n]));
    return rows.map((row) => {
      const collection = collectionById.get(row.collection_id);
      const namespace = collection && namespaceById.get(collection.namespace_id);
      return {
        id: row.id,
        accountId: row.account_id,
        collectionId: row.collection_id,
        namespaceName: namespace?.name ?? '',
        collectionName: collection?.name ?? '',
        type: row.type,
        spec: JSON.parse(row.spec_json) as Record<string, unknown>,
        secrets: row.secrets,
        sourceKey: row.source_key,
        status: row.status as IngestionStatus,
        cancelRequested: Boolean(row.cancel_requested),
        createdAt: row.created_at,
        startedAt: row.started_at,
        finishedAt: row.finished_at,
        progress: toProgress(row),
        errorCode: row.error_code as IngestionErrorCode | null,
        errorMessage: row.error_message,
        checkpoint: row.checkpoint,
      };
    });
  }
}

type IngestionProgressColumns = Pick<
  IngestionRow,
  | 'documents_discovered'
  | 'documents_processed'
  | 'documents_skipped'
  | 'documents_failed'
  | 'chunks_indexed'
>;

function toProgress(row: IngestionRow): IngestionProgress {
  return {
    documentsDiscovered: Number(row.documents_discovered),
    documentsProcessed: Number(row.documents_processed),
    documentsSkipped: Number(row.documents_skipped),
    documentsFailed: Number(row.documents_failed),
    chunksIndexed: Number(row.chunks_indexed),
  };
}

function toApiKey(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    prefix: row.prefix,
    label: row.label,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

function toCollection(row: CollectionRow): CollectionRecord {
  return {
    id: row.id,
    namespaceId: row.namespace_id,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toDocument(row: DocumentRow): DocumentRecord {
  return {
    id: row.id,
    collectionId: row.collection_id,
    name: row.name,
    sourceType: row.source_type,
    sourceKey: row.source_key,
    sourceId: row.source_id,
    sourceUrl: row.source_url,
    version: row.version,
    pageCount: Number(row.page_count),
    chunkCount: Number(row.chunk_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** LIKE pattern matching every name `candidateNames` can produce for `desired`. */
function likePrefix(desired: string): string {
  const stem = desired.replace(/\.[A-Za-z][A-Za-z0-9]{0,7}$/, '').slice(0, 200);
  return `${stem.replace(/[%_]/g, '_')}%`;
}
