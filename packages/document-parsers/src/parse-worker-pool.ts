import { DocumentError, type ParsedDocument } from '@docent/document-model';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import {
  type ParseRequest,
  type ParseTarget,
  type WorkerReply,
  type WorkerSetup,
} from './worker-protocol';
import { type ZipLimits } from './zip/zip-limits';

export interface ParseWorkerPoolOptions {
  /** The worker entry script. */
  entry: string;
  setup: WorkerSetup;
  threads: number;
  timeoutMs: number;
  startupTimeoutMs: number;
  resourceLimits: ResourceLimits;
}

interface Job {
  target: ParseTarget;
  bytes: Uint8Array;
  zipLimits: ZipLimits;
  resolve(document: ParsedDocument): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  state: 'starting' | 'idle' | 'busy';
  job?: Job;
  jobId?: number;
  timer?: NodeJS.Timeout;
}

/** Gives the worker a buffer of its own to take over (no copy when the bytes already are one). */
function transferable(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
}

function targetName(target: ParseTarget): string {
  return target.kind === 'format' ? target.format.toUpperCase() : target.mediaType;
}

/**
 * Parse worker threads with memory limits and a time limit per file. A file that makes its
 * worker run out of memory, hang or crash fails alone with a `DocumentError`; the worker is
 * thrown away and a fresh one starts for the next file.
 */
export class ParseWorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextJobId = 1;
  private closed = false;

  constructor(private readonly options: ParseWorkerPoolOptions) {}

  run(target: ParseTarget, bytes: Uint8Array, zipLimits: ZipLimits): Promise<ParsedDocument> {
    if (this.closed) return Promise.reject(new Error('the file parser is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ target, bytes, zipLimits, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const closedError = new Error('the file parser is closed');
    for (const job of this.queue.splice(0)) job.reject(closedError);
    const exits = [...this.slots].map((slot) => {
      slot.job?.reject(closedError);
      return this.discard(slot);
    });
    await Promise.all(exits);
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const idle = [...this.slots].find((slot) => slot.state === 'idle');
      if (idle) {
        this.assign(idle, this.queue.shift()!);
        continue;
      }
      const starting = [...this.slots].filter((slot) => slot.state === 'starting').length;
      if (this.slots.size < this.options.threads && starting < this.queue.length) {
        this.spawn();
        continue;
      }
      return;
    }
  }

  private spawn(): void {
    const worker = new Worker(this.options.entry, {
      workerData: this.options.setup,
      resourceLimits: this.options.resourceLimits,
    });
    const slot: Slot = { worker, state: 'starting' };
    this.slots.add(slot);
    slot.timer = setTimeout(
      () => this.failStartup(slot, new Error('timed out')),
      this.options.startupTimeoutMs,
    );
    worker.on('message', (reply: WorkerReply) => this.onReply(slot, reply));
    worker.on('error', (error) => this.onCrash(slot, error));
    worker.on('exit', (code) => this.onCrash(slot, new Error(`exit code ${code}`)));
  }

  private assign(slot: Slot, job: Job): void {
    const jobId = this.nextJobId++;
    slot.state = 'busy';
    slot.job = job;
    slot.jobId = jobId;
    slot.worker.ref();
    const bytes = transferable(job.bytes);
    const request: ParseRequest = {
      id: jobId,
      target: job.target,
      bytes,
      zipLimits: job.zipLimits,
    };
    slot.timer = setTimeout(() => this.onTimeout(slot), this.options.timeoutMs);
    slot.worker.postMessage(request, [bytes.buffer as ArrayBuffer]);
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    if (!this.slots.has(slot)) return;
    if (reply.type === 'ready') {
      clearTimeout(slot.timer);
      slot.state = 'idle';
      slot.worker.unref();
      this.pump();
      return;
    }
    const job = slot.job;
    if (!job || reply.id !== slot.jobId) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.state = 'idle';
    slot.worker.unref();
    if (reply.type === 'parsed') job.resolve(reply.document);
    else if (reply.documentError) job.reject(new DocumentError(reply.message));
    else
      job.reject(
        new DocumentError(`could not parse the ${targetName(job.target)} file: ${reply.message}`),
      );
    this.pump();
  }

  private onTimeout(slot: Slot): void {
    const job = slot.job;
    if (!this.slots.has(slot) || !job) return;
    const seconds = Number((this.options.timeoutMs / 1000).toFixed(3));
    job.reject(
      new DocumentError(
        `parsing the ${targetName(job.target)} file took longer than ${seconds} s and was stopped`,
      ),
    );
    void this.discard(slot);
    this.pump();
  }

  private onCrash(slot: Slot, error: Error): void {
    if (!this.slots.has(slot)) return;
    if (slot.state === 'starting') {
      this.failStartup(slot, error);
      return;
    }
    const job = slot.job;
    void this.discard(slot);
    if (job) {
      const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      const limit = this.options.resourceLimits.maxOldGenerationSizeMb;
      job.reject(
        new DocumentError(
          outOfMemory
            ? `parsing the ${targetName(job.target)} file ran out of memory (limit ${limit} MB)`
            : `the ${targetName(job.target)} parser crashed (${error.message})`,
        ),
      );
    }
    this.pump();
  }

  /**
   * A worker that cannot start says nothing about the files: while other workers live, they
   * take the queue; with none left, starting more would fail the same way, so what waits fails
   * (with a plain Error: the service is broken, not the document).
   */
  private failStartup(slot: Slot, error: Error): void {
    if (!this.slots.has(slot)) return;
    void this.discard(slot);
    if (this.slots.size > 0) return;
    const failure = new Error(`a document parser worker failed to start: ${error.message}`);
    for (const job of this.queue.splice(0)) job.reject(failure);
  }

  private async discard(slot: Slot): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    await slot.worker.terminate().catch(() => undefined);
  }
}
