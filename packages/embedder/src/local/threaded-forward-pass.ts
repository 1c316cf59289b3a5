import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Tensor } from '@huggingface/transformers';
import type { ModelDtype } from '../types';

/** A model's forward pass: named input tensors in, named output tensors out. */
export type ForwardPass = (inputs: Record<string, Tensor>) => Promise<Record<string, Tensor>>;

interface WireTensor {
  type: Tensor['type'];
  data: Tensor['data'];
  dims: number[];
}

type Reply =
  | { id: number; outputs: Record<string, WireTensor>; cpuSeconds?: number }
  | { id: number; error: string };

export interface ThreadedModelOptions {
  modelsDir: string;
  modelId: string;
  dtype: ModelDtype;
  threads?: number;
  /** The model's head: hidden states (an embedder's, the default) or a classifier's logits. */
  head?: 'hidden-states' | 'classifier';
  /** What the model is to a reader of its errors; default "The embedding model". */
  label?: string;
}

/**
 * The model's forward pass in a worker thread of its own. ONNX Runtime's Node binding runs a
 * session synchronously on the calling thread: a batch of long windows holds the event loop for
 * seconds, which starves HTTP requests, lock renewals and timers. The worker is started on the
 * first call (a process that never embeds documents never starts it) and loads the model from
 * files already on disk.
 */
export class ThreadedForwardPass {
  private worker: Worker | undefined;
  private nextId = 0;
  /** CPU time of the model's threads in workers started so far (earlier ones' last count kept). */
  private cpuOfEndedWorkers = 0;
  private cpuOfWorker = 0;
  private readonly pending = new Map<
    number,
    { resolve: (outputs: Record<string, Tensor>) => void; reject: (error: Error) => void }
  >();

  constructor(private readonly options: ThreadedModelOptions) {}

  readonly run: ForwardPass = (inputs) =>
    new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      const worker = this.started();
      worker.ref();
      const wire: Record<string, WireTensor> = {};
      for (const [name, tensor] of Object.entries(inputs)) {
        wire[name] = { type: tensor.type, data: tensor.data, dims: tensor.dims };
      }
      worker.postMessage({ id, inputs: wire });
    });

  /**
   * CPU seconds the forward passes used: the worker thread and the threads ONNX Runtime started
   * in it (Linux; 0 elsewhere), as of the last reply.
   */
  cpuSeconds(): number {
    return this.cpuOfEndedWorkers + this.cpuOfWorker;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (worker) this.forget();
    this.failAll(new Error(`${this.label()} "${this.options.modelId}" was closed.`));
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(path.resolve(__dirname, '..', '..', 'worker', 'forward-worker.mjs'), {
      workerData: this.options,
    });
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      // An idle worker does not keep the process alive.
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) {
        waiting.reject(new Error(`${this.label()} failed: ${reply.error}`));
        return;
      }
      if (reply.cpuSeconds !== undefined && this.worker === worker) {
        this.cpuOfWorker = reply.cpuSeconds;
      }
      const outputs: Record<string, Tensor> = {};
      for (const [name, { type, data, dims }] of Object.entries(reply.outputs)) {
        outputs[name] = new Tensor(type, data, dims);
      }
      waiting.resolve(outputs);
    });
    const failed = (error: Error) => {
      if (this.worker === worker) this.forget();
      this.failAll(new Error(`${this.label()}'s worker thread stopped: ${error.message}`));
    };
    worker.on('error', failed);
    worker.on('exit', (code) => {
      if (code !== 0) failed(new Error(`exit code ${code}`));
      else if (this.worker === worker) this.forget();
    });
    this.worker = worker;
    return worker;
  }

  private label(): string {
    return this.options.label ?? 'The embedding model';
  }

  private forget(): void {
    this.worker = undefined;
    this.cpuOfEndedWorkers += this.cpuOfWorker;
    this.cpuOfWorker = 0;
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
