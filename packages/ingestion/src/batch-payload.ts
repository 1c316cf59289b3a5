import type { DocumentRef } from '@docent/connector-sdk';
import type { NewBatch } from '@docent/metadata-store';

export interface BatchLimits {
  /** Documents per batch job. */
  maxDocuments: number;
  /** Bytes of one batch's recorded payload (its refs and the content riding along). */
  maxBytes: number;
  /**
   * Largest content that rides along with its ref (as JSON); larger content, and file content
   * (a stream), is fetched again by the batch's worker with `session.fetch(ref)`.
   */
  maxInlineBytes: number;
}

export const DEFAULT_BATCH_LIMITS: Readonly<BatchLimits> = {
  maxDocuments: 16,
  maxBytes: 4 * 1024 * 1024,
  maxInlineBytes: 256 * 1024,
};

interface PendingRef {
  sourceId: string;
  json: string;
  bytes: number;
}

/**
 * Gathers listed documents into the next batch. The payload is what the ledger records with the
 * listing's checkpoint, so content the listing already holds (Confluence page bodies, Notion
 * blocks) is not requested again: it is stored once, read once, dropped at commit.
 */
export class BatchBuilder {
  private pending: PendingRef[] = [];
  private bytes = 0;
  /** Refs whose content was left for the batch's worker to fetch. */
  contentDropped = 0;

  constructor(private readonly limits: BatchLimits) {}

  get size(): number {
    return this.pending.length;
  }

  has(sourceId: string): boolean {
    return this.pending.some((ref) => ref.sourceId === sourceId);
  }

  /** Adds a ref; returns the batch it completed, if adding it filled one or would overflow it. */
  add(ref: DocumentRef): NewBatch | null {
    const json = this.encode(ref);
    const bytes = Buffer.byteLength(json, 'utf8') + 1;
    const overflow =
      this.pending.length > 0 && this.bytes + bytes > this.limits.maxBytes ? this.take() : null;
    this.pending.push({ sourceId: ref.sourceId, json, bytes });
    this.bytes += bytes;
    if (overflow) return overflow;
    return this.pending.length >= this.limits.maxDocuments ? this.take() : null;
  }

  /** The batch gathered so far (null when empty), and starts a new one. */
  take(): NewBatch | null {
    if (this.pending.length === 0) return null;
    const batch: NewBatch = {
      sourceIds: this.pending.map((ref) => ref.sourceId),
      payload: `{"refs":[${this.pending.map((ref) => ref.json).join(',')}]}`,
    };
    this.pending = [];
    this.bytes = 0;
    return batch;
  }

  private encode(ref: DocumentRef): string {
    const { content, ...rest } = ref;
    if (content?.kind === 'parsed') {
      const json = JSON.stringify({ ...rest, content });
      if (Buffer.byteLength(json, 'utf8') <= this.limits.maxInlineBytes) return json;
    }
    if (content !== undefined) this.contentDropped += 1;
    return JSON.stringify(rest);
  }
}

/** The refs of a recorded batch, in listing order. */
export function decodeBatchPayload(payload: string): DocumentRef[] {
  const parsed = JSON.parse(payload) as { refs?: unknown };
  if (!Array.isArray(parsed.refs)) throw new Error('batch payload without refs');
  return parsed.refs as DocumentRef[];
}
