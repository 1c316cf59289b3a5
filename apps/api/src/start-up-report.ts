import type { DocentConfig } from '@docent/runtime';
import type { ApiRole } from './create-api-app';

export interface StartUpFacts {
  config: DocentConfig;
  role: ApiRole;
  /** The embedder actually loaded (its id and vector size). */
  embedder: { modelId: string; dimensions: number };
  /** apps/web/dist was found and is served at `/`. */
  webUiBuilt: boolean;
}

/**
 * What a started api says, one line each: where it listens and where it is reached, where the
 * UI is, which model embeds, and which bootstrap accounts exist (without their keys) — with the
 * one thing about them a newcomer cannot guess: they use the API only, not the UI.
 */
export function startUpReport({ config, role, embedder, webUiBuilt }: StartUpFacts): string[] {
  const mode = role === 'all' ? 'embedded: api + worker' : 'api';
  const local = `http://localhost:${config.port}`;
  const lines = [
    config.publicUrl === local
      ? `Docent listening on ${local} (${mode}, data in ${config.dataDir})`
      : `Docent listening on port ${config.port}, reached at ${config.publicUrl} (DOCENT_PUBLIC_URL) (${mode}, data in ${config.dataDir})`,
  ];
  lines.push(
    webUiBuilt
      ? `Web UI: ${config.publicUrl}/ (sign up there with an email and a password)`
      : `Web UI: not built (apps/web/dist is missing): pnpm build, then start again`,
  );
  lines.push(`Embedding model: ${describeModel(config, embedder)}`);
  const accounts = config.bootstrapApiKeys.map((k) => k.account);
  if (accounts.length > 0) {
    const names = accounts.join(', ');
    lines.push(
      `Bootstrap API keys (DOCENT_BOOTSTRAP_API_KEYS) for account${accounts.length === 1 ? '' : 's'} ${names}: ` +
        'they use the API with their key and cannot log in to the web UI, whose users sign up and ' +
        'see only their own collections. To see an ingestion in the UI, sign up and make it with ' +
        'a key from the UI’s API keys page.',
    );
  }
  return lines;
}

function describeModel(
  config: DocentConfig,
  embedder: { modelId: string; dimensions: number },
): string {
  if (embedder.modelId.startsWith('openai:')) {
    return `${embedder.modelId} at ${config.openai.baseUrl} (${embedder.dimensions} dimensions)`;
  }
  const weights = config.embeddingDtype ?? 'fp32';
  return `${embedder.modelId} (${weights} weights, ${embedder.dimensions} dimensions) from ${config.modelsDir}`;
}
