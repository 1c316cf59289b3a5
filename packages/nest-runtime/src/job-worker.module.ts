import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type Type,
} from '@nestjs/common';
import { BullModule, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { BullMqJobQueue, createBullMqProcessor, type BullMqProcessor } from '@docent/job-queue';
import type { DocentConfig, Runtime } from '@docent/runtime';
import { RUNTIME } from './runtime.module';

/** The BullMQ queue every Docent process of a deployment shares (keys under DOCENT_QUEUE_PREFIX). */
export const DOCENT_QUEUE = 'docent';

/** Embedded queue: the queue's own worker loop, in this process. */
@Injectable()
class EmbeddedQueueWorker implements OnApplicationBootstrap {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runtime.startWorker();
  }
}

/**
 * BullMQ: `@nestjs/bullmq` hosts the Worker; every job goes through the job-queue port's BullMQ
 * processor, so the semantics (retries, retry-later, cancel, hand-back on stop) are the ones its
 * conformance suite checks, and the handlers are checked against the job catalogue at start-up.
 */
function bullMqJobProcessor(config: DocentConfig): Type<WorkerHost> {
  // Started by hand once it has the queue's settings (lock duration, stalled check...).
  @Processor(DOCENT_QUEUE, { autorun: false })
  class BullMqJobProcessor extends WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
    private processor: BullMqProcessor | undefined;

    constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {
      super();
    }

    async process(job: Job, token?: string): Promise<unknown> {
      if (!this.processor) throw new Error('worker not started');
      return this.processor(job, token);
    }

    async onApplicationBootstrap(): Promise<void> {
      const queue = this.runtime.queue;
      if (!(queue instanceof BullMqJobQueue))
        throw new Error('REDIS_URL is set but the queue is not BullMQ');
      this.processor = createBullMqProcessor({ queue, handlers: this.runtime.jobHandlers });
      Object.assign(this.worker.opts, queue.workerOptions(config.workerConcurrency));
      this.worker.concurrency = config.workerConcurrency;
      queue.attachWorker(this.worker);
      void this.worker
        .run()
        .catch((error: unknown) =>
          this.runtime.logger.error('BullMQ worker stopped', { error: String(error) }),
        );
      await this.runtime.recoverPendingIngestions();
      this.runtime.logger.info('worker started', {
        queue: 'bullmq',
        concurrency: config.workerConcurrency,
      });
    }

    /** Before Nest closes the Worker: abort running jobs and hand them back to the queue. */
    async onModuleDestroy(): Promise<void> {
      await this.runtime.queue.stop(30_000);
    }
  }
  return BullMqJobProcessor;
}

/** Consumes ingestion jobs; imported by the worker app, and by the api app in embedded mode. */
@Module({})
export class JobWorkerModule {
  static forRoot(config: DocentConfig): DynamicModule {
    if (!config.redisUrl) return { module: JobWorkerModule, providers: [EmbeddedQueueWorker] };
    return {
      module: JobWorkerModule,
      imports: [
        BullModule.forRoot({ connection: { url: config.redisUrl }, prefix: config.queue.prefix }),
        BullModule.registerQueue({ name: DOCENT_QUEUE }),
      ],
      providers: [bullMqJobProcessor(config)],
    };
  }
}
