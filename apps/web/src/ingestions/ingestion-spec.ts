import type { SourceType } from '../api/wire-types';

export interface IngestionFormState {
  type: SourceType;
  collection: string;
  token: string;
  wikiUrl: string;
  wikiSelector: 'space' | 'cql';
  wikiSpace: string;
  wikiCql: string;
  wikiUsername: string;
  /** Also ingest the files attached to the pages. */
  wikiAttachments: boolean;
  driveFolderName: string;
  /** One page id or URL per line (or separated by commas/spaces). */
  pageIds: string;
}

export const EMPTY_FORM: IngestionFormState = {
  type: 'PAGES',
  collection: '',
  token: '',
  wikiUrl: '',
  wikiSelector: 'space',
  wikiSpace: '',
  wikiCql: '',
  wikiUsername: '',
  wikiAttachments: false,
  driveFolderName: '',
  pageIds: '',
};

/**
 * The `spec` of `create_ingestion` for the form: empty optional fields are left out, so an
 * empty token means "use my connection".
 */
export function specOf(form: IngestionFormState): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  const token = form.token.trim();
  if (token) spec.token = token;
  switch (form.type) {
    case 'WIKI': {
      spec.url = form.wikiUrl.trim();
      if (form.wikiSelector === 'space') spec.space = form.wikiSpace.trim();
      else spec.cql = form.wikiCql.trim();
      const username = form.wikiUsername.trim();
      if (username) spec.username = username;
      if (form.wikiAttachments) spec.attachments = true;
      break;
    }
    case 'DRIVE': {
      const folder = form.driveFolderName.trim();
      if (folder) spec.folder_name = folder;
      break;
    }
    case 'PAGES': {
      const ids = form.pageIds.split(/[\s,]+/).filter((id) => id !== '');
      if (ids.length > 0) spec.page_ids = ids;
      break;
    }
  }
  return spec;
}
