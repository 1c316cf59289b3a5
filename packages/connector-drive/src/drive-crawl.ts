import {
  ABOUT_SOURCE,
  aboutDocument,
  type DiscoveryItem,
  DocumentError,
  DocumentRequestError,
  SourceError,
} from '@docent/connector-sdk';
import { boundedCheckpoint, type CrawlState, type Listing } from './crawl-state';
import type { Corpus, DriveApi } from './drive-api';
import type { DriveFile } from './drive-file';
import { GOOGLE_TYPES } from './drive-mime-types';
import { childrenQuery, foldersNamedQuery } from './drive-query';
import { discoveryItemFor } from './file-documents';
import { planFor } from './file-plan';
import { folderNotFound, isFolderNamed } from './folder-search';
import type { ListedFiles } from './listed-files';

export interface CrawlSettings {
  /** Absent: the whole drive (My Drive and every shared drive). */
  folderName?: string;
  maxFileBytes: number;
  /** Stamped into checkpoints. */
  sourceKey: string;
}

/** Where a crawl starts: the folder-name search, or My Drive's root and the shared drives. */
export async function initialCrawlState(
  api: DriveApi,
  folderName: string | undefined,
): Promise<CrawlState> {
  if (folderName !== undefined) {
    return {
      queue: [{ kind: 'folderSearch', corpus: { kind: 'allDrives' } }],
      seenFolders: [],
      foldersFound: 0,
    };
  }
  const rootId = await api.myDriveRootId();
  return {
    queue: [
      { kind: 'children', folderId: rootId },
      { kind: 'sharedDrives', then: 'crawl' },
    ],
    seenFolders: [rootId],
    foldersFound: 0,
  };
}

/** What walking one page left to do with its listing. */
type PageOutcome = { next: 'page'; pageToken: string } | { next: 'done' } | { next: 'restart' };

/**
 * Crawls folder by folder (a flat listing of a drive is known to miss files), breadth first,
 * each folder once. A checkpoint follows every page: resuming from it walks the pages after.
 */
export class DriveCrawl {
  private readonly queue: Listing[];
  private pageToken: string | undefined;
  private readonly seenFolders: Set<string>;
  private foldersFound: number;
  /** Documents yielded in this session: a shortcut target may also be listed where it lives. */
  private readonly emitted = new Set<string>();

  constructor(
    private readonly api: DriveApi,
    private readonly settings: CrawlSettings,
    private readonly listed: ListedFiles,
    state: CrawlState,
  ) {
    this.queue = [...state.queue];
    this.pageToken = state.pageToken;
    // A checkpoint may have dropped the folders seen (see boundedCheckpoint), never the queue.
    this.seenFolders = new Set([
      ...state.seenFolders,
      ...state.queue.flatMap((listing) => (listing.kind === 'children' ? [listing.folderId] : [])),
    ]);
    this.foldersFound = state.foldersFound;
  }

  async *run(): AsyncGenerator<DiscoveryItem, void, undefined> {
    while (this.queue.length > 0) {
      this.listed.startPage();
      const outcome = yield* this.walkPage(this.queue[0]!, this.pageToken);
      if (outcome.next === 'page') {
        this.pageToken = outcome.pageToken;
      } else {
        if (outcome.next === 'done') this.queue.shift();
        this.pageToken = undefined;
        this.failIfNoFolderFound();
      }
      const checkpoint = boundedCheckpoint(this.settings.sourceKey, this.state());
      if (checkpoint !== undefined) yield { type: 'checkpoint', checkpoint };
    }
  }

  private state(): CrawlState {
    return {
      queue: [...this.queue],
      seenFolders: [...this.seenFolders],
      foldersFound: this.foldersFound,
      ...(this.pageToken === undefined ? {} : { pageToken: this.pageToken }),
    };
  }

  private async *walkPage(
    listing: Listing,
    pageToken: string | undefined,
  ): AsyncGenerator<DiscoveryItem, PageOutcome, undefined> {
    switch (listing.kind) {
      case 'folderSearch':
        return await this.searchFolders(listing.corpus, pageToken);
      case 'sharedDrives':
        return await this.listSharedDrives(listing.then, pageToken);
      case 'children':
        return yield* this.listChildren(listing, pageToken);
    }
  }

  private async searchFolders(corpus: Corpus, pageToken: string | undefined): Promise<PageOutcome> {
    const name = this.settings.folderName ?? '';
    const page = await this.api.listFiles(foldersNamedQuery(name), corpus, pageToken);
    for (const folder of page.files) {
      if (isFolderNamed(folder, name) && this.enqueueFolder(folder)) this.foldersFound += 1;
    }
    if (corpus.kind === 'allDrives' && page.incompleteSearch) {
      // Not every drive was searched: search My Drive, then each shared drive, instead.
      this.queue.splice(
        0,
        1,
        { kind: 'folderSearch', corpus: { kind: 'user' } },
        {
          kind: 'sharedDrives',
          then: 'folderSearch',
        },
      );
      return { next: 'restart' };
    }
    return outcomeOf(page.nextPageToken);
  }

  private async listSharedDrives(
    then: 'folderSearch' | 'crawl',
    pageToken: string | undefined,
  ): Promise<PageOutcome> {
    const page = await this.api.listSharedDrives(pageToken);
    for (const drive of page.drives) {
      if (then === 'folderSearch') {
        this.queue.push({ kind: 'folderSearch', corpus: { kind: 'drive', driveId: drive.id } });
      } else {
        // A shared drive's id is also the id of its root folder.
        this.enqueueFolder({ id: drive.id, driveId: drive.id });
      }
    }
    return outcomeOf(page.nextPageToken);
  }

  private async *listChildren(
    listing: Extract<Listing, { kind: 'children' }>,
    pageToken: string | undefined,
  ): AsyncGenerator<DiscoveryItem, PageOutcome, undefined> {
    const corpus: Corpus =
      listing.driveId === undefined
        ? { kind: 'user' }
        : { kind: 'drive', driveId: listing.driveId };
    const page = await this.api.listFiles(childrenQuery(listing.folderId), corpus, pageToken);
    for (const file of page.files) {
      if (file.trashed) continue;
      if (file.mimeType === GOOGLE_TYPES.folder) this.enqueueFolder(file);
      else if (file.mimeType === GOOGLE_TYPES.shortcut) yield* this.followShortcut(file);
      else yield* this.emitFile(file);
    }
    return outcomeOf(page.nextPageToken);
  }

  /**
   * A shortcut stands for its target, wherever that lives: a file is ingested once (by target
   * id), a folder crawled once. A target that is gone or not shared is a failure item; a file
   * target that cannot be read is that file's failure, a folder target the listing's.
   */
  private async *followShortcut(
    shortcut: DriveFile,
  ): AsyncGenerator<DiscoveryItem, void, undefined> {
    const targetId = shortcut.shortcutDetails?.targetId;
    const failure = (message: string): DiscoveryItem => ({
      type: 'failure',
      sourceId: shortcut.id,
      title: shortcut.name,
      message,
    });
    if (targetId === undefined) {
      yield failure('shortcut without a target');
      return;
    }
    if (this.emitted.has(targetId) || this.seenFolders.has(targetId)) return;
    const targetType = shortcut.shortcutDetails?.targetMimeType;
    const listsDocuments = targetType === undefined || targetType === GOOGLE_TYPES.folder;
    let target: DriveFile;
    try {
      target = await this.api.getFile(
        targetId,
        listsDocuments ? ABOUT_SOURCE : aboutDocument(targetId, shortcut.name),
      );
    } catch (error) {
      const missing =
        (error instanceof SourceError || error instanceof DocumentRequestError) &&
        error.code === 'source_not_found';
      if (missing || (error instanceof DocumentError && !(error instanceof DocumentRequestError))) {
        yield failure(
          `shortcut target ${targetId} is missing or not shared with these credentials`,
        );
      } else if (error instanceof DocumentRequestError) {
        // Under the target's id: the file it stands for keeps its indexed copy.
        yield { type: 'failure', sourceId: targetId, title: shortcut.name, message: error.message };
      } else {
        throw error;
      }
      return;
    }
    if (target.trashed) return;
    if (target.mimeType === GOOGLE_TYPES.folder) this.enqueueFolder(target);
    else if (target.mimeType === GOOGLE_TYPES.shortcut) yield failure('shortcut to a shortcut');
    else yield* this.emitFile(target);
  }

  private *emitFile(file: DriveFile): Generator<DiscoveryItem, void, undefined> {
    if (this.emitted.has(file.id)) return;
    this.emitted.add(file.id);
    const plan = planFor(file, this.settings.maxFileBytes);
    if (plan.kind !== 'skip') this.listed.remember(file);
    yield discoveryItemFor(file, plan);
  }

  /** Queues a folder's children listing unless it was seen; true when newly queued. */
  private enqueueFolder(folder: { id: string; driveId?: string }): boolean {
    if (this.seenFolders.has(folder.id)) return false;
    this.seenFolders.add(folder.id);
    this.queue.push({
      kind: 'children',
      folderId: folder.id,
      ...(folder.driveId === undefined ? {} : { driveId: folder.driveId }),
    });
    return true;
  }

  /** Once the search is over, no folder of that name means the selection does not exist. */
  private failIfNoFolderFound(): void {
    const { folderName } = this.settings;
    if (folderName === undefined || this.foldersFound > 0) return;
    const searching = this.queue.some(
      (listing) =>
        listing.kind === 'folderSearch' ||
        (listing.kind === 'sharedDrives' && listing.then === 'folderSearch'),
    );
    if (!searching) throw folderNotFound(folderName);
  }
}

function outcomeOf(nextPageToken: string | undefined): PageOutcome {
  return nextPageToken === undefined
    ? { next: 'done' }
    : { next: 'page', pageToken: nextPageToken };
}
