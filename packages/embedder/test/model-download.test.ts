import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createEmbedder,
  createLocalEmbedder,
  type DownloadProgress,
  EmbeddingModelUnavailableError,
} from '../src';
import { closedPortUrl, startFakeHub } from './support/fake-hub';
import { dot, SHARED_MODELS_DIR, USE_LITE } from './support/shared-model';

const USE_LITE_ONNX_BYTES = statSync(
  path.join(SHARED_MODELS_DIR, USE_LITE, 'onnx/model.onnx'),
).size;

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    statSync(path.join(dir, file)).isFile(),
  );
}

describe('model availability', () => {
  let modelsDir: string;

  beforeEach(() => {
    modelsDir = mkdtempSync(path.join(os.tmpdir(), 'docent-models-'));
  });

  afterEach(() => {
    rmSync(modelsDir, { recursive: true, force: true });
  });

  it('fails without touching the network when the model is missing and downloads are off', async () => {
    const hub = await startFakeHub(SHARED_MODELS_DIR);
    try {
      const attempt = createLocalEmbedder({
        modelId: USE_LITE,
        modelsDir,
        allowDownload: false,
        onProgress: () => undefined,
        batchSize: 32,
        remoteHost: hub.url,
      });
      await expect(attempt).rejects.toThrow(EmbeddingModelUnavailableError);
      await expect(attempt).rejects.toThrow(/downloading is turned off/);
      expect(hub.requests).toEqual([]);
    } finally {
      await hub.close();
    }
  });

  it('explains how to point at a local model (public entry point, default model)', async () => {
    const attempt = createEmbedder({
      model: 'Xenova/bge-small-en-v1.5',
      modelsDir,
      allowDownload: false,
    });
    await expect(attempt).rejects.toThrow(EmbeddingModelUnavailableError);
    const message = await attempt.catch((error: Error) => error.message);
    expect(message).toContain('"Xenova/bge-small-en-v1.5"');
    expect(message).toContain('DOCENT_MODELS_DIR');
    expect(message).toContain('DOCENT_EMBEDDING_MODEL');
    expect(message).toContain('onnx/model.onnx');
    expect(message).toContain(modelsDir);
  });

  it('reports an offline download failure with the same instructions', async () => {
    const progress: DownloadProgress[] = [];
    const attempt = createLocalEmbedder({
      modelId: 'Xenova/bge-small-en-v1.5',
      modelsDir,
      allowDownload: true,
      onProgress: (event) => progress.push(event),
      batchSize: 32,
      remoteHost: await closedPortUrl(),
    });
    await expect(attempt).rejects.toThrow(EmbeddingModelUnavailableError);
    const message = await attempt.catch((error: Error) => error.message);
    expect(message).toMatch(/download failed: .*ECONNREFUSED/);
    expect(message).toContain('DOCENT_MODELS_DIR');
    expect(message).toContain('DOCENT_EMBEDDING_MODEL');
    expect(progress.filter((event) => event.done)).toEqual([]);
    expect(allFiles(modelsDir)).toEqual([]);
  });

  it('downloads a missing model once into modelsDir, then loads it offline', async () => {
    const hub = await startFakeHub(SHARED_MODELS_DIR);
    const progress: DownloadProgress[] = [];
    let before: Float32Array = new Float32Array();
    try {
      const downloaded = await createLocalEmbedder({
        modelId: USE_LITE,
        modelsDir,
        allowDownload: true,
        onProgress: (event) => progress.push(event),
        batchSize: 32,
        remoteHost: hub.url,
      });
      before = await downloaded.embedQuery('How do I reset my password?');
      await downloaded.close();

      for (const file of [
        'config.json',
        'tokenizer.json',
        'tokenizer_config.json',
        'onnx/model.onnx',
      ]) {
        expect(existsSync(path.join(modelsDir, USE_LITE, file))).toBe(true);
      }
      const onnxDone = progress.find((event) => event.file === 'onnx/model.onnx' && event.done);
      expect(onnxDone).toMatchObject({
        model: USE_LITE,
        totalBytes: USE_LITE_ONNX_BYTES,
        percent: 100,
      });
      expect(allFiles(modelsDir).filter((file) => file.includes('.tmp.'))).toEqual([]);
    } finally {
      await hub.close();
    }

    const offline = await createLocalEmbedder({
      modelId: USE_LITE,
      modelsDir,
      allowDownload: false,
      onProgress: () => undefined,
      batchSize: 32,
      remoteHost: await closedPortUrl(),
    });
    try {
      const reference = await createEmbedder({
        model: USE_LITE,
        modelsDir: SHARED_MODELS_DIR,
        allowDownload: false,
      });
      const expected = await reference.embedQuery('How do I reset my password?');
      await reference.close();
      expect(dot(await offline.embedQuery('How do I reset my password?'), expected)).toBeCloseTo(
        1,
        5,
      );
      expect(dot(before, expected)).toBeCloseTo(1, 5);
    } finally {
      await offline.close();
    }
  });
});
