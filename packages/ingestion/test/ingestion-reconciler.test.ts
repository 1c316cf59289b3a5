import { DependencyMonitor } from '@docent/dependency-health';
import { InlineJobQueue } from '@docent/job-queue';
import {
  IngestionReconciler,
  JOB_CATALOG,
  SILENT_LOGGER,
  finalizeJobId,
  ingestBatchJobId,
  ingestJobId,
  type ReconcileReport,
} from '../src';
import {
  ingestionFixture,
  type IngestionFixture,
  type ScriptedPage,
} from './support/ingestion-fixture';

function pages(count: number): ScriptedPage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `p${i + 1}`,
    title: `Page ${i + 1}`,
    version: '1',
    text: `Page ${i + 1} says the secret number is ${1000 + i}. It also has filler words to make a chunk.`,
  }));
}

const none: ReconcileReport = {
  enqueued_missing: 0,
  requeued_failed: 0,
  replaced_stalled: 0,
  failed_outage: 0,
  removed_orphans: 0,
};

describe('IngestionReconciler', () => {
  let f: IngestionFixture;
  afterEach(() => f?.close());

  async function collectionId(name = 'kb'): Promise<string> {
    const ns = await f.store.catalog.findNamespace(f.accountId, 'docs');
    return (await f.store.catalog.findCollection(ns!.id, name))!.id;
  }
  const ingestion = (id: string) => f.store.ingestions.getIngestion(id);
  const catalogChunks = async () =>
    (await f.store.catalog.listDocuments(await collectionId(), { limit: 100 })).items.reduce(
      (sum, document) => sum + document.chunkCount,
      0,
    );

  it('enqueues what a queue that lost everything forgot, and the ingestion ends exactly', async () => {
    f = await ingestionFixture({ listingAheadBatches: 100 });
    f.source.pages = pages(10);
    let lost: Promise<void> | undefined;
    f.source.onFetch = {
      pageId: 'p5',
      run: async () => {
        f.source.onFetch = null;
        lost = f.loseQueue();
        await new Promise((resolve) => setTimeout(resolve, 10));
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
    };
    const id = await f.create();
    await f.start();
    while (!lost) await new Promise((resolve) => setTimeout(resolve, 5));
    await lost;
    expect((await ingestion(id))?.status).toBe('running');
    expect(await f.queue.getJob(ingestBatchJobId(id, 3))).toBeNull();

    const report = await f.reconciler.reconcile();
    expect(report.enqueued_missing).toBeGreaterThan(0);
    // A second pass finds nothing missing: the ids are the same.
    expect(await f.reconciler.reconcile()).toEqual(none);
    await f.run();
    const done = await ingestion(id);
    expect(done).toMatchObject({
      status: 'succeeded',
      progress: { documentsDiscovered: 10, documentsProcessed: 10, documentsFailed: 0 },
    });
    expect(await f.index.countChunks(await collectionId())).toBe(10);
    expect(await catalogChunks()).toBe(10);
  });

  it('enqueues again, under its next generation, a job the queue failed for good', async () => {
    f = await ingestionFixture();
    f.source.pages = pages(6);
    const id = await f.create();
    f.failJobOnce = ingestBatchJobId(id, 2);
    await f.run();
    expect((await ingestion(id))?.status).toBe('running');
    expect(await f.queue.getJob(ingestBatchJobId(id, 2))).toMatchObject({ state: 'failed' });

    const groups: Array<string | undefined> = [];
    const enqueue = f.queue.enqueue.bind(f.queue);
    jest.spyOn(f.queue, 'enqueue').mockImplementation((job, payload, options) => {
      groups.push(options.group);
      return enqueue(job, payload, options);
    });
    const report = await f.reconciler.reconcile();
    expect(report).toEqual({ ...none, requeued_failed: 1 });
    // Back in its account's fairness group, like every job of the ingestion.
    expect(groups).toEqual([f.accountId]);
    await f.run();
    expect(await ingestion(id)).toMatchObject({
      status: 'succeeded',
      progress: { documentsProcessed: 6 },
    });
    expect(await f.queue.getJob(ingestBatchJobId(id, 2, 1))).toMatchObject({
      state: 'completed',
    });
    expect(await f.queue.getJob(finalizeJobId(id))).toMatchObject({ state: 'completed' });
  });

  it('revives the finalize step and a queued ingestion whose listing job is gone', async () => {
    f = await ingestionFixture();
    f.source.pages = pages(2);
    const id = await f.create();
    await f.loseQueue();
    expect(await f.reconciler.reconcile()).toEqual({ ...none, enqueued_missing: 1 });
    expect(await f.queue.getJob(ingestJobId(id))).toMatchObject({ state: 'waiting' });
    f.failJobOnce = finalizeJobId(id);
    await f.run();
    expect((await ingestion(id))?.status).toBe('running');
    expect(await f.reconciler.reconcile()).toEqual({ ...none, requeued_failed: 1 });
    await f.run();
    expect((await ingestion(id))?.status).toBe('succeeded');
    expect(await f.queue.getJob(finalizeJobId(id, 1))).toMatchObject({ state: 'completed' });
  });

  it('fails a started ingestion that waited on the queue past the budget, naming it', async () => {
    f = await ingestionFixture();
    f.source.pages = pages(2);
    const id = await f.create();
    let now = Date.now();
    await f.store.ledger.startIngestion(id, new Date(now - 1_000));
    const dependencies = new DependencyMonitor({
      probes: {
        database: async () => {},
        queue: async () => {
          throw new Error('still down');
        },
        index: async () => {},
      },
      logger: SILENT_LOGGER,
      now: () => now,
    });
    const reconciler = new IngestionReconciler(
      {
        reconciliation: f.store.reconciliation,
        ledger: f.store.ledger,
        collectionLock: f.store.collectionLock,
        queue: f.queue,
        index: f.index,
        dependencies,
        now: () => new Date(now),
      },
      { outageLimitMs: 60_000 },
    );
    try {
      dependencies.noteFailure('queue', 'connect ECONNREFUSED 127.0.0.1:6379');
      now += 30_000;
      expect((await reconciler.reconcile()).failed_outage).toBe(0);
      now += 31_000;
      expect((await reconciler.reconcile()).failed_outage).toBe(1);
      expect(await ingestion(id)).toMatchObject({
        status: 'failed',
        errorCode: 'internal',
        errorMessage:
          'The job queue stayed unavailable for 61 s; the documents indexed so far are kept: run the ingestion again once it is back.',
      });
    } finally {
      dependencies.close();
    }
  });

  it('removes from the index what an ended ingestion wrote and never committed', async () => {
    f = await ingestionFixture();
    f.source.pages = pages(6);
    const id = await f.create();
    let writes = 0;
    const downOnThirdWrite = async (): Promise<void> => {
      if (++writes < 3) {
        f.beforeIndexWrite = downOnThirdWrite;
        return;
      }
      // The database goes away between the index write and its commit; the ingestion is
      // canceled while it is away.
      f.databaseDown = true;
      await f.service.cancel(f.accountId, 'docs', 'kb', id);
      setTimeout(() => (f.databaseDown = false), 50);
    };
    f.beforeIndexWrite = downOnThirdWrite;
    await f.run();
    const done = await ingestion(id);
    expect(done?.status).toBe('canceled');
    const listed = await catalogChunks();
    expect(done?.progress.chunksIndexed).toBe(listed);
    expect(await f.index.countChunks(await collectionId())).toBeGreaterThan(listed);

    const report = await f.reconciler.reconcile();
    // Every unlisted document of its abandoned batches, whether or not a write had reached it.
    expect(report.removed_orphans).toBeGreaterThanOrEqual(2);
    expect(await f.index.countChunks(await collectionId())).toBe(listed);
    expect(await f.store.reconciliation.listAbandonedBatches(10)).toEqual([]);
  });

  it('replaces a job active for the whole budget while its ingestion made no progress', async () => {
    f = await ingestionFixture();
    f.source.pages = pages(2);
    const id = await f.create();
    await f.store.ledger.startIngestion(id, new Date(Date.now() - 120_000));
    const queue = new InlineJobQueue({ jobs: JOB_CATALOG });
    const canceled: string[] = [];
    const stuck = {
      enqueue: queue.enqueue.bind(queue),
      getJob: async (jobId: string) =>
        jobId === ingestJobId(id)
          ? { jobId, name: 'ingest', state: 'active' as const, attempts: 1, lastError: null }
          : queue.getJob(jobId),
      cancel: async (jobId: string) => {
        canceled.push(jobId);
      },
    };
    const reconciler = new IngestionReconciler(
      {
        reconciliation: f.store.reconciliation,
        ledger: f.store.ledger,
        collectionLock: f.store.collectionLock,
        queue: stuck,
        index: f.index,
        dependencies: f.dependencies,
      },
      { outageLimitMs: 60_000 },
    );
    expect(await reconciler.reconcile()).toEqual({ ...none, replaced_stalled: 1 });
    expect(canceled).toEqual([ingestJobId(id)]);
    expect(await queue.getJob(ingestJobId(id, 1))).toMatchObject({ state: 'waiting' });
    await queue.close();
  });
});
