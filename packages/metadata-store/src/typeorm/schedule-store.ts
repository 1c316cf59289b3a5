import { In, LessThan, LessThanOrEqual, type EntityManager } from 'typeorm';
import type { Page } from '../ports/catalog';
import type { IngestionErrorCode, IngestionStatus, NewIngestion } from '../ports/ingestions';
import type {
  ScheduleClaim,
  ScheduleInput,
  ScheduleQuery,
  ScheduleRecord,
  ScheduleStatus,
  ScheduleStopCode,
  ScheduleStore,
} from '../ports/schedules';
import { collectionNames, listedCollectionIds, newIngestionRow } from './ingestion-rows';
import type { ScheduleRow } from './rows';
import type { SqlContext } from './sql-context';

type Stop = { code: ScheduleStopCode; message: string };

/** Schedules on TypeORM: every change bumps `version`, which is what a run is claimed at. */
export class TypeOrmScheduleStore implements ScheduleStore {
  constructor(private readonly db: SqlContext) {}

  private get entities() {
    return this.db.entities;
  }

  async saveSchedule(input: ScheduleInput): Promise<ScheduleRecord> {
    return this.db.transaction(async (m, sql) => {
      const replaced = {
        account_id: input.accountId,
        type: input.type,
        spec_json: JSON.stringify(input.spec),
        secrets: input.secrets,
        uses_connection: input.usesConnection,
        cron: input.cron,
        timezone: input.timezone,
        status: 'active',
        stop_code: null,
        stop_message: null,
        next_run_at: input.nextRunAt,
        last_run_ingestion_id: input.lastRunIngestionId,
        last_run_at: input.at,
        last_run_settled: false,
        updated_at: input.at,
      };
      const columns = {
        id: input.id,
        collection_id: input.collectionId,
        source_key: input.sourceKey,
        ...replaced,
        created_at: input.at,
        version: 1,
      };
      // Insert-or-nothing, then update: two saves racing for one source cannot both insert.
      const inserted = await sql.exec(
        this.db.insertIgnore('schedules', Object.keys(columns)),
        Object.values(columns),
      );
      if (inserted === 0) {
        await m
          .getRepository(this.entities.Schedule)
          .createQueryBuilder()
          .update()
          .set({ ...replaced, version: () => 'version + 1' })
          .where('collection_id = :c AND source_key = :k', {
            c: input.collectionId,
            k: input.sourceKey,
          })
          .execute();
      }
      const row = await m
        .getRepository(this.entities.Schedule)
        .findOneByOrFail({ collection_id: input.collectionId, source_key: input.sourceKey });
      return (await this.hydrate(m, [row]))[0]!;
    });
  }

  async getSchedule(id: string): Promise<ScheduleRecord | null> {
    return this.db.run(async (m) => {
      const row = await m.getRepository(this.entities.Schedule).findOneBy({ id });
      return row ? ((await this.hydrate(m, [row]))[0] ?? null) : null;
    });
  }

  async listSchedules(query: ScheduleQuery): Promise<Page<ScheduleRecord>> {
    return this.db.run(async (m) => {
      const collectionIds = await listedCollectionIds(m, this.entities, query);
      if (collectionIds.length === 0) return { items: [], nextAfter: null };
      // Schedule ids sort by creation time, so the id alone orders and pages the list.
      const rows = await m.getRepository(this.entities.Schedule).find({
        where: {
          collection_id: In(collectionIds),
          ...(query.status ? { status: query.status } : {}),
          ...(query.after ? { id: LessThan(query.after) } : {}),
        },
        order: { id: 'DESC' },
        take: query.limit + 1,
      });
      const items = await this.hydrate(m, rows.slice(0, query.limit));
      return {
        items,
        nextAfter: rows.length > query.limit ? items[items.length - 1]!.id : null,
      };
    });
  }

  async updateScheduleState(
    id: string,
    expectedVersion: number,
    patch: { status: ScheduleStatus; stop: Stop | null; nextRunAt: Date | null; at: Date },
  ): Promise<boolean> {
    return this.updateAtVersion(id, expectedVersion, {
      status: patch.status,
      stop_code: patch.stop?.code ?? null,
      stop_message: patch.stop?.message ?? null,
      next_run_at: patch.nextRunAt,
      updated_at: patch.at,
    });
  }

  async updateScheduleRule(
    id: string,
    expectedVersion: number,
    patch: { cron: string; timezone: string; nextRunAt: Date | null; at: Date },
  ): Promise<boolean> {
    return this.updateAtVersion(id, expectedVersion, {
      cron: patch.cron,
      timezone: patch.timezone,
      next_run_at: patch.nextRunAt,
      updated_at: patch.at,
    });
  }

  /** Writes `set` and bumps `version` if the row is still at `expectedVersion`. */
  private async updateAtVersion(
    id: string,
    expectedVersion: number,
    set: Partial<ScheduleRow>,
  ): Promise<boolean> {
    return this.db.run(async (m) => {
      const result = await m
        .getRepository(this.entities.Schedule)
        .createQueryBuilder()
        .update()
        .set({ ...set, version: () => 'version + 1' })
        .where('id = :id AND version = :v', { id, v: expectedVersion })
        .execute();
      return (result.affected ?? 0) > 0;
    });
  }

  async deleteSchedule(id: string): Promise<boolean> {
    return this.db.run(async (m) => {
      const result = await m.getRepository(this.entities.Schedule).delete({ id });
      return (result.affected ?? 0) > 0;
    });
  }

  async listDueSchedules(now: Date, limit: number): Promise<ScheduleRecord[]> {
    return this.db.run(async (m) => {
      const rows = await m.getRepository(this.entities.Schedule).find({
        where: { status: 'active', next_run_at: LessThanOrEqual(now) },
        order: { next_run_at: 'ASC', id: 'ASC' },
        take: limit,
      });
      return this.hydrate(m, rows);
    });
  }

  async claimRun(claim: {
    scheduleId: string;
    version: number;
    nextRunAt: Date;
    run: NewIngestion;
    at: Date;
  }): Promise<ScheduleClaim> {
    return this.db.transaction(async (m, sql) => {
      // The conditional update is the claim: of the processes that found the schedule due at
      // this version, exactly one changes the row.
      const claimed = await sql.exec(
        "UPDATE schedules SET next_run_at = ?, updated_at = ?, version = version + 1 WHERE id = ? AND version = ? AND status = 'active'",
        [claim.nextRunAt, claim.at, claim.scheduleId, claim.version],
      );
      if (claimed === 0) return 'lost';
      const { run } = claim;
      const busy = await m.getRepository(this.entities.Ingestion).exists({
        where: {
          collection_id: run.collectionId,
          source_key: run.sourceKey,
          status: In(['queued', 'running']),
        },
      });
      if (busy) return 'skipped';
      await m.getRepository(this.entities.Ingestion).insert(newIngestionRow(run));
      await m.getRepository(this.entities.Schedule).update(
        { id: claim.scheduleId },
        {
          last_run_ingestion_id: run.id,
          last_run_at: claim.at,
          last_run_settled: false,
        },
      );
      return 'started';
    });
  }

  async listSchedulesWithEndedRuns(limit: number): Promise<ScheduleRecord[]> {
    return this.db.run(async (m) => {
      const rows = await m
        .getRepository(this.entities.Schedule)
        .createQueryBuilder('s')
        .innerJoin('ingestions', 'i', 'i.id = s.last_run_ingestion_id')
        .where('s.last_run_settled = :settled', { settled: false })
        .andWhere('i.status IN (:...ended)', { ended: ['succeeded', 'failed', 'canceled'] })
        .orderBy('s.id', 'ASC')
        .take(limit)
        .getMany();
      return this.hydrate(m, rows);
    });
  }

  async settleRun(
    scheduleId: string,
    ingestionId: string,
    stop: Stop | null,
    at: Date,
  ): Promise<boolean> {
    return this.db.transaction(async (_m, sql) => {
      const settled = await sql.exec(
        'UPDATE schedules SET last_run_settled = ? WHERE id = ? AND last_run_ingestion_id = ? AND last_run_settled = ?',
        [true, scheduleId, ingestionId, false],
      );
      if (settled === 0) return false;
      if (stop) {
        await sql.exec(
          "UPDATE schedules SET status = 'stopped', stop_code = ?, stop_message = ?, next_run_at = NULL, updated_at = ?, version = version + 1 WHERE id = ? AND status IN ('active', 'paused')",
          [stop.code, stop.message, at, scheduleId],
        );
      }
      return true;
    });
  }

  async stopSchedulesOnConnection(
    accountId: string,
    type: string,
    stop: Stop,
    at: Date,
  ): Promise<number> {
    return this.db.transaction((_m, sql) =>
      sql.exec(
        "UPDATE schedules SET status = 'stopped', stop_code = ?, stop_message = ?, next_run_at = NULL, updated_at = ?, version = version + 1 WHERE account_id = ? AND type = ? AND uses_connection = ? AND status IN ('active', 'paused')",
        [stop.code, stop.message, at, accountId, type, true],
      ),
    );
  }

  /** Rows with their collection's and namespace's names and their last run as it is now. */
  private async hydrate(m: EntityManager, rows: ScheduleRow[]): Promise<ScheduleRecord[]> {
    if (rows.length === 0) return [];
    const names = await collectionNames(
      m,
      this.entities,
      rows.map((r) => r.collection_id),
    );
    const runIds = rows.flatMap((r) => (r.last_run_ingestion_id ? [r.last_run_ingestion_id] : []));
    const runs =
      runIds.length > 0
        ? await m.getRepository(this.entities.Ingestion).find({
            select: {
              id: true,
              status: true,
              created_at: true,
              finished_at: true,
              error_code: true,
              error_message: true,
            },
            where: { id: In(runIds) },
          })
        : [];
    const runById = new Map(runs.map((r) => [r.id, r]));
    return rows.map((row) => {
      const run = row.last_run_ingestion_id ? runById.get(row.last_run_ingestion_id) : undefined;
      return {
        id: row.id,
        accountId: row.account_id,
        collectionId: row.collection_id,
        namespaceName: names.get(row.collection_id)?.namespaceName ?? '',
        collectionName: names.get(row.collection_id)?.collectionName ?? '',
        type: row.type,
        spec: JSON.parse(row.spec_json) as Record<string, unknown>,
        secrets: row.secrets,
        sourceKey: row.source_key,
        usesConnection: Boolean(row.uses_connection),
        cron: row.cron,
        timezone: row.timezone,
        status: row.status as ScheduleStatus,
        stopCode: row.stop_code as ScheduleStopCode | null,
        stopMessage: row.stop_message,
        nextRunAt: row.next_run_at,
        lastRun: run
          ? {
              ingestionId: run.id,
              status: run.status as IngestionStatus,
              createdAt: run.created_at,
              finishedAt: run.finished_at,
              errorCode: run.error_code as IngestionErrorCode | null,
              errorMessage: run.error_message,
            }
          : null,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        version: Number(row.version),
      };
    });
  }
}
