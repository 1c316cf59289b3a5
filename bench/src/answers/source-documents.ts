import { driveConnector } from '@docent/connector-drive';
import { pagesConnector } from '@docent/connector-pages';
import type { Block, SourceConnector } from '@docent/connector-sdk';
import { openTestSession } from '@docent/connector-sdk/testing';
import { wikiConnector } from '@docent/connector-wiki';
import { createFileParser } from '@docent/document-parsers';

/** A document as its connector (and, for files, the parsers) hands it to the ingestion. */
export interface SourceDocument {
  /** The document name the service gives it (page title, file name). */
  name: string;
  blocks: Block[];
}

/** How to reach one fake source with its real connector. */
export type SourceAccess =
  | { type: 'WIKI'; url: string; space: string; username: string; token: string }
  | { type: 'DRIVE'; apiUrl: string; token: string; folderName: string }
  | { type: 'PAGES'; apiUrl: string; token: string };

/**
 * Reads a source the way the ingestion does (the real connector over HTTP, files through the
 * real parsers), so gold sentences can be checked against the text the service will index.
 */
export async function readSourceDocuments(access: SourceAccess): Promise<SourceDocument[]> {
  const { connector, spec, endpoints } = sessionOf(access);
  const { session } = await openTestSession(connector, spec, { endpoints });
  const parser = createFileParser();
  try {
    const documents: SourceDocument[] = [];
    for await (const item of session.discover(null)) {
      if (item.type === 'failure') throw new Error(`${access.type}: ${item.message}`);
      if (item.type !== 'document') continue;
      const content = item.ref.content ?? (await session.fetch(item.ref));
      const parsed = content.kind === 'parsed' ? content.document : await parser(content);
      documents.push({ name: item.ref.title, blocks: parsed.pages.flatMap((page) => page.blocks) });
    }
    return documents;
  } finally {
    await parser.close();
  }
}

function sessionOf(access: SourceAccess): {
  connector: SourceConnector<unknown>;
  spec: Record<string, unknown>;
  endpoints: Record<string, string>;
} {
  switch (access.type) {
    case 'WIKI':
      return {
        connector: wikiConnector as SourceConnector<unknown>,
        spec: {
          url: access.url,
          space: access.space,
          username: access.username,
          token: access.token,
        },
        endpoints: {},
      };
    case 'DRIVE':
      return {
        connector: driveConnector as SourceConnector<unknown>,
        spec: { token: access.token, folder_name: access.folderName },
        endpoints: { driveApiUrl: access.apiUrl },
      };
    case 'PAGES':
      return {
        connector: pagesConnector as SourceConnector<unknown>,
        spec: { token: access.token },
        endpoints: { pagesApiUrl: access.apiUrl },
      };
  }
}
