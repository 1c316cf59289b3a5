import {
  ABOUT_SOURCE,
  aboutDocument,
  type ConnectorContext,
  DocumentRequestError,
  type HttpResponse,
  type QueryValue,
  type RequestSubject,
  SourceError,
  SourceApiClient,
} from '@docent/connector-sdk';
import { type DriveFile, FILE_FIELDS, LIST_FIELDS } from './drive-file';
import { fileRefusal, GOOGLE_DRIVE } from './google-drive-profile';
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

/** Shared-drive items are only listed (and gettable) with both flags. */
const ALL_DRIVES = { supportsAllDrives: 'true', includeItemsFromAllDrives: 'true' };

/** The Drive v3 calls the connector makes, under `{apiBase}/drive/v3`. */
export class DriveApi {
  constructor(private readonly api: SourceApiClient) {}

  static forSession(context: ConnectorContext<unknown>, apiBase: string): DriveApi {
    return new DriveApi(
      SourceApiClient.forSession(context, {
        profile: GOOGLE_DRIVE,
        baseUrl: `${apiBase}/drive/v3`,
      }),
    );
  }

  /** A cheap authenticated call: proves the token works. */
  async about(): Promise<void> {
    await this.listingJson('/about', { fields: 'user(emailAddress)' });
  }

  async listFiles(q: string, corpus: Corpus, pageToken?: string): Promise<FileListPage> {
    const body = await this.listingJson('/files', {
      q,
      fields: LIST_FIELDS,
      pageSize: FILES_PAGE_SIZE,
      corpora: corpus.kind,
      ...(corpus.kind === 'drive' ? { driveId: corpus.driveId } : {}),
      ...ALL_DRIVES,
      pageToken,
    });
    return parseFileList(body);
  }

  async listSharedDrives(pageToken?: string): Promise<SharedDrivePage> {
    const body = await this.listingJson('/drives', {
      pageSize: DRIVES_PAGE_SIZE,
      fields: 'nextPageToken,drives(id,name)',
      pageToken,
    });
    return parseSharedDriveList(body);
  }

  /** The id behind the `root` alias (My Drive's root folder). */
  async myDriveRootId(): Promise<string> {
    return parseDriveFile(await this.listingJson('/files/root', { fields: 'id,name,mimeType' })).id;
  }

  /**
   * One file's metadata: about that file, unless the caller needs it to list (a folder). A
   * refusal of that one file (its owner's policy) is a DriveFileRefusal either way.
   */
  async getFile(id: string, about: RequestSubject = aboutDocument(id)): Promise<DriveFile> {
    const { body } = await this.api.json({
      path: `/files/${encodeURIComponent(id)}`,
      query: { fields: FILE_FIELDS, supportsAllDrives: 'true' },
      about,
      explain: fileRefusal,
    });
    return parseDriveFile(body);
  }

  download(file: DriveFile): Promise<HttpResponse> {
    return this.api.call({
      path: `/files/${encodeURIComponent(file.id)}`,
      query: { alt: 'media', supportsAllDrives: 'true' },
      about: aboutDocument(file.id, file.name),
    });
  }

  /**
   * files.export (it takes no supportsAllDrives: shared-drive files export like any other).
   * Large exports can fail with 500 for good, so the first round gets few attempts and a 500
   * then skips the file; throttling or an outage gets a second round with the full budget.
   */
  async exportAs(file: DriveFile, mimeType: string): Promise<HttpResponse> {
    const request = {
      path: `/files/${encodeURIComponent(file.id)}/export`,
      query: { mimeType },
      about: aboutDocument(file.id, file.name),
    };
    try {
      return await this.api.call({ ...request, retry: { maxAttempts: FIRST_EXPORT_ATTEMPTS } });
    } catch (error) {
      if (!worthASecondRound(error)) throw error;
      return this.api.call(request);
    }
  }

  private async listingJson(path: string, query: Record<string, QueryValue>): Promise<unknown> {
    return (await this.api.json({ path, query, about: ABOUT_SOURCE })).body;
  }
}

function worthASecondRound(error: unknown): boolean {
  if (error instanceof DocumentRequestError) return error.sourceFault && error.status !== 500;
  return (
    error instanceof SourceError &&
    (error.code === 'source_rate_limited' || error.code === 'source_unreachable')
  );
}
