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

interface CheckpointPayload {
  v: 1;
  /** The source key: a checkpoint of another selection is ignored. */
  source: string;
  state: CrawlState;
}

export function encodeCheckpoint(source: string, state: CrawlState): string {
  const payload: CheckpointPayload = { v: 1, source, state };
  return JSON.stringify(payload);
}

/**
 * The state in a checkpoint of this source, or undefined when it cannot be used. It holds ids
 * and page tokens only (never URLs), so a tampered one cannot send credentials elsewhere.
 */
export function decodeCheckpoint(checkpoint: string, source: string): CrawlState | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(checkpoint);
  } catch {
    return undefined;
  }
  if (!isObject(payload) || payload.v !== 1 || payload.source !== source) return undefined;
  const state = payload.state;
  if (!isObject(state)) return undefined;
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isListing(value: unknown): value is Listing {
  if (!isObject(value)) return false;
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
  if (!isObject(value)) return false;
  if (value.kind === 'allDrives' || value.kind === 'user') return true;
  return value.kind === 'drive' && typeof value.driveId === 'string';
}
