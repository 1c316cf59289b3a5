import type { IncompleteListing, SourceSession } from '../connector';
import type { DocumentContent, ParsedDocument } from '@docent/document-model';
import { isSourceError } from '../error-brands';
import { readBytes } from './discovery-items';

export type ReadContent =
  | { kind: 'parsed'; document: ParsedDocument }
  | { kind: 'file'; mediaType: string; fileName?: string; bytes: Buffer };

export interface DocumentFailure {
  sourceId: string;
  title?: string;
  message: string;
}

export interface ServiceRead {
  /** The content of every document that could be read, by source id. */
  contents: Map<string, ReadContent>;
  /** Failure items, and documents whose content failed for that document only. */
  failures: DocumentFailure[];
  /** What `discover` returned: an `IncompleteListing` forbids deletions. */
  end: IncompleteListing | void;
}

/**
 * Reads a source as the ingestion runner does: lists, takes the content each ref carries or
 * fetches it (then reads its bytes), and keeps going past document failures. Throws what would
 * fail the ingestion: anything thrown by `discover`, and a `SourceError` from reading a
 * document (except `source_not_found`, a document gone since it was listed); anything else
 * a document throws is that document's failure.
 */
export async function readLikeTheService(
  session: SourceSession,
  checkpoint: string | null = null,
): Promise<ServiceRead> {
  const contents = new Map<string, ReadContent>();
  const failures: DocumentFailure[] = [];
  const listing = session.discover(checkpoint);
  for (;;) {
    const next = await listing.next();
    if (next.done) return { contents, failures, end: next.value };
    const item = next.value;
    if (item.type === 'failure') {
      const { sourceId, title, message } = item;
      failures.push({ sourceId, ...(title === undefined ? {} : { title }), message });
    } else if (item.type === 'document') {
      // Fetched as soon as it is listed, as the service does.
      const { ref } = item;
      try {
        contents.set(ref.sourceId, await readContent(ref.content ?? (await session.fetch(ref))));
      } catch (error) {
        // By brand, as the service does: a connector bundling its own SDK copy throws that copy's class.
        if (isSourceError(error) && error.code !== 'source_not_found') throw error;
        const message = error instanceof Error ? error.message : String(error);
        failures.push({ sourceId: ref.sourceId, title: ref.title, message });
      }
    }
  }
}

async function readContent(content: DocumentContent): Promise<ReadContent> {
  if (content.kind === 'parsed') return content;
  return {
    kind: 'file',
    mediaType: content.mediaType,
    ...(content.fileName === undefined ? {} : { fileName: content.fileName }),
    bytes: await readBytes(content),
  };
}
