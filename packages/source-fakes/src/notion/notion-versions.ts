import type { NotionApiVersion } from './fake-notion-types';

/** What changes for a reader between the `Notion-Version`s the fake models. */
export interface VersionProfile {
  version: NotionApiVersion;
  /** Databases hold data sources, queried at `/v1/data_sources/{id}/query`. */
  dataSources: boolean;
  /** Objects still carry the old `archived` flag next to `in_trash`. */
  archivedField: boolean;
}

const PROFILES: Record<NotionApiVersion, VersionProfile> = {
  '2022-06-28': { version: '2022-06-28', dataSources: false, archivedField: true },
  '2025-09-03': { version: '2025-09-03', dataSources: true, archivedField: true },
  '2026-03-11': { version: '2026-03-11', dataSources: true, archivedField: false },
};

export const SUPPORTED_VERSIONS = Object.keys(PROFILES) as NotionApiVersion[];

export function versionProfile(header: string): VersionProfile | undefined {
  return (PROFILES as Record<string, VersionProfile | undefined>)[header.trim()];
}
