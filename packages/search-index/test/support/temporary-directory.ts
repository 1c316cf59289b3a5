import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TemporaryDirectory {
  path: string;
  remove(): void;
}

export function temporaryDirectory(prefix = 'docent-search-index-'): TemporaryDirectory {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
