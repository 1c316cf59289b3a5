import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CrossEncoderUnavailableError } from '@docent/embedder';
import { loadConfig, sentenceReranker } from '../src';

/** scripts/fetch-reranker.sh lays the model out here unless DOCENT_RERANKER_DIR says where. */
const RERANKER_DIR = path.resolve(
  process.env.DOCENT_RERANKER_DIR ??
    path.join(__dirname, '../../../.models/local/ms-marco-MiniLM-L-12-v2'),
);

describe('the answer reranker (DOCENT_RERANKER_DIR)', () => {
  it('is off unless configured, and its folder is read as an absolute path', () => {
    expect(loadConfig({}).rerankerDir).toBeUndefined();
    expect(loadConfig({ DOCENT_RERANKER_DIR: 'models/reranker' }).rerankerDir).toBe(
      path.resolve('models/reranker'),
    );
  });

  it('stops the start-up when its folder lacks the model, saying what is missing', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'reranker-'));
    try {
      expect(() => sentenceReranker(empty, 1)).toThrow(CrossEncoderUnavailableError);
      expect(() => sentenceReranker(empty, 1)).toThrow(/onnx\/model_quantized\.onnx not found/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('loads the model on the first ask and scores every sentence of each ask', async () => {
    const reranker = sentenceReranker(RERANKER_DIR, 1);
    const question = 'Which port does Heron listen on?';
    const pair = ['Heron listens on TCP port 9120.', 'Heron was named after a bird.'];
    const [first, second] = await Promise.all([
      reranker.rank(question, pair),
      reranker.rank(question, ['The cafeteria opens at 8 am.']),
    ]);
    expect(first).toHaveLength(2);
    expect(first![0]).toBeGreaterThan(first![1]!);
    expect(second).toHaveLength(1);
    // Closed (the runtime's shutdown), a later ask loads the model again.
    await reranker.close();
    expect(await reranker.rank(question, pair)).toEqual(first);
    await reranker.close();
  });
});
