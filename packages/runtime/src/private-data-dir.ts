import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { SECRET_KEY_FILE } from '@docent/credentials-vault';

/**
 * The data directory holds ingested text (the SQLite files and their WAL), the queue and the
 * generated secret key: owner-only, whatever the umask. Files SQLite creates next to a database
 * (`-wal`, `-shm`) take the database file's mode, so creating each database file 0600 first is
 * enough; existing ones are tightened.
 */
export function preparePrivateDataDir(
  dataDir: string,
  databaseFiles: string[],
  warn: (message: string) => void,
): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const restrict = (path: string, mode: number) => {
    try {
      chmodSync(path, mode);
    } catch {
      // A folder mounted with another owner: it still works, the operator is told.
      warn(`cannot restrict ${path} to mode ${mode.toString(8)} (not its owner?)`);
    }
  };
  restrict(dataDir, 0o700);
  for (const name of databaseFiles) {
    const path = join(dataDir, name);
    if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
    for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) {
      if (existsSync(file)) restrict(file, 0o600);
    }
  }
  const key = join(dataDir, SECRET_KEY_FILE);
  if (existsSync(key)) restrict(key, 0o600);
}
