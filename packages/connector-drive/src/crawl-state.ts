import {
  type CheckpointCodec,
  checkpointCodec,
  isJsonObject,
  MAX_CHECKPOINT_CHARS,
} from '@docent/connector-sdk';
import type { Corpus } from './drive-api';

/** One files.list (or drives.list) walk, page by page. */
export type Listing =
  /** Folders named as the spec says, in one corpus. */
  | { kind: 'folderSearch'; corpus: Corpus }
  /** Shared drives, each then searched for the folder name or crawled from its root. */
  | { kind: 'sharedDrives'; then: 'folderSearch' | 'crawl' }
  /** The direct children of one folder (a shared drive's root id is a folder id too). */
  | { kind: 'children'; folderId: string; driveId?: string };

/** Where a crawl stands; what a checkpoint carries. */
export interface CrawlState {
  /** Listings still to walk; the first one is in progress. */
  queue: Listing[];
  /** The next page of the first listing; absent at its start. */
  pageToken?: string;
  /** Folders already queued or walked: each is walked once, and cycles end. */
  seenFolders: string[];
  /** Folders matching the name so far (none at the end of the search: source_not_found). */
  foldersFound: number;
}

/** Full crawl states: a crawl stores them through `boundedCheckpoint`. */
function crawlCheckpoints(source: string): CheckpointCodec<CrawlState> {
  return checkpointCodec<CrawlState>({
    source,
    version: 1,
    maxChars: Number.POSITIVE_INFINITY,
    write: (state) => ({ state }),
    read: ({ state }) => readCrawlState(state),
  });
}

/** `{v:1, source, state}`: ids and page tokens only (never URLs), so a tampered one cannot send credentials elsewhere. */
export function encodeCheckpoint(source: string, state: CrawlState): string {
  return crawlCheckpoints(source).encode(state)!;
}

export function decodeCheckpoint(checkpoint: string, source: string): CrawlState | undefined {
  return crawlCheckpoints(source).decode(checkpoint);
}

/**
 * The checkpoint of a crawl state within MAX_CHECKPOINT_CHARS. The folders seen grow with the
 * drive, so past the cap they are left out: a resumed crawl may walk again a folder reachable
 * twice (the service skips documents it already handled), and still ends since it records the
 * folders it walks. A queue too large on its own gives no checkpoint until it shrinks.
 */
export function boundedCheckpoint(source: string, state: CrawlState): string | undefined {
  for (const candidate of [state, { ...state, seenFolders: [] }]) {
    const checkpoint = encodeCheckpoint(source, candidate);
    if (checkpoint.length <= MAX_CHECKPOINT_CHARS) return checkpoint;
  }
  return undefined;
}

/** The state in a checkpoint, or undefined when any part of it is damaged. */
function readCrawlState(state: unknown): CrawlState | undefined {
  if (!isJsonObject(state)) return undefined;
  const { queue, pageToken, seenFolders, foldersFound } = state;
  if (!Array.isArray(queue) || !queue.every(isListing)) return undefined;
  if (pageToken !== undefined && typeof pageToken !== 'string') return undefined;
  if (!Array.isArray(seenFolders) || !seenFolders.every((id) => typeof id === 'string')) {
    return undefined;
  }
  if (typeof foldersFound !== 'number' || !Number.isInteger(foldersFound) || foldersFound < 0) {
    return undefined;
  }
  return {
    queue,
    seenFolders,
    foldersFound,
    ...(pageToken === undefined ? {} : { pageToken }),
  };
}

function isListing(value: unknown): value is Listing {
  if (!isJsonObject(value)) return false;
  switch (value.kind) {
    case 'folderSearch':
      return isCorpus(value.corpus);
    case 'sharedDrives':
      return value.then === 'folderSearch' || value.then === 'crawl';
    case 'children':
      return (
        typeof value.folderId === 'string' &&
        (value.driveId === undefined || typeof value.driveId === 'string')
      );
    default:
      return false;
  }
}

function isCorpus(value: unknown): value is Corpus {
  if (!isJsonObject(value)) return false;
  if (value.kind === 'allDrives' || value.kind === 'user') return true;
  return value.kind === 'drive' && typeof value.driveId === 'string';
}
