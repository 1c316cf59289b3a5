import { DocumentError } from '@docent/document-model';
import { type MessagePort } from 'node:worker_threads';
import { type PdfEngine } from './formats/pdf/pdfjs-api';
import { parseFileBytes } from './parse-file-bytes';
import { type ExtraFormatHandlers, type ParseRequest, type WorkerReply } from './worker-protocol';

export interface WorkerRuntimeDeps {
  loadPdfEngine(): Promise<PdfEngine>;
  extraFormatsModule?: string;
}

function loadExtraFormats(modulePath: string | undefined): ExtraFormatHandlers {
  if (!modulePath) return {};
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require(modulePath) as { formatHandlers?: ExtraFormatHandlers };
  return loaded.formatHandlers ?? {};
}

/** Inside a parse worker: answers parse requests from the pool, one at a time. */
export function serveParseRequests(port: MessagePort, deps: WorkerRuntimeDeps): void {
  const extraFormats = loadExtraFormats(deps.extraFormatsModule);
  let pdfEngine: Promise<PdfEngine> | undefined;
  const loadPdfEngine = (): Promise<PdfEngine> => (pdfEngine ??= deps.loadPdfEngine());
  const reply = (message: WorkerReply): void => port.postMessage(message);

  port.on('message', (request: ParseRequest) => {
    const { id, target, bytes, zipLimits } = request;
    const parse = async () => {
      if (target.kind === 'format') {
        return parseFileBytes(target.format, bytes, { zipLimits, loadPdfEngine });
      }
      const handler = extraFormats[target.mediaType];
      if (!handler) throw new DocumentError(`unsupported file type ${target.mediaType}`);
      return handler(bytes);
    };
    parse().then(
      (document) => {
        try {
          reply({ type: 'parsed', id, document });
        } catch (error) {
          reply({ type: 'failed', id, message: String(error), documentError: false });
        }
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        const documentError = error instanceof Error && error.name === 'DocumentError';
        reply({ type: 'failed', id, message, documentError });
      },
    );
  });
  reply({ type: 'ready' });
}
