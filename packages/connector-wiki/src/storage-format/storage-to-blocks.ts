import type { Block } from '@docent/connector-sdk';
import { parseDocument } from 'htmlparser2';
import { BlockWriter } from './block-writer';
import { walkNodes } from './storage-walker';

/**
 * Converts Confluence storage format (XHTML with `ac:`/`ri:` elements, no root element,
 * undeclared HTML entities) into blocks. Parsing is lenient: broken markup yields what text it
 * holds rather than an error; only absurd nesting (see MAX_ELEMENT_NESTING) throws a
 * DocumentError. List depth is 0 for a top-level list.
 */
export function confluenceStorageToBlocks(xhtml: string): Block[] {
  const document = parseDocument(xhtml, {
    // HTML mode so `&nbsp;`/`&rsquo;` decode; CDATA and `<ri:page/>` still need XML rules.
    recognizeCDATA: true,
    recognizeSelfClosing: true,
    decodeEntities: true,
  });
  const writer = new BlockWriter();
  walkNodes(document.children, writer, { listDepth: 0, nesting: 0 });
  return writer.result();
}
