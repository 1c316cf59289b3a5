import { type PreTrainedTokenizer, type Tensor } from '@huggingface/transformers';
import { inBatches } from '../batches';
import { type ConcurrencyGate } from '@docent/concurrency-gate';
import { threadCpuSeconds } from '../thread-cpu';
import {
  type EmbeddedWithSpans,
  type Embedder,
  type EmbedderCpuSeconds,
  type ModelProfile,
  type TextWithSpans,
} from '../types';
import { meanPooledRows } from './mean-pooling';
import { locateSpans, poolSpan } from './span-pooling';
import { batchInputs, type RowLayout, rowLayoutOf } from './token-batch';
import type { ForwardPass } from './threaded-forward-pass';

/** Non-zero entries per row of a [rows, columns] attention mask. */
function rowSums(mask: Tensor): number[] {
  const [rows = 0, columns = 0] = mask.dims;
  const data = mask.data as BigInt64Array;
  return Array.from({ length: rows }, (_, row) => {
    let count = 0;
    for (let column = 0; column < columns; column += 1) {
      if (data[row * columns + column] !== 0n) count += 1;
    }
    return count;
  });
}

/**
 * Token ids of recently counted texts. Ingestion counts a chunk's sentences to cut it into
 * windows and each window to batch it by length, then wants the same ids again to embed the
 * window and pool its sentences' vectors: this spares the second tokenising (at most 2,048
 * texts: a few batches of documents, a few MiB at worst).
 */
const RECENT_TOKEN_IDS = 2_048;

/** Embedded once at start to check the size of the vectors the model returns. */
const PROBE_TEXT = 'Docent checks that the embedding model answers.';

interface ModelOutputs {
  last_hidden_state?: Tensor;
  token_embeddings?: Tensor;
  sentence_embedding?: Tensor;
}

/** Where a kind of text is embedded: its forward pass, one batch at a time. */
export interface ModelLane {
  forward: ForwardPass;
  /** ONNX Runtime already uses every core for one batch: batches take turns. */
  gate: ConcurrencyGate;
  /** CPU seconds this lane's forward passes used so far. */
  cpuSeconds(): number;
}

/** The model's forward passes: documents (ingestion batches) and queries. */
export interface LocalModelRuns {
  documents: ModelLane;
  /** May be the documents' lane; a lane of its own keeps a question from waiting for a batch. */
  queries: ModelLane;
  dispose(): Promise<void>;
}

/** Embeds with an ONNX encoder through transformers.js; tokenising and pooling run here. */
export class LocalEmbedder implements Embedder {
  readonly dimensions: number;
  readonly maxTokens: number;
  readonly embedDocumentsWithSpans?: (
    texts: readonly TextWithSpans[],
  ) => Promise<EmbeddedWithSpans[]>;
  private closed = false;
  /** CPU seconds of the work done on the calling thread (see EmbedderCpuSeconds). */
  private readonly cpu = { tokenize: 0, pool: 0, spans: 0 };
  private readonly recentIds = new Map<string, readonly number[]>();
  /** How token ids become the model's rows; null: the tokenizer tokenises each batch itself. */
  private readonly layout: RowLayout | null;

  private constructor(
    readonly modelId: string,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly runs: LocalModelRuns,
    private readonly profile: ModelProfile,
    private readonly batchSize: number,
  ) {
    this.dimensions = profile.dimensions;
    this.maxTokens = profile.maxTokens;
    this.layout = rowLayoutOf(tokenizer, profile.maxTokens);
    // A span's mean sits in the same space as the text's only when the text's vector is a mean.
    if (profile.pooling === 'mean') {
      this.embedDocumentsWithSpans = (texts) => this.embedWithSpans(texts);
    }
  }

  /** Wraps a loaded model and checks that it produces vectors of the profile's size. */
  static async create(
    modelId: string,
    tokenizer: PreTrainedTokenizer,
    runs: LocalModelRuns,
    profile: ModelProfile,
    batchSize: number,
  ): Promise<LocalEmbedder> {
    const embedder = new LocalEmbedder(modelId, tokenizer, runs, profile, batchSize);
    const probe = await embedder.embedQuery(PROBE_TEXT);
    if (probe?.length !== profile.dimensions) {
      await embedder.close();
      throw new Error(
        `Embedding model "${modelId}" returned ${probe?.length ?? 0} dimensions, ` +
          `expected ${profile.dimensions}.`,
      );
    }
    return embedder;
  }

  countTokens(text: string): number {
    return this.tokenIds(text).length;
  }

  embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return this.embedAll(
      texts.map((text) => this.profile.documentPrefix + this.prepare(text)),
      this.runs.documents,
    );
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.embedAll(
      [this.profile.queryPrefix + this.prepare(text)],
      this.runs.queries,
    );
    if (!vector) throw new Error('The embedding model returned no vector.');
    return vector;
  }

  cpuSeconds(): EmbedderCpuSeconds {
    const { documents, queries } = this.runs;
    const model = documents.cpuSeconds() + (queries === documents ? 0 : queries.cpuSeconds());
    return { model, ...this.cpu };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.runs.documents.gate.idle();
    await this.runs.queries.gate.idle();
    await this.runs.dispose();
  }

  /** The text's token ids without special tokens, from the recent ones when counted lately. */
  private tokenIds(text: string): readonly number[] {
    return this.idsOfPrepared(this.prepare(text));
  }

  private idsOfPrepared(prepared: string): readonly number[] {
    let ids = this.recentIds.get(prepared);
    if (!ids) {
      ids = this.tokenizer.encode(prepared, { add_special_tokens: false });
      // Oldest first out: Maps keep insertion order.
      if (this.recentIds.size >= RECENT_TOKEN_IDS) {
        this.recentIds.delete(this.recentIds.keys().next().value!);
      }
      this.recentIds.set(prepared, ids);
    }
    return ids;
  }

  private prepare(text: string): string {
    return this.profile.collapseWhitespace ? text.replace(/\s+/g, ' ').trim() : text;
  }

  private async embedWithSpans(inputs: readonly TextWithSpans[]): Promise<EmbeddedWithSpans[]> {
    const texts = inputs.map(({ text }) => this.profile.documentPrefix + this.prepare(text));
    const byLength = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
    const out = new Array<EmbeddedWithSpans>(texts.length);
    const lane = this.runs.documents;
    for (const batch of inBatches(byLength, this.batchSize)) {
      const spans = batch.map((i) => inputs[i]!.spans);
      const results = await lane.gate.run(() =>
        this.embedBatch(
          batch.map((i) => texts[i]!),
          lane.forward,
          spans,
        ),
      );
      batch.forEach((index, j) => (out[index] = results[j]!));
    }
    return out;
  }

  private async embedAll(texts: string[], lane: ModelLane): Promise<Float32Array[]> {
    // Texts of similar length share a batch: the model computes every padded position, and
    // an answer's sentences run from a few words to a paragraph.
    const byLength = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
    const vectors = new Array<Float32Array>(texts.length);
    for (const batch of inBatches(byLength, this.batchSize)) {
      const batchVectors = await lane.gate.run(() =>
        this.embedBatch(
          batch.map((i) => texts[i]!),
          lane.forward,
        ),
      );
      batch.forEach((index, j) => (vectors[index] = batchVectors[j]!.vector));
    }
    return vectors;
  }

  /** One model call; with `spans`, each text's spans are pooled from its token states too. */
  private async embedBatch(
    texts: string[],
    forward: ForwardPass,
    spans?: ReadonlyArray<readonly string[]>,
  ): Promise<EmbeddedWithSpans[]> {
    if (this.closed) throw new Error(`Embedder for "${this.modelId}" is closed.`);
    let clock = threadCpuSeconds();
    const lap = (part: keyof LocalEmbedder['cpu']): void => {
      const now = threadCpuSeconds();
      this.cpu[part] += now - clock;
      clock = now;
    };
    // Texts counted lately (a window, to batch it by length) are not tokenised again; the others
    // (questions, prefixed texts) are not kept: they would only push counted windows out.
    const inputs = this.layout
      ? batchInputs(
          texts.map(
            (text) =>
              this.recentIds.get(text) ??
              this.tokenizer.encode(text, { add_special_tokens: false }),
          ),
          this.layout,
        )
      : this.tokenizer(texts, {
          padding: true,
          truncation: true,
          max_length: this.profile.maxTokens,
        });
    const attentionMask = inputs.attention_mask as Tensor;
    const tokenCounts = rowSums(attentionMask);
    lap('tokenize');
    // A text without a single token (e.g. whitespace for USE-lite) has no meaning to embed, and
    // the model cannot run on an empty batch: it gets a zero vector, similar to nothing.
    if (tokenCounts.every((count) => count === 0)) {
      return texts.map((_, row) => ({
        vector: new Float32Array(this.dimensions),
        spans: (spans?.[row] ?? []).map(() => null),
      }));
    }
    const outputs = (await forward(inputs as Record<string, Tensor>)) as ModelOutputs;
    clock = threadCpuSeconds();
    const vectors = this.pool(outputs, attentionMask);
    lap('pool');
    const spanVectors = spans ? this.poolSpans(outputs, inputs.input_ids as Tensor, spans) : [];
    lap('spans');
    return vectors.map((vector, row) => ({
      vector: tokenCounts[row] === 0 ? new Float32Array(vector.length) : vector,
      spans: spanVectors[row] ?? [],
    }));
  }

  /**
   * Each span's vector from the token states of the text it belongs to: the tokens of a sentence
   * read in its passage, averaged like the passage's own, at no extra model call. Special tokens
   * ([CLS], [SEP]) are never part of a span.
   */
  private poolSpans(
    outputs: ModelOutputs,
    inputIds: Tensor,
    spans: ReadonlyArray<readonly string[]>,
  ): Array<Array<Float32Array | null>> {
    const states = outputs.last_hidden_state ?? outputs.token_embeddings;
    if (!states) return spans.map((row) => row.map(() => null));
    const [, tokens = 0, width = 0] = states.dims;
    const data = states.data as Float32Array;
    const ids = inputIds.data as BigInt64Array;
    return spans.map((rowSpans, row) => {
      const spanIds = rowSpans.map((span) => this.tokenIds(span));
      const rowIds = ids.subarray(row * tokens, (row + 1) * tokens);
      return locateSpans(rowIds, tokens, spanIds).map((range) =>
        range ? poolSpan(data, row, tokens, width, range) : null,
      );
    });
  }

  /** One vector per text, each its own copy (callers do not keep the batch's buffer alive). */
  private pool(outputs: ModelOutputs, attentionMask: Tensor): Float32Array[] {
    const tokens = outputs.last_hidden_state ?? outputs.token_embeddings;
    if (tokens && this.profile.pooling === 'mean') {
      const [rows = 0, length = 0, width = 0] = tokens.dims;
      return meanPooledRows(
        tokens.data as Float32Array,
        [rows, length, width],
        attentionMask.data as BigInt64Array,
        this.profile.normalize,
      );
    }
    let pooled = tokens ? tokens.slice(null, 0) : outputs.sentence_embedding;
    if (!pooled) {
      throw new Error(`Embedding model "${this.modelId}" has no last_hidden_state output.`);
    }
    if (this.profile.normalize) pooled = pooled.normalize(2, -1);
    const [rows = 0, width = 0] = pooled.dims;
    const data = pooled.data as Float32Array;
    return Array.from({ length: rows }, (_, row) => data.slice(row * width, (row + 1) * width));
  }
}
