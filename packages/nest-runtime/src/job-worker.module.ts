import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type Type,
} from '@nestjs/common';
import { BullModule, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import {
  bullMqConnection,
  BullMqJobQueue,
  bullMqQueueName,
  bullMqWorkerOptions,
  type HostedBullMqProcessor,
} from '@docent/job-queue';
import { bullMqQueueSettings, type DocentConfig, type Runtime } from '@docent/runtime';
import { RUNTIME } from './tokens';

/** Embedded queue: the queue's own worker loop, in this process. */
@Injectable()
class EmbeddedQueueWorker implements OnApplicationBootstrap {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runtime.startWorker();
  }
}

/**
 * The scheduler fires due schedules wherever jobs are consumed; processes claim each run
 * atomically in the database, so any number may run it.
 */
@Injectable()
class SchedulerHost implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  onApplicationBootstrap(): void {
    this.runtime.startScheduler();
  }

  async onModuleDestroy(): Promise<void> {
    await this.runtime.stopScheduler();
  }
}

/**
 * BullMQ: `@nestjs/bullmq` creates the Worker once, with the settings the runtime's queue was
 * built with (queue name, prefix, lock duration, stalled check, concurrency, worker name), and it
 * runs the job-queue port's processor, so the semantics (retries, retry-later, cancel, hand-back
 * on stop) are the ones its conformance suite checks, and the handlers are checked against the
 * job catalogue at start-up.
 */
function bullMqJobProcessor(config: DocentConfig, workerId: string): Type<WorkerHost> {
  const settings = bullMqQueueSettings(config, workerId);
  // Connection and prefix come from BullModule.forRoot, with the same values.
  const {
    connection: _connection,
    prefix: _prefix,
    ...worker
  } = bullMqWorkerOptions(settings, config.workerConcurrency);

  @Processor(bullMqQueueName(settings), worker)
  class BullMqJobProcessor extends WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
    private readonly hosted: HostedBullMqProcessor;

    constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {
      super();
      const queue = runtime.queue;
      if (!(queue instanceof BullMqJobQueue)) {
        throw new Error('REDIS_URL is set but the queue is not BullMQ');
      }
      // Before Nest creates the Worker (module init): the first job already finds it.
      this.hosted = queue.hostedProcessor(runtime.jobHandlers);
    }

    process(job: Job, token?: string): Promise<unknown> {
      return this.hosted.process(job, token);
    }

    @OnWorkerEvent('lockRenewalFailed')
    lockRenewalFailed(jobIds: string[]): void {
      this.hosted.lockRenewalFailed(jobIds);
    }

    @OnWorkerEvent('error')
    error(error: Error): void {
      this.hosted.error(error);
    }

    async onApplicationBootstrap(): Promise<void> {
      await this.runtime.startReconciler();
      this.runtime.logger.info('worker started', {
        queue: 'bullmq',
        workerId,
        concurrency: config.workerConcurrency,
      });
    }

    /** Before Nest's own shutdown: stop fetching, abort running jobs and hand them back. */
    async onModuleDestroy(): Promise<void> {
      await Promise.all([this.worker.close(), this.runtime.queue.stop(30_000)]);
    }
  }
  return BullMqJobProcessor;
}

/**
 * Consumes ingestion jobs and fires schedules: in the worker app, and in the api app in
 * embedded mode.
 */
@Module({})
export class JobWorkerModule {
  static forRoot(config: DocentConfig, workerId: string): DynamicModule {
    if (!config.redisUrl) {
      return { module: JobWorkerModule, providers: [EmbeddedQueueWorker, SchedulerHost] };
    }
    const settings = bullMqQueueSettings(config, workerId);
    return {
      module: JobWorkerModule,
      imports: [
        BullModule.forRoot({
          connection: bullMqConnection(settings.connection),
          prefix: settings.prefix,
        }),
        // Also brings @nestjs/bullmq's explorer, which creates the processor's Worker.
        BullModule.registerQueue({ name: bullMqQueueName(settings) }),
      ],
      providers: [bullMqJobProcessor(config, workerId), SchedulerHost],
    };
  }
}
