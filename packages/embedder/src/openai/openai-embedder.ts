import { inBatches } from '../batches';
import { OPENAI_MODEL_PREFIX } from '../config';
import { type Embedder } from '../types';
import { EmbeddingsClient, type EmbeddingsClientOptions } from './embeddings-client';

/**
 * The tokenizer of a remote model is unknown here, so tokens are estimated as characters / 4,
 * the usual ratio for English with OpenAI's tokenizers. Chunk budgets derived from it are
 * approximate; the service truncates or rejects what is over its real limit.
 */
const CHARS_PER_TOKEN = 4;

/** Input caps of OpenAI's own embedding models; other servers get a conservative default. */
const KNOWN_MAX_TOKENS: ReadonlyMap<string, number> = new Map([
  ['text-embedding-3-small', 8191],
  ['text-embedding-3-large', 8191],
  ['text-embedding-ada-002', 8191],
]);
const DEFAULT_MAX_TOKENS = 512;

const PROBE_TEXT = 'dimension probe';

export interface OpenAIEmbedderOptions extends EmbeddingsClientOptions {
  /** Texts per request. */
  batchSize: number;
}

function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

class OpenAIEmbedder implements Embedder {
  readonly modelId: string;
  readonly maxTokens: number;
  private closed = false;

  constructor(
    private readonly client: EmbeddingsClient,
    model: string,
    readonly dimensions: number,
    private readonly batchSize: number,
  ) {
    this.modelId = `${OPENAI_MODEL_PREFIX}${model}`;
    this.maxTokens = KNOWN_MAX_TOKENS.get(model) ?? DEFAULT_MAX_TOKENS;
  }

  countTokens(text: string): number {
    return estimateTokens(text);
  }

  async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (const batch of inBatches(
      texts.map((text) => this.prepare(text)),
      this.batchSize,
    )) {
      vectors.push(...(await this.client.embed(batch)));
    }
    return vectors;
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.embedDocuments([text]);
    if (!vector) throw new Error('The embedding service returned no vector.');
    return vector;
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  /** Cut to the input cap (by the estimate) and never empty: the API rejects "". */
  private prepare(text: string): string {
    if (this.closed) throw new Error(`Embedder for "${this.modelId}" is closed.`);
    const capped = text.slice(0, this.maxTokens * CHARS_PER_TOKEN);
    return capped.trim() === '' ? ' ' : capped;
  }
}

/**
 * An embedder backed by an OpenAI-compatible `POST /embeddings`. One probe request at start
 * learns the vector size and surfaces a wrong key or URL before any ingestion begins.
 */
export async function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Promise<Embedder> {
  const client = new EmbeddingsClient(options);
  const [probe] = await client.embed([PROBE_TEXT]);
  return new OpenAIEmbedder(client, options.model, probe?.length ?? 0, options.batchSize);
}
