/// <reference types="jest" />
import {
  defineJob,
  jobHandler,
  PermanentJobError,
  RetryLaterError,
  type JobContext,
  type JobDefinition,
  type JobQueue,
  type JobState,
  type WorkerOptions,
} from '../../src';
import { deferred, pause, untilAborted, waitFor } from '../support/async-waits';

/** What a driver under test provides for each test. */
export interface JobQueueHarness {
  /** A fresh queue constructed with the jobs handed to the factory. */
  queue: JobQueue;
  /**
   * Opens another instance on the same backing store (another process, in production). Drivers
   * without a shared store leave it out; the suite then restarts `queue` where it needs a second
   * worker.
   */
  openAnother?: () => Promise<JobQueue>;
  /** Closes every queue the harness opened and removes its storage. */
  cleanup(): Promise<void>;
}

export type JobQueueHarnessFactory = (
  jobs: readonly JobDefinition<unknown>[],
) => Promise<JobQueueHarness>;

interface WorkPayload {
  label: string;
}

/** The job most tests run; small backoffs keep retries fast on every driver. */
const work = defineJob<WorkPayload>('conformance.work', { maxAttempts: 3, backoffMs: 10 });
/** A second declared job, so catalogue checks have something to miss. */
const sideJob = defineJob<{ n: number }>('conformance.side', { maxAttempts: 1, backoffMs: 10 });
const CATALOGUE: readonly JobDefinition<unknown>[] = [work, sideJob];

type WorkHandler = (payload: WorkPayload, context: JobContext) => Promise<void>;

/**
 * The behaviour every JobQueue driver shares. Register with e.g.
 * `describeJobQueueConformance('SqliteJobQueue', async (jobs) => ({ queue, openAnother, cleanup }))`.
 */
export function describeJobQueueConformance(name: string, factory: JobQueueHarnessFactory): void {
  describe(`${name} (JobQueue conformance)`, () => {
    let harness: JobQueueHarness;
    let queue: JobQueue;

    beforeEach(async () => {
      harness = await factory(CATALOGUE);
      queue = harness.queue;
    });

    afterEach(async () => {
      await harness.cleanup();
    });

    const startWith = (
      target: JobQueue,
      handle: WorkHandler,
      options?: WorkerOptions,
    ): Promise<void> =>
      target.start([jobHandler(work, handle), jobHandler(sideJob, async () => undefined)], options);

    describe('catalogue', () => {
      it('refuses to enqueue a job it was not constructed with', async () => {
        const stranger = defineJob<WorkPayload>('conformance.stranger');
        await expect(queue.enqueue(stranger, { label: 'x' }, { jobId: 's-1' })).rejects.toThrow(
          /conformance\.stranger/,
        );
        expect(await queue.getJob('s-1')).toBeNull();
      });

      it('refuses to start without a handler for every declared job, naming them', async () => {
        await expect(queue.start([jobHandler(work, async () => undefined)])).rejects.toThrow(
          /conformance\.side/,
        );
        await expect(queue.start([])).rejects.toThrow(/conformance\.work.*conformance\.side/);
      });

      it('refuses to start with a handler for an undeclared or twice-handled job', async () => {
        const stranger = defineJob<WorkPayload>('conformance.stranger');
        const noop = async (): Promise<void> => undefined;
        await expect(
          queue.start([
            jobHandler(work, noop),
            jobHandler(sideJob, noop),
            jobHandler(stranger, noop),
          ]),
        ).rejects.toThrow(/conformance\.stranger/);
        await expect(
          queue.start([jobHandler(work, noop), jobHandler(work, noop), jobHandler(sideJob, noop)]),
        ).rejects.toThrow(/conformance\.work/);
      });
    });

    describe('enqueue and run', () => {
      it('runs a job enqueued before start with its payload and a fresh context', async () => {
        const seen: { payload: WorkPayload; jobId: string; attempt: number; aborted: boolean }[] =
          [];
        await queue.enqueue(work, { label: 'héllo ✓' }, { jobId: 'run-1' });
        expect(await queue.getJob('run-1')).toEqual({
          jobId: 'run-1',
          name: work.name,
          state: 'waiting',
          attempts: 0,
          lastError: null,
        });
        await startWith(queue, async (payload, context) => {
          seen.push({
            payload,
            jobId: context.jobId,
            attempt: context.attempt,
            aborted: context.signal.aborted,
          });
        });
        await queue.whenIdle(5_000);
        expect(seen).toEqual([
          { payload: { label: 'héllo ✓' }, jobId: 'run-1', attempt: 1, aborted: false },
        ]);
        expect(await queue.getJob('run-1')).toEqual({
          jobId: 'run-1',
          name: work.name,
          state: 'completed',
          attempts: 1,
          lastError: null,
        });
      });

      it('runs a job enqueued while started', async () => {
        const labels: string[] = [];
        await startWith(queue, async ({ label }) => void labels.push(label));
        await queue.enqueue(work, { label: 'late' }, { jobId: 'run-2' });
        await waitForState(queue, 'run-2', 'completed');
        expect(labels).toEqual(['late']);
      });

      it('is idempotent by jobId, also once the first job has completed', async () => {
        const labels: string[] = [];
        expect(await queue.enqueue(work, { label: 'first' }, { jobId: 'same' })).toEqual({
          jobId: 'same',
          created: true,
        });
        expect(await queue.enqueue(work, { label: 'second' }, { jobId: 'same' })).toEqual({
          jobId: 'same',
          created: false,
        });
        await startWith(queue, async ({ label }) => void labels.push(label));
        await waitForState(queue, 'same', 'completed');
        expect(await queue.enqueue(work, { label: 'third' }, { jobId: 'same' })).toEqual({
          jobId: 'same',
          created: false,
        });
        await queue.whenIdle(5_000);
        expect(labels).toEqual(['first']);
      });

      it('refuses an empty jobId and a negative delay', async () => {
        await expect(queue.enqueue(work, { label: 'x' }, { jobId: '' })).rejects.toThrow(/jobId/);
        await expect(
          queue.enqueue(work, { label: 'x' }, { jobId: 'neg', delayMs: -1 }),
        ).rejects.toThrow(/delayMs/);
        expect(await queue.getJob('neg')).toBeNull();
      });

      it('reports an unknown job as null and ignores cancelling it', async () => {
        expect(await queue.getJob('nope')).toBeNull();
        await expect(queue.cancel('nope')).resolves.toBeUndefined();
        await expect(queue.health()).resolves.toBeUndefined();
      });
    });

    describe('retries', () => {
      it('retries a throwing handler up to maxAttempts, then fails with the last message', async () => {
        const attempts: number[] = [];
        await startWith(queue, async (_payload, { attempt }) => {
          attempts.push(attempt);
          throw new Error(`boom ${attempt}`);
        });
        await queue.enqueue(work, { label: 'x' }, { jobId: 'fail-1' });
        await waitForState(queue, 'fail-1', 'failed');
        expect(attempts).toEqual([1, 2, 3]);
        expect(await queue.getJob('fail-1')).toMatchObject({
          state: 'failed',
          attempts: 3,
          lastError: 'boom 3',
        });
      });

      it('completes when a retry succeeds', async () => {
        await startWith(queue, async (_payload, { attempt }) => {
          if (attempt < 3) throw new Error(`flaky ${attempt}`);
        });
        await queue.enqueue(work, { label: 'x' }, { jobId: 'flaky-1' });
        await waitForState(queue, 'flaky-1', 'completed');
        expect(await queue.getJob('flaky-1')).toMatchObject({ attempts: 3, lastError: 'flaky 2' });
      });

      it('fails at once on PermanentJobError', async () => {
        const attempts: number[] = [];
        await startWith(queue, async (_payload, { attempt }) => {
          attempts.push(attempt);
          throw new PermanentJobError('bad spec');
        });
        await queue.enqueue(work, { label: 'x' }, { jobId: 'perm-1' });
        await waitForState(queue, 'perm-1', 'failed');
        expect(attempts).toEqual([1]);
        expect(await queue.getJob('perm-1')).toMatchObject({ attempts: 1, lastError: 'bad spec' });
      });

      it('puts a job back on RetryLaterError without using an attempt', async () => {
        const attempts: number[] = [];
        await startWith(queue, async (_payload, { attempt }) => {
          attempts.push(attempt);
          // More postponements than maxAttempts: they must not count.
          if (attempts.length <= 4) throw new RetryLaterError(15, 'collection locked');
        });
        await queue.enqueue(work, { label: 'x' }, { jobId: 'later-1' });
        await waitForState(queue, 'later-1', 'completed');
        expect(attempts).toEqual([1, 1, 1, 1, 1]);
        expect(await queue.getJob('later-1')).toMatchObject({ attempts: 1, lastError: null });
      });

      it('keeps a job waiting during its RetryLaterError delay', async () => {
        let runs = 0;
        await startWith(queue, async () => {
          runs += 1;
          if (runs === 1) throw new RetryLaterError(60_000);
        });
        await queue.enqueue(work, { label: 'x' }, { jobId: 'later-2' });
        await waitFor(() => runs === 1);
        await waitForState(queue, 'later-2', 'waiting');
        await queue.whenIdle(5_000);
        expect(runs).toBe(1);
        expect(await queue.getJob('later-2')).toMatchObject({ state: 'waiting', attempts: 0 });
      });
    });

    describe('scheduling', () => {
      it('holds a delayed job until its delay has passed', async () => {
        const ran: string[] = [];
        await startWith(queue, async ({ label }) => void ran.push(label));
        await queue.enqueue(work, { label: 'delayed' }, { jobId: 'delay-1', delayMs: 800 });
        await queue.enqueue(work, { label: 'now' }, { jobId: 'now-1' });
        await waitForState(queue, 'now-1', 'completed');
        // Not due yet, so it does not keep the queue busy.
        await queue.whenIdle(5_000);
        expect(ran).toEqual(['now']);
        expect(await queue.getJob('delay-1')).toMatchObject({ state: 'waiting', attempts: 0 });
        await waitForState(queue, 'delay-1', 'completed');
        expect(ran).toEqual(['now', 'delayed']);
      });

      it('never runs more than `concurrency` jobs at once, and uses them all', async () => {
        let running = 0;
        let maxRunning = 0;
        await startWith(
          queue,
          async () => {
            running += 1;
            maxRunning = Math.max(maxRunning, running);
            await pause(25);
            running -= 1;
          },
          { concurrency: 2 },
        );
        for (let i = 0; i < 6; i += 1) {
          await queue.enqueue(work, { label: `c${i}` }, { jobId: `conc-${i}` });
        }
        await waitFor(async () => (await queue.counts()).completed === 6);
        expect(maxRunning).toBe(2);
      });

      it('whenIdle waits for running jobs and rejects on timeout', async () => {
        const release = deferred<void>();
        let finished = 0;
        await startWith(queue, async ({ label }) => {
          if (label === 'blocked') await release.promise;
          finished += 1;
        });
        await queue.enqueue(work, { label: 'a' }, { jobId: 'idle-a' });
        await queue.enqueue(work, { label: 'blocked' }, { jobId: 'idle-b' });
        await queue.enqueue(work, { label: 'c' }, { jobId: 'idle-c' });
        await expect(queue.whenIdle(100)).rejects.toThrow(/busy/);
        release.resolve();
        await queue.whenIdle(5_000);
        expect(finished).toBe(3);
        expect((await queue.counts()).completed).toBe(3);
      });

      it('counts jobs by state', async () => {
        await startWith(queue, async ({ label }) => {
          if (label === 'fail') throw new PermanentJobError('no');
        });
        await queue.enqueue(work, { label: 'ok' }, { jobId: 'count-ok' });
        await queue.enqueue(work, { label: 'fail' }, { jobId: 'count-fail' });
        await queue.enqueue(work, { label: 'later' }, { jobId: 'count-later', delayMs: 60_000 });
        await queue.enqueue(work, { label: 'cancel' }, { jobId: 'count-cancel', delayMs: 60_000 });
        await queue.cancel('count-cancel');
        await queue.whenIdle(5_000);
        expect(await queue.counts()).toEqual({
          waiting: 1,
          active: 0,
          completed: 1,
          failed: 1,
          canceled: 1,
        });
      });
    });

    describe('fair claim order across groups', () => {
      /** Starts one job at a time and records the labels in the order they ran. */
      const runOneAtATime = async (
        onRun: (label: string, context: JobContext) => Promise<void> = async () => undefined,
      ): Promise<string[]> => {
        const ran: string[] = [];
        await startWith(
          queue,
          async ({ label }, context) => {
            ran.push(label);
            await onRun(label, context);
          },
          { concurrency: 1 },
        );
        return ran;
      };
      const enqueueAll = async (labels: string[], group?: string): Promise<void> => {
        for (const label of labels) {
          await queue.enqueue(work, { label }, { jobId: `fair-${label}`, group });
        }
      };

      it('serves the groups with waiting jobs in turn, one job each, in arrival order within one', async () => {
        await enqueueAll(['a1', 'a2', 'a3', 'a4'], 'A');
        await enqueueAll(['b1', 'b2'], 'B');
        await enqueueAll(['c1'], 'C');
        // Jobs without a group share one.
        await enqueueAll(['n1', 'n2']);
        const ran = await runOneAtATime();
        await waitFor(() => ran.length === 9);
        expect(ran).toEqual(['a1', 'b1', 'c1', 'n1', 'a2', 'b2', 'n2', 'a3', 'a4']);
      });

      it('serves a group that enqueues behind a long backlog in the next round', async () => {
        await enqueueAll(['a1', 'a2', 'a3', 'a4', 'a5', 'a6'], 'A');
        const ran = await runOneAtATime(async (label) => {
          if (label === 'a1') await enqueueAll(['b1', 'b2'], 'B');
        });
        await waitFor(() => ran.length === 8);
        // First in, first out would run b1 and b2 after a6.
        expect(ran).toEqual(['a1', 'a2', 'b1', 'a3', 'b2', 'a4', 'a5', 'a6']);
      });

      it('puts a postponed job (RetryLaterError) behind the waiting jobs of its group', async () => {
        await enqueueAll(['a1', 'a2', 'a3'], 'A');
        await enqueueAll(['b1'], 'B');
        let postponed = false;
        const ran = await runOneAtATime(async (label) => {
          if (label === 'a1' && !postponed) {
            postponed = true;
            throw new RetryLaterError(10, 'not yet');
          }
          // Long enough for a1's delay to pass before the next claim.
          if (label === 'b1') await pause(100);
        });
        await waitFor(() => ran.length === 5);
        expect(ran).toEqual(['a1', 'b1', 'a2', 'a3', 'a1']);
      });

      it('keeps the round of a job a stopping worker handed back, ahead of the next round', async () => {
        await enqueueAll(['a1', 'a2'], 'A');
        await enqueueAll(['b1'], 'B');
        const started = deferred<void>();
        await startWith(queue, async (_payload, { signal }) => {
          started.resolve();
          await untilAborted(signal);
          throw signal.reason;
        });
        await started.promise;
        await queue.stop(5_000);
        const ran: string[] = [];
        const next = await sameStore();
        await startWith(next, async ({ label }) => void ran.push(label), { concurrency: 1 });
        await waitFor(() => ran.length === 3);
        // a1 is due again after b1, in the same round; in a new one it would come after a2.
        expect(ran).toEqual(['b1', 'a1', 'a2']);
      });

      it('refuses a group that is not a short string', async () => {
        await expect(
          queue.enqueue(work, { label: 'x' }, { jobId: 'fair-long', group: 'g'.repeat(201) }),
        ).rejects.toThrow(/group/);
        expect(await queue.getJob('fair-long')).toBeNull();
      });
    });

    describe('cancel', () => {
      it('cancels a waiting job, which then never runs', async () => {
        let runs = 0;
        await queue.enqueue(work, { label: 'x' }, { jobId: 'cw-1' });
        await queue.cancel('cw-1');
        expect(await queue.getJob('cw-1')).toMatchObject({ state: 'canceled', attempts: 0 });
        await startWith(queue, async () => void (runs += 1));
        await queue.enqueue(work, { label: 'y' }, { jobId: 'cw-2' });
        await waitForState(queue, 'cw-2', 'completed');
        expect(runs).toBe(1);
        expect(await queue.getJob('cw-1')).toMatchObject({ state: 'canceled' });
        expect(await queue.enqueue(work, { label: 'x' }, { jobId: 'cw-1' })).toEqual({
          jobId: 'cw-1',
          created: false,
        });
      });

      it('aborts the signal of an active job, which ends canceled when its handler throws', async () => {
        const started = deferred<void>();
        let abortReason: unknown;
        await startWith(queue, async (_payload, { signal }) => {
          started.resolve();
          await untilAborted(signal);
          abortReason = signal.reason;
          throw signal.reason;
        });
        await queue.enqueue(work, { label: 'x' }, { jobId: 'ca-1' });
        await started.promise;
        expect(await queue.getJob('ca-1')).toMatchObject({ state: 'active' });
        await queue.cancel('ca-1');
        await waitForState(queue, 'ca-1', 'canceled');
        expect(abortReason).toBeInstanceOf(Error);
        expect(await queue.getJob('ca-1')).toMatchObject({ state: 'canceled', attempts: 1 });
      });

      it('ends a canceled active job canceled even when its handler returns normally', async () => {
        const started = deferred<void>();
        await startWith(queue, async (_payload, { signal }) => {
          started.resolve();
          await untilAborted(signal);
        });
        await queue.enqueue(work, { label: 'x' }, { jobId: 'ca-2' });
        await started.promise;
        await queue.cancel('ca-2');
        await waitForState(queue, 'ca-2', 'canceled');
        await queue.whenIdle(5_000);
        expect(await queue.getJob('ca-2')).toMatchObject({ state: 'canceled' });
      });

      it('leaves finished jobs alone', async () => {
        await startWith(queue, async () => undefined);
        await queue.enqueue(work, { label: 'x' }, { jobId: 'cf-1' });
        await waitForState(queue, 'cf-1', 'completed');
        await queue.cancel('cf-1');
        expect(await queue.getJob('cf-1')).toMatchObject({ state: 'completed' });
      });
    });

    describe('stop', () => {
      it('aborts running handlers and hands their jobs back for another worker, attempt unused', async () => {
        const started = deferred<void>();
        await startWith(queue, async (_payload, { signal }) => {
          started.resolve();
          await untilAborted(signal);
          throw signal.reason;
        });
        await queue.enqueue(work, { label: 'x' }, { jobId: 'stop-1' });
        await started.promise;
        await queue.stop(5_000);
        expect(await queue.getJob('stop-1')).toMatchObject({ state: 'waiting', attempts: 0 });

        const attempts: number[] = [];
        const next = await sameStore();
        await startWith(next, async (_payload, { attempt }) => void attempts.push(attempt));
        await waitForState(next, 'stop-1', 'completed');
        expect(attempts).toEqual([1]);
        expect(await next.getJob('stop-1')).toMatchObject({ attempts: 1, lastError: null });
      });

      it('hands back a job whose handler ignores the abort past the timeout, and ignores its late ending', async () => {
        const started = deferred<void>();
        const release = deferred<void>();
        let firstRunEnded = false;
        await startWith(queue, async () => {
          started.resolve();
          await release.promise;
          firstRunEnded = true;
          throw new Error('late failure of the first run');
        });
        await queue.enqueue(work, { label: 'x' }, { jobId: 'stop-2' });
        await started.promise;
        await queue.stop(50);
        expect(await queue.getJob('stop-2')).toMatchObject({ state: 'waiting', attempts: 0 });

        const next = await sameStore();
        await startWith(next, async () => undefined);
        await waitForState(next, 'stop-2', 'completed');
        release.resolve();
        await waitFor(() => firstRunEnded);
        await pause(20);
        expect(await next.getJob('stop-2')).toMatchObject({
          state: 'completed',
          attempts: 1,
          lastError: null,
        });
      });

      it('completes a job whose handler returns normally after the stop abort', async () => {
        const started = deferred<void>();
        await startWith(queue, async (_payload, { signal }) => {
          started.resolve();
          await untilAborted(signal);
        });
        await queue.enqueue(work, { label: 'x' }, { jobId: 'stop-3' });
        await started.promise;
        await queue.stop(5_000);
        expect(await queue.getJob('stop-3')).toMatchObject({ state: 'completed', attempts: 1 });
      });

      it('stops claiming: jobs enqueued after stop wait', async () => {
        await startWith(queue, async () => undefined);
        await queue.stop(1_000);
        await queue.enqueue(work, { label: 'x' }, { jobId: 'stop-4' });
        await pause(50);
        expect(await queue.getJob('stop-4')).toMatchObject({ state: 'waiting' });
      });
    });

    describe('instances sharing a store', () => {
      it('runs a job enqueued through another instance, once, whatever instance enqueues it again', async () => {
        const producer = await sameStore();
        const labels: string[] = [];
        await startWith(queue, async ({ label }) => void labels.push(label));
        expect(await producer.enqueue(work, { label: 'remote' }, { jobId: 'shared-1' })).toEqual({
          jobId: 'shared-1',
          created: true,
        });
        await waitForState(queue, 'shared-1', 'completed');
        expect(await queue.enqueue(work, { label: 'again' }, { jobId: 'shared-1' })).toEqual({
          jobId: 'shared-1',
          created: false,
        });
        expect(await producer.getJob('shared-1')).toMatchObject({ state: 'completed' });
        expect(labels).toEqual(['remote']);
      });

      it('cancels an active job through another instance', async () => {
        const producer = await sameStore();
        const started = deferred<void>();
        await startWith(queue, async (_payload, { signal }) => {
          started.resolve();
          await untilAborted(signal);
          throw signal.reason;
        });
        await producer.enqueue(work, { label: 'x' }, { jobId: 'shared-2' });
        await started.promise;
        await producer.cancel('shared-2');
        await waitForState(queue, 'shared-2', 'canceled');
        expect(await producer.getJob('shared-2')).toMatchObject({ state: 'canceled' });
      });
    });

    /**
     * Another instance on the same store (as another process would be), or `queue` itself when
     * the driver has no shared store: a stopped queue can then be restarted as the next worker.
     */
    async function sameStore(): Promise<JobQueue> {
      return harness.openAnother ? harness.openAnother() : queue;
    }
  });
}

async function waitForState(
  queue: JobQueue,
  jobId: string,
  state: JobState,
  timeoutMs = 5_000,
): Promise<void> {
  await waitFor(
    async () => (await queue.getJob(jobId))?.state === state,
    timeoutMs,
    () =>
      queue.getJob(jobId).then((job) => `job ${jobId}: ${JSON.stringify(job)}, wanted ${state}`),
  );
}
