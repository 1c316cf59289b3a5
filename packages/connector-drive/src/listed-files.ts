import type { DriveFile } from './drive-file';

/**
 * The files of the listing page being processed, so `fetch` can skip a files.get: the service
 * fetches each document right after it is listed. Cleared page by page to bound memory; a
 * miss only costs that files.get.
 */
export class ListedFiles {
  private readonly files = new Map<string, DriveFile>();

  startPage(): void {
    this.files.clear();
  }

  remember(file: DriveFile): void {
    this.files.set(file.id, file);
  }

  get(id: string): DriveFile | undefined {
    return this.files.get(id);
  }
}
