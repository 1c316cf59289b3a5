import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export * from './generated';

/** A JSON value of the OpenAPI document (kept loose: callers walk it by path). */
export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> } & Record<string, unknown>;
};

let cached: OpenApiDocument | undefined;

/** The contract, parsed from the JSON copy that `pnpm generate` writes next to this package. */
export function openApiDocument(): OpenApiDocument {
  // src/ (tests) and dist/ (runtime) are both one level below the package root.
  cached ??= JSON.parse(
    readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8'),
  ) as OpenApiDocument;
  return cached;
}
