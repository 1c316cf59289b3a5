import { randomBytes } from 'node:crypto';
import type { SourceConnector } from '@docent/connector-sdk';
import { CollectionResolver } from '@docent/catalog';
import { SecretBox } from '@docent/credentials-vault';
import {
  ConnectorRegistry,
  IngestionService,
  JOB_CATALOG,
  type Logger,
  type SourceConnections,
} from '@docent/ingestion';
import { InlineJobQueue } from '@docent/job-queue';
import {
  openMetadataStore,
  type IngestionErrorCode,
  type MetadataStore,
  type MetadataStoreLocation,
} from '@docent/metadata-store';
import { ScheduleService, Scheduler } from '../../src';

interface NotesSpec {
  space: string;
  token?: string;
}

/** A source type whose spec takes a token (bearer) or none (the account's OAuth connection). */
const notesConnector: SourceConnector<NotesSpec> = {
  validateSpec: (spec) => ({ ok: true, spec: spec as unknown as NotesSpec }),
  authModeFor: (spec) => (spec.token ? 'bearer' : 'oauth'),
  sourceKey: (spec) => `notes:${spec.space}`,
  sourceUrls: () => [],
  open: async () => {
    throw new Error('the scheduler tests never run an ingestion');
  },
};

/** OAuth connections the test turns on and off. */
export class SwitchableConnections implements SourceConnections {
  readonly connected = new Set<string>();

  async has(accountId: string, type: string): Promise<boolean> {
    return this.connected.has(`${accountId}:${type}`);
  }

  async credentials() {
    return null;
  }
}

export class RecordingLogger implements Logger {
  readonly lines: Array<{ level: string; message: string; fields?: Record<string, unknown> }> = [];
  debug(message: string, fields?: Record<string, unknown>) {
    this.lines.push({ level: 'debug', message, fields });
  }
  info(message: string, fields?: Record<string, unknown>) {
    this.lines.push({ level: 'info', message, fields });
  }
  warn(message: string, fields?: Record<string, unknown>) {
    this.lines.push({ level: 'warn', message, fields });
  }
  error(message: string, fields?: Record<string, unknown>) {
    this.lines.push({ level: 'error', message, fields });
  }
}

export interface SchedulesFixture {
  store: MetadataStore;
  secrets: SecretBox;
  queue: InlineJobQueue;
  ingestions: IngestionService;
  schedules: ScheduleService;
  connections: SwitchableConnections;
  logger: RecordingLogger;
  accountId: string;
  /** The schedules' clock. */
  clock: { now: Date };
  setNow(iso: string): void;
  /** Another process's scheduler on the same database (its own key unless given). */
  scheduler(options?: { secrets?: SecretBox }): Scheduler;
  /** Starts an ingestion with a schedule, as create_ingestion does. */
  createScheduled(
    schedule: { cron: string; timezone?: string },
    spec?: Record<string, unknown>,
    collection?: string,
  ): ReturnType<ScheduleService['createScheduledIngestion']>;
  /** Ends an ingestion as a worker would. */
  endRun(
    ingestionId: string,
    status: 'succeeded' | 'failed',
    error?: { code: IngestionErrorCode; message: string },
  ): Promise<void>;
  close(): Promise<void>;
}

export async function schedulesFixture(
  location: MetadataStoreLocation = { kind: 'sqlite', path: ':memory:' },
  key: Buffer = randomBytes(32),
): Promise<SchedulesFixture> {
  const store = await openMetadataStore(location);
  const secrets = new SecretBox(key);
  const queue = new InlineJobQueue({ jobs: JOB_CATALOG });
  const resolver = new CollectionResolver(store.catalog);
  const connections = new SwitchableConnections();
  const logger = new RecordingLogger();
  const clock = { now: new Date('2026-05-04T10:30:00Z') };
  const now = () => new Date(clock.now);
  const ingestions = new IngestionService({
    store: store.ingestions,
    queue,
    collectionLock: store.collectionLock,
    resolver,
    connectors: new ConnectorRegistry([
      {
        descriptor: {
          type: 'WIKI',
          secretFields: ['token'],
          documentNames: 'title',
          links: { pageLinks: false },
        },
        connector: notesConnector as SourceConnector<unknown>,
        validateSpec: (spec) => notesConnector.validateSpec(spec),
      },
    ]),
    secrets,
    connections,
    endpoints: {},
    allowPrivateNetwork: false,
    now,
  });
  const schedules = new ScheduleService({
    store: store.schedules,
    ingestions,
    resolver,
    secrets,
    now,
  });
  const account = await store.accounts.ensureAccount('acme');
  return {
    store,
    secrets,
    queue,
    ingestions,
    schedules,
    connections,
    logger,
    accountId: account.id,
    clock,
    setNow(iso) {
      clock.now = new Date(iso);
    },
    scheduler(options = {}) {
      return new Scheduler({
        store: store.schedules,
        ingestions,
        secrets: options.secrets ?? secrets,
        logger,
        now,
      });
    },
    createScheduled(schedule, spec = { space: 'ENG', token: 'notes-token-1' }, collection = 'kb') {
      return schedules.createScheduledIngestion(
        account.id,
        { namespaceName: 'docs', collectionName: collection, type: 'WIKI', spec },
        schedule,
      );
    },
    async endRun(ingestionId, status, error) {
      await store.ledger.startIngestion(ingestionId, now());
      await store.ledger.endIngestion(ingestionId, ['running'], status, {
        at: now(),
        error: error ?? null,
      });
    },
    async close() {
      await queue.close();
      await store.close();
    },
  };
}
