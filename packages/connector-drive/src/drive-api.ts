import { type HttpResponse, SourceError, type SourceErrorCode } from '@docent/connector-sdk';
import { type DriveFile, FILE_FIELDS, LIST_FIELDS } from './drive-file';
import type { DriveHttp } from './drive-http';
import {
  type FileListPage,
  parseDriveFile,
  parseFileList,
  parseSharedDriveList,
  type SharedDrivePage,
} from './drive-responses';

/** Which items a files.list searches. */
export type Corpus = { kind: 'allDrives' } | { kind: 'user' } | { kind: 'drive'; driveId: string };

/** Drive's maximum; it often answers with fewer. */
const FILES_PAGE_SIZE = 1000;
const DRIVES_PAGE_SIZE = 100;
/** Attempts of an export's first round (see exportAs). */
const FIRST_EXPORT_ATTEMPTS = 3;
const TRANSIENT_CODES: readonly SourceErrorCode[] = ['source_rate_limited', 'source_unreachable'];

/** Shared-drive items are only listed (and gettable) with both flags. */
const ALL_DRIVES = { supportsAllDrives: 'true', includeItemsFromAllDrives: 'true' };

/** The Drive v3 calls the connector makes. */
export class DriveApi {
  constructor(private readonly http: DriveHttp) {}

  /** A cheap authenticated call: proves the token works. */
  async about(): Promise<void> {
    await this.http.getJson('/about', { fields: 'user(emailAddress)' }, { kind: 'listing' });
  }

  async listFiles(q: string, corpus: Corpus, pageToken?: string): Promise<FileListPage> {
    const body = await this.http.getJson(
      '/files',
      {
        q,
        fields: LIST_FIELDS,
        pageSize: FILES_PAGE_SIZE,
        corpora: corpus.kind,
        ...(corpus.kind === 'drive' ? { driveId: corpus.driveId } : {}),
        ...ALL_DRIVES,
        pageToken,
      },
      { kind: 'listing' },
    );
    return parseFileList(body);
  }

  async listSharedDrives(pageToken?: string): Promise<SharedDrivePage> {
    const body = await this.http.getJson(
      '/drives',
      { pageSize: DRIVES_PAGE_SIZE, fields: 'nextPageToken,drives(id,name)', pageToken },
      { kind: 'listing' },
    );
    return parseSharedDriveList(body);
  }

  /** The id behind the `root` alias (My Drive's root folder). */
  async myDriveRootId(): Promise<string> {
    const body = await this.http.getJson(
      '/files/root',
      { fields: 'id,name,mimeType' },
      { kind: 'listing' },
    );
    return parseDriveFile(body).id;
  }

  async getFile(id: string, fileName?: string): Promise<DriveFile> {
    const body = await this.http.getJson(
      `/files/${encodeURIComponent(id)}`,
      { fields: FILE_FIELDS, supportsAllDrives: 'true' },
      { kind: 'file', fileId: id, ...(fileName === undefined ? {} : { fileName }) },
    );
    return parseDriveFile(body);
  }

  download(file: DriveFile): Promise<HttpResponse> {
    return this.http.get(
      `/files/${encodeURIComponent(file.id)}`,
      { alt: 'media', supportsAllDrives: 'true' },
      { kind: 'file', fileId: file.id, fileName: file.name },
    );
  }

  /**
   * files.export (it takes no supportsAllDrives: shared-drive files export like any other).
   * Large exports can fail with 500 for good, so the first round gets few attempts and a 500
   * then skips the file; throttling or an outage gets a second round with the full budget.
   */
  async exportAs(file: DriveFile, mimeType: string): Promise<HttpResponse> {
    const scope = { kind: 'file', fileId: file.id, fileName: file.name, exporting: true } as const;
    const path = `/files/${encodeURIComponent(file.id)}/export`;
    try {
      return await this.http.get(path, { mimeType }, scope, {
        retry: { maxAttempts: FIRST_EXPORT_ATTEMPTS },
      });
    } catch (error) {
      if (!(error instanceof SourceError) || !TRANSIENT_CODES.includes(error.code)) throw error;
      return this.http.get(path, { mimeType }, scope);
    }
  }
}
