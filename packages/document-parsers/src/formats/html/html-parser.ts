import { type ParsedDocument } from '@docent/document-model';
import { decodeText } from '../../blocks/text-decoding';
import { htmlToBlocks } from './html-blocks';

/** The charset a page declares in a `<meta>` near its start, if any. */
export function declaredHtmlCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
}

/** HTML → one page of blocks. */
export function parseHtml(bytes: Uint8Array): ParsedDocument {
  const html = decodeText(bytes, declaredHtmlCharset(bytes));
  return { pages: [{ pageNum: 1, blocks: htmlToBlocks(html) }] };
}
