import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmbedder, deriveModelProfile, knownModelProfile, modelCalibration } from '../src';
import { dot, norm, SHARED_MODELS_DIR, USE_LITE } from './support/shared-model';

describe('knownModelProfile', () => {
  it('has the documented settings of the three known models', () => {
    expect(knownModelProfile(USE_LITE)).toEqual({
      dimensions: 512,
      pooling: 'cls',
      normalize: true,
      dtype: 'fp32',
      maxTokens: 128,
      queryPrefix: '',
      documentPrefix: '',
      collapseWhitespace: true,
    });
    expect(knownModelProfile('Xenova/bge-small-en-v1.5')).toMatchObject({
      dimensions: 384,
      pooling: 'cls',
      maxTokens: 512,
      queryPrefix: 'Represent this sentence for searching relevant passages: ',
      documentPrefix: '',
      collapseWhitespace: false,
    });
    expect(knownModelProfile('Xenova/all-MiniLM-L6-v2')).toMatchObject({
      dimensions: 384,
      pooling: 'mean',
      maxTokens: 256,
      queryPrefix: '',
    });
  });

  it('matches by model name whatever the owner folder, and knows nothing else', () => {
    expect(knownModelProfile('local/BGE-small-en-v1.5')?.dimensions).toBe(384);
    expect(knownModelProfile('sentence-transformers/all-MiniLM-L6-v2')?.pooling).toBe('mean');
    expect(knownModelProfile('acme/custom-encoder')).toBeUndefined();
  });
});

describe('modelCalibration', () => {
  it('has the settings measured for each offline model, by model name', () => {
    expect(modelCalibration(USE_LITE)).toEqual({
      chunkTokens: 384,
      vectorWeight: 0.4,
      minEvidence: 0.38,
    });
    const minilm = modelCalibration('local/all-MiniLM-L6-v2');
    expect(minilm).toEqual({
      chunkTokens: 384,
      vectorWeight: 0.7,
      minEvidence: 0.36,
      askedWordSimilarity: 0.15,
    });
    expect(modelCalibration('sentence-transformers/all-MiniLM-L6-v2')).toEqual(minilm);
  });

  it('gives a model nobody measured the strongest measured model’s settings, but no asked-word floor', () => {
    const { askedWordSimilarity, ...minilm } = modelCalibration('local/all-MiniLM-L6-v2');
    expect(askedWordSimilarity).toBeDefined();
    expect(modelCalibration('Xenova/bge-small-en-v1.5')).toEqual(minilm);
    expect(modelCalibration('openai:text-embedding-3-small')).toEqual(minilm);
  });
});

describe('deriveModelProfile', () => {
  it('reads width and input cap from config.json, with mean pooling', () => {
    expect(
      deriveModelProfile('acme/x', { hidden_size: 768, max_position_embeddings: 512 }),
    ).toEqual({
      dimensions: 768,
      pooling: 'mean',
      normalize: true,
      dtype: 'fp32',
      maxTokens: 512,
      queryPrefix: '',
      documentPrefix: '',
      collapseWhitespace: false,
    });
  });

  it('caps the input at the tokenizer limit (RoBERTa configs count two extra positions)', () => {
    expect(
      deriveModelProfile('acme/x', { hidden_size: 1024, max_position_embeddings: 514 }, 512)
        .maxTokens,
    ).toBe(512);
    expect(
      deriveModelProfile('acme/x', { d_model: 256, n_positions: 2048 }, Number.POSITIVE_INFINITY),
    ).toMatchObject({ dimensions: 256, maxTokens: 2048 });
  });

  it('refuses a config without a width', () => {
    expect(() => deriveModelProfile('acme/x', { max_position_embeddings: 512 })).toThrow(
      /hidden_size/,
    );
  });
});

describe('an unknown local model', () => {
  let modelsDir: string;

  beforeAll(() => {
    // USE-lite under a name the profile table does not know, with a config that caps input at 64.
    modelsDir = mkdtempSync(path.join(os.tmpdir(), 'docent-unknown-model-'));
    const source = path.join(SHARED_MODELS_DIR, USE_LITE);
    const target = path.join(modelsDir, 'acme', 'custom-encoder');
    mkdirSync(path.join(target, 'onnx'), { recursive: true });
    const config = JSON.parse(readFileSync(path.join(source, 'config.json'), 'utf8')) as object;
    writeFileSync(
      path.join(target, 'config.json'),
      JSON.stringify({ ...config, max_position_embeddings: 64 }),
    );
    for (const file of [
      'tokenizer.json',
      'tokenizer_config.json',
      'special_tokens_map.json',
      'onnx/model.onnx',
    ]) {
      symlinkSync(path.join(source, file), path.join(target, file));
    }
  });

  afterAll(() => {
    rmSync(modelsDir, { recursive: true, force: true });
  });

  it('gets its profile from config.json and embeds like the known model', async () => {
    const unknown = await createEmbedder({
      model: 'acme/custom-encoder',
      modelsDir,
      allowDownload: false,
    });
    const known = await createEmbedder({
      model: USE_LITE,
      modelsDir: SHARED_MODELS_DIR,
      allowDownload: false,
    });
    try {
      expect(unknown.dimensions).toBe(512);
      expect(unknown.maxTokens).toBe(64);
      const text = 'Which database does the service use?';
      const vector = await unknown.embedQuery(text);
      expect(norm(vector)).toBeCloseTo(1, 5);
      // USE-lite repeats its sentence vector at every position, so mean pooling equals cls.
      expect(dot(vector, await known.embedQuery(text))).toBeCloseTo(1, 5);
    } finally {
      await unknown.close();
      await known.close();
    }
  });
});
