import type { CollectionResolver, Paged } from '@docent/catalog';
import { decodeCursor, encodeCursor, pageSize } from '@docent/catalog';
import type { SecretBox } from '@docent/credentials-vault';
import { InvalidRequestError, NotFoundError, SourceNotConnectedError } from '@docent/domain-errors';
import {
  newIngestionId,
  type CreateIngestionInput,
  type IdempotencyKey,
  type IngestionService,
} from '@docent/ingestion';
import type {
  IngestionRecord,
  ScheduleRecord,
  ScheduleStatus,
  ScheduleStore,
} from '@docent/metadata-store';
import { newScheduleId, scheduleSecretContext } from './schedule-ids';
import { ScheduleRule, type ScheduleRuleInput } from './schedule-rule';
import { CREDENTIALS_UNAVAILABLE, scheduleSource } from './schedule-source';

export interface ScheduleLocator {
  namespaceName: string;
  collectionName: string;
  scheduleId: string;
}

export interface ScheduleServiceDeps {
  store: ScheduleStore;
  ingestions: Pick<
    IngestionService,
    | 'prepare'
    | 'start'
    | 'stillConnected'
    | 'earlierRun'
    | 'claimRun'
    | 'noteScheduleOfKey'
    | 'newRun'
    | 'enqueueOrLeaveToReconciler'
  >;
  resolver: CollectionResolver;
  secrets: SecretBox;
  /** The schedules' clock (a test may move it). */
  now?: () => Date;
}

/** A state change that lost to a concurrent one is tried again on the fresh record. */
const STATE_CHANGE_ATTEMPTS = 5;

/** The schedules of an account: created with an ingestion, listed, paused, resumed, deleted. */
export class ScheduleService {
  private readonly now: () => Date;

  constructor(private readonly deps: ScheduleServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Starts the ingestion and schedules its re-runs: a new schedule, or the one the collection
   * already has for this source, replaced (cron, spec, credentials) and active again. Nothing
   * is written when the schedule or the source is refused. With an Idempotency-Key, a request
   * sent again gets the ingestion and schedule the first one made.
   */
  async createScheduledIngestion(
    accountId: string,
    input: CreateIngestionInput,
    schedule: ScheduleRuleInput,
    idempotency?: IdempotencyKey,
  ): Promise<{ ingestion: IngestionRecord; schedule: ScheduleRecord }> {
    const rule = ScheduleRule.parse(schedule);
    const { ingestions } = this.deps;
    const earlier = idempotency ? await ingestions.earlierRun(accountId, idempotency) : null;
    const earlierSchedule = earlier?.scheduleId
      ? await this.deps.store.getSchedule(earlier.scheduleId)
      : null;
    if (earlier && earlierSchedule)
      return { ingestion: earlier.ingestion, schedule: earlierSchedule };
    const source = await ingestions.prepare(accountId, input);
    const id = idempotency ? await ingestions.claimRun(accountId, idempotency) : undefined;
    const ingestion = await ingestions.start(source, id);
    const at = this.now();
    const saved = await this.deps.store.saveSchedule({
      id: newScheduleId(at.getTime()),
      accountId,
      collectionId: source.collectionId,
      type: source.type,
      spec: source.spec,
      secrets: source.secrets
        ? this.deps.secrets.sealJson(
            source.secrets,
            scheduleSecretContext(source.collectionId, source.sourceKey),
          )
        : null,
      sourceKey: source.sourceKey,
      usesConnection: source.usesConnection,
      cron: rule.cron,
      timezone: rule.timezone,
      nextRunAt: rule.nextAfter(at),
      lastRunIngestionId: ingestion.id,
      at,
    });
    if (idempotency) await ingestions.noteScheduleOfKey(accountId, idempotency, saved.id);
    return { ingestion, schedule: saved };
  }

  async list(
    accountId: string,
    query: {
      namespaceName: string;
      collectionName?: string | null;
      status?: ScheduleStatus | null;
      limit?: number | null;
      cursor?: string | null;
    },
  ): Promise<Paged<ScheduleRecord>> {
    const { resolver, store } = this.deps;
    const page = await store.listSchedules({
      ...(await resolver.listScope(accountId, query.namespaceName, query.collectionName)),
      status: query.status ?? undefined,
      after: decodeCursor(query.cursor),
      limit: pageSize(query.limit),
    });
    return { items: page.items, nextCursor: encodeCursor(page.nextAfter) };
  }

  /** No more runs until resumed; a run under way goes on. Pausing twice changes nothing. */
  async pause(accountId: string, locator: ScheduleLocator): Promise<ScheduleRecord> {
    return this.retryAtVersion(
      accountId,
      locator,
      async (schedule) =>
        schedule.status === 'paused'
          ? 'unchanged'
          : this.deps.store.updateScheduleState(schedule.id, schedule.version, {
              status: 'paused',
              stop: null,
              nextRunAt: null,
              at: this.now(),
            }),
      'updated',
    );
  }

  /**
   * Active again from now on (a paused or stopped schedule; runs missed meanwhile are not
   * made up). A schedule on an OAuth connection needs the connection back first.
   */
  async resume(accountId: string, locator: ScheduleLocator): Promise<ScheduleRecord> {
    return this.retryAtVersion(
      accountId,
      locator,
      async (schedule) => {
        if (schedule.status === 'active') return 'unchanged';
        if (!(await this.deps.ingestions.stillConnected(schedule))) {
          throw new SourceNotConnectedError(schedule.type);
        }
        const at = this.now();
        const rule = ScheduleRule.parse({ cron: schedule.cron, timezone: schedule.timezone });
        return this.deps.store.updateScheduleState(schedule.id, schedule.version, {
          status: 'active',
          stop: null,
          nextRunAt: rule.nextAfter(at),
          at,
        });
      },
      'updated',
    );
  }

  /**
   * Starts a run of an active schedule now, outside its cron (the next scheduled run stays),
   * with its stored credentials or the account's connection. While a run of the source is
   * queued or running nothing starts: never two at once.
   */
  async runNow(accountId: string, locator: ScheduleLocator): Promise<ScheduleRecord> {
    return this.retryAtVersion(
      accountId,
      locator,
      async (schedule) => {
        if (schedule.status !== 'active') {
          throw new InvalidRequestError(
            `The schedule is ${schedule.status}: resume it before running it.`,
          );
        }
        const source = scheduleSource(schedule, this.deps.secrets);
        if (!source) throw new InvalidRequestError(CREDENTIALS_UNAVAILABLE);
        if (!(await this.deps.ingestions.stillConnected(source))) {
          throw new SourceNotConnectedError(schedule.type);
        }
        const at = this.now();
        const run = this.deps.ingestions.newRun(source, newIngestionId(at.getTime()));
        const claim = await this.deps.store.claimRun({
          scheduleId: schedule.id,
          version: schedule.version,
          nextRunAt: schedule.nextRunAt ?? at,
          run,
          at,
        });
        if (claim === 'started') await this.deps.ingestions.enqueueOrLeaveToReconciler(run);
        return claim !== 'lost';
      },
      'run',
    );
  }

  /**
   * A new cron and time zone (`400` naming `cron` or `timezone` when refused): an active
   * schedule's next run is counted from now on the new rule; a paused or stopped one stays so.
   */
  async updateRule(
    accountId: string,
    locator: ScheduleLocator,
    input: ScheduleRuleInput,
  ): Promise<ScheduleRecord> {
    const rule = ScheduleRule.parse(input, '');
    return this.retryAtVersion(
      accountId,
      locator,
      async (schedule) => {
        const at = this.now();
        return this.deps.store.updateScheduleRule(schedule.id, schedule.version, {
          cron: rule.cron,
          timezone: rule.timezone,
          nextRunAt: schedule.status === 'active' ? rule.nextAfter(at) : null,
          at,
        });
      },
      'updated',
    );
  }

  /** Deletes the schedule and its sealed credentials; a run under way goes on. */
  async delete(accountId: string, locator: ScheduleLocator): Promise<void> {
    const schedule = await this.find(accountId, locator);
    if (!(await this.deps.store.deleteSchedule(schedule.id))) {
      throw new NotFoundError(`Schedule ${locator.scheduleId} does not exist.`);
    }
  }

  /** The account disconnected a source: its schedules on that connection stop, saying why. */
  async connectionDeleted(accountId: string, type: string): Promise<number> {
    return this.deps.store.stopSchedulesOnConnection(
      accountId,
      type,
      {
        code: 'source_not_connected',
        message: `The ${type} connection this schedule runs on was deleted. Connect ${type} again, then resume the schedule.`,
      },
      this.now(),
    );
  }

  /**
   * Reads the schedule and writes at its version: `false` (the version moved on) reads it
   * again and retries, `'unchanged'` returns the schedule as read, `true` the one written.
   */
  private async retryAtVersion(
    accountId: string,
    locator: ScheduleLocator,
    write: (schedule: ScheduleRecord) => Promise<boolean | 'unchanged'>,
    verb: 'updated' | 'run',
  ): Promise<ScheduleRecord> {
    for (let attempt = 1; ; attempt++) {
      const schedule = await this.find(accountId, locator);
      const written = await write(schedule);
      if (written === 'unchanged') return schedule;
      if (written) return this.find(accountId, locator);
      if (attempt >= STATE_CHANGE_ATTEMPTS) {
        throw new Error(`schedule ${schedule.id} kept changing while being ${verb}`);
      }
    }
  }

  private async find(accountId: string, locator: ScheduleLocator): Promise<ScheduleRecord> {
    const { collection } = await this.deps.resolver.collection(
      accountId,
      locator.namespaceName,
      locator.collectionName,
    );
    const schedule = await this.deps.store.getSchedule(locator.scheduleId);
    if (!schedule || schedule.collectionId !== collection.id || schedule.accountId !== accountId) {
      throw new NotFoundError(
        `Schedule ${locator.scheduleId} does not exist in ${locator.namespaceName}/${locator.collectionName}.`,
      );
    }
    return schedule;
  }
}
