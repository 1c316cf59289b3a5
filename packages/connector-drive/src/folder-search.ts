import { SourceError } from '@docent/connector-sdk';
import type { Corpus, DriveApi } from './drive-api';
import type { DriveFile } from './drive-file';
import { GOOGLE_TYPES } from './drive-mime-types';
import { foldersNamedQuery } from './drive-query';

/** Drive's `name =` is checked again here: the selection is folders of exactly this name. */
export function isFolderNamed(file: DriveFile, name: string): boolean {
  return file.mimeType === GOOGLE_TYPES.folder && file.name === name && !file.trashed;
}

/** What both `check()` and a finished search report when no folder has the name. */
export function folderNotFound(name: string): SourceError {
  return new SourceError(
    'source_not_found',
    `no folder named "${name}" is visible to these credentials (My Drive and shared drives)`,
  );
}

/**
 * Whether any folder of this name is visible: all drives at once, or, when Drive says that
 * search was incomplete, My Drive and then each shared drive. Stops at the first match.
 */
export async function folderExists(api: DriveApi, name: string): Promise<boolean> {
  const corpora: Corpus[] = [{ kind: 'allDrives' }];
  for (let index = 0; index < corpora.length; index += 1) {
    const corpus = corpora[index]!;
    let pageToken: string | undefined;
    do {
      const page = await api.listFiles(foldersNamedQuery(name), corpus, pageToken);
      if (page.files.some((file) => isFolderNamed(file, name))) return true;
      if (corpus.kind === 'allDrives' && page.incompleteSearch) {
        corpora.push({ kind: 'user' }, ...(await sharedDriveCorpora(api)));
        break;
      }
      pageToken = page.nextPageToken;
    } while (pageToken !== undefined);
  }
  return false;
}

async function sharedDriveCorpora(api: DriveApi): Promise<Corpus[]> {
  const corpora: Corpus[] = [];
  let pageToken: string | undefined;
  do {
    const page = await api.listSharedDrives(pageToken);
    corpora.push(...page.drives.map((drive): Corpus => ({ kind: 'drive', driveId: drive.id })));
    pageToken = page.nextPageToken;
  } while (pageToken !== undefined);
  return corpora;
}
