import {
  aboutDocument,
  type ConnectorContext,
  type DiscoveryItem,
  type DocumentContent,
  type DocumentRef,
  SourceError,
  type SourceSession,
} from '@docent/connector-sdk';
import { decodeCheckpoint, type CrawlState } from './crawl-state';
import { DriveApi } from './drive-api';
import { DriveCrawl, initialCrawlState } from './drive-crawl';
import type { DriveSpec } from './drive-spec';
import { fileContent } from './file-content';
import { planFor } from './file-plan';
import { folderExists, folderNotFound } from './folder-search';
import { ListedFiles } from './listed-files';

export interface DriveSessionSettings {
  apiBase: string;
  maxFileBytes: number;
  sourceKey: string;
}

/** One ingestion's conversation with Google Drive. */
export class DriveSession implements SourceSession {
  private readonly api: DriveApi;
  private readonly listed = new ListedFiles();

  constructor(
    private readonly context: ConnectorContext<DriveSpec>,
    private readonly settings: DriveSessionSettings,
  ) {
    this.api = DriveApi.forSession(context, settings.apiBase);
  }

  async check(): Promise<void> {
    await this.api.about();
    const name = this.context.spec.folder_name;
    if (name !== undefined && !(await folderExists(this.api, name))) throw folderNotFound(name);
  }

  async *discover(checkpoint: string | null): AsyncGenerator<DiscoveryItem, void, undefined> {
    let state: CrawlState | undefined;
    if (checkpoint !== null) {
      state = decodeCheckpoint(checkpoint, this.settings.sourceKey);
      if (state === undefined) {
        this.context.log.warn('ignoring a checkpoint of another listing; listing from the start');
      }
    }
    const folderName = this.context.spec.folder_name;
    const crawl = new DriveCrawl(
      this.api,
      {
        maxFileBytes: this.settings.maxFileBytes,
        sourceKey: this.settings.sourceKey,
        ...(folderName === undefined ? {} : { folderName }),
      },
      this.listed,
      state ?? (await initialCrawlState(this.api, folderName)),
    );
    yield* crawl.run();
  }

  async fetch(ref: DocumentRef): Promise<DocumentContent> {
    const file =
      this.listed.get(ref.sourceId) ??
      (await this.api.getFile(ref.sourceId, aboutDocument(ref.sourceId, ref.title)));
    if (file.trashed) {
      throw new SourceError('source_not_found', `"${file.name}" was moved to the trash`);
    }
    const plan = planFor(file, this.settings.maxFileBytes);
    return fileContent(this.api, file, plan, this.context.log);
  }
}
