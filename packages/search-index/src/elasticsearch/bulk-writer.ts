import { type Client, type estypes } from '@elastic/elasticsearch';
import { causeDetails, ElasticsearchIndexError, errorDetails } from './elasticsearch-errors';

export type BulkOperation =
  { action: 'index'; id: string; document: object } | { action: 'delete'; id: string };

export interface BulkRetryOptions {
  /** Attempts per operation, the first included. Default 5. */
  maxAttempts: number;
  /** Delay before the first retry; doubled each time up to `maxDelayMs`. Default 200. */
  initialDelayMs: number;
  maxDelayMs: number;
}

export interface BulkWriterOptions {
  /** Operations per request. */
  batchSize: number;
  /** Request body budget; a single larger operation still goes alone. */
  maxBatchBytes: number;
  /** Requests in flight at once. */
  concurrency: number;
  retry: BulkRetryOptions;
  refresh: 'wait_for' | false;
  sleep: (ms: number) => Promise<void>;
  /** In [0, 1): spreads retries of concurrent writers apart. */
  random: () => number;
}

/** The index a write names (an alias) and, in a shared index, the collection's routing. */
export interface WriteTarget {
  index: string;
  routing?: string;
}

/** Serialised once: the NDJSON lines go to the request as they are and are measured for batching. */
interface EncodedOperation {
  operation: BulkOperation;
  lines: string[];
  bytes: number;
}

const REJECTED = 429;
const MAX_REPORTED_FAILURES = 3;

/**
 * Writes bulk operations with backpressure: batches bounded by count and bytes, a bounded number
 * of requests in flight, and operations Elasticsearch rejected for load (429, usually
 * `es_rejected_execution_exception` from a full write queue) retried alone after an exponential
 * backoff. Any other failed operation fails the write, after its batch has finished.
 */
export class BulkWriter {
  constructor(
    private readonly client: Client,
    private readonly options: BulkWriterOptions,
  ) {}

  /**
   * Runs `groups` one after the other; within a group, batches run concurrently. When everything
   * fits in one request it is sent as one (operations keep their order within a shard), so a
   * replace is usually a single request and, with `refresh: wait_for`, a single refresh wait.
   */
  async write(target: WriteTarget, groups: ReadonlyArray<readonly BulkOperation[]>): Promise<void> {
    const encoded = groups.map((group) => group.map(encode));
    const all = encoded.flat();
    if (all.length === 0) return;
    const batches = this.batches(all);
    if (batches.length === 1) {
      await this.send(target, batches[0]!);
      return;
    }
    for (const group of encoded) {
      if (group.length > 0) await this.sendConcurrently(target, this.batches(group));
    }
  }

  private batches(operations: EncodedOperation[]): EncodedOperation[][] {
    const batches: EncodedOperation[][] = [];
    let current: EncodedOperation[] = [];
    let bytes = 0;
    for (const operation of operations) {
      const full =
        current.length >= this.options.batchSize ||
        (current.length > 0 && bytes + operation.bytes > this.options.maxBatchBytes);
      if (full) {
        batches.push(current);
        current = [];
        bytes = 0;
      }
      current.push(operation);
      bytes += operation.bytes;
    }
    if (current.length > 0) batches.push(current);
    return batches;
  }

  private async sendConcurrently(
    target: WriteTarget,
    batches: EncodedOperation[][],
  ): Promise<void> {
    let next = 0;
    const failures: unknown[] = [];
    const worker = async () => {
      while (next < batches.length && failures.length === 0) {
        const batch = batches[next++]!;
        await this.send(target, batch).catch((error: unknown) => {
          failures.push(error);
        });
      }
    };
    const workers = Math.min(this.options.concurrency, batches.length);
    await Promise.all(Array.from({ length: workers }, worker));
    if (failures.length > 0) throw failures[0];
  }

  /** One batch, retrying what was rejected for load until it is written or attempts run out. */
  private async send(target: WriteTarget, batch: EncodedOperation[]): Promise<void> {
    let pending = batch;
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt(target, pending);
      if (outcome.failed.length > 0) throw bulkFailure(outcome.failed, batch.length);
      if (outcome.rejected.length === 0) return;
      if (attempt >= this.options.retry.maxAttempts) {
        throw bulkFailure(outcome.rejected, batch.length, attempt);
      }
      pending = outcome.rejected.map((item) => item.operation);
      await this.options.sleep(this.backoff(attempt));
    }
  }

  private async attempt(target: WriteTarget, batch: EncodedOperation[]): Promise<AttemptOutcome> {
    let response: estypes.BulkResponse;
    try {
      response = await this.client.bulk({
        index: target.index,
        ...(target.routing !== undefined && { routing: target.routing }),
        require_alias: true,
        ...(this.options.refresh !== false && { refresh: this.options.refresh }),
        operations: batch.flatMap((operation) => operation.lines),
      });
    } catch (error) {
      // The whole request was turned away (indexing pressure, circuit breaker): retry it all.
      if (errorDetails(error)?.status === REJECTED) {
        const details = errorDetails(error)!;
        return {
          failed: [],
          rejected: batch.map((operation) => ({ operation, status: REJECTED, ...details })),
        };
      }
      throw error;
    }
    const outcome: AttemptOutcome = { failed: [], rejected: [] };
    if (!response.errors) return outcome;
    response.items.forEach((item, i) => {
      const result = item.index ?? item.delete;
      if (result?.error === undefined) return; // a delete of a missing id is a 404 without error
      const failure = {
        operation: batch[i]!,
        status: result.status,
        ...causeDetails(result.error),
      };
      (result.status === REJECTED ? outcome.rejected : outcome.failed).push(failure);
    });
    return outcome;
  }

  /** Exponential backoff with equal jitter: half fixed, half random. */
  private backoff(attempt: number): number {
    const { initialDelayMs, maxDelayMs } = this.options.retry;
    const ceiling = Math.min(maxDelayMs, initialDelayMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + (this.options.random() * ceiling) / 2);
  }
}

interface ItemFailure {
  operation: EncodedOperation;
  status: number;
  type?: string;
  reason?: string;
}

interface AttemptOutcome {
  failed: ItemFailure[];
  rejected: ItemFailure[];
}

function encode(operation: BulkOperation): EncodedOperation {
  const lines =
    operation.action === 'index'
      ? [JSON.stringify({ index: { _id: operation.id } }), JSON.stringify(operation.document)]
      : [JSON.stringify({ delete: { _id: operation.id } })];
  const bytes = lines.reduce((sum, line) => sum + Buffer.byteLength(line, 'utf8') + 1, 0);
  return { operation, lines, bytes };
}

function bulkFailure(failures: ItemFailure[], total: number, attempts?: number): Error {
  const [first] = failures;
  const examples = failures
    .slice(0, MAX_REPORTED_FAILURES)
    .map((failure) =>
      `${failure.operation.operation.action} ${failure.operation.operation.id}: ${failure.type ?? 'error'} ${failure.reason ?? ''}`.trim(),
    )
    .join('; ');
  const after = attempts !== undefined ? ` after ${attempts} attempts` : '';
  return new ElasticsearchIndexError('bulk write', {
    status: first?.status,
    type: first?.type,
    reason: `${failures.length} of ${total} operations failed${after} (${examples})`,
  });
}
