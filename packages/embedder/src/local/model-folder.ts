import { existsSync } from 'node:fs';
import path from 'node:path';

/** "owner/name" or "name": letters, digits, ".", "_" and "-", no path tricks. */
const MODEL_ID = /^[A-Za-z0-9][\w.-]*(?:\/[A-Za-z0-9][\w.-]*)?$/;

export function assertValidModelId(modelId: string): void {
  if (!MODEL_ID.test(modelId) || modelId.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(
      `Invalid embedding model id "${modelId}": expected "name" or "owner/name" ` +
        '(letters, digits, ".", "_", "-"), or "openai:<model>".',
    );
  }
}

export function modelFolder(modelsDir: string, modelId: string): string {
  return path.join(modelsDir, ...modelId.split('/'));
}

/** Files every local model needs besides its ONNX weights. */
export const MODEL_METADATA_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json'];

/** The files of the model that are not in `modelsDir` yet. */
export function missingModelFiles(modelsDir: string, modelId: string, onnxFile: string): string[] {
  const folder = modelFolder(modelsDir, modelId);
  return [...MODEL_METADATA_FILES, onnxFile].filter(
    (file) => !existsSync(path.join(folder, ...file.split('/'))),
  );
}
