/**
 * The one `Notion-Version` every request sends. 2025-09-03 is the version where databases hold
 * data sources: reading a database with several data sources fails under older versions, and
 * `POST /v1/databases/{id}/query` is gone, so rows are read with
 * `POST /v1/data_sources/{id}/query` (ids from `GET /v1/databases/{id}`).
 */
export const NOTION_VERSION = '2025-09-03';

/** `DOCENT_PAGES_API_URL`'s default; endpoints live under `/v1`. */
export const DEFAULT_PAGES_API_URL = 'https://api.notion.com';

export function pagesApiUrl(endpoints: Readonly<Record<string, string>>): string {
  return (endpoints.pagesApiUrl ?? DEFAULT_PAGES_API_URL).replace(/\/+$/, '');
}
