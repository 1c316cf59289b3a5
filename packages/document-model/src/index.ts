export type { Block, DocumentContent, DocumentPage, ParsedDocument } from './document';
export type { ChunkExtrasPlan, ChunkExtrasWriter } from './chunk-extras';
export { DocumentError, UnsupportedDocumentError } from './document-error';
export {
  baseMediaType,
  DEFAULT_MAX_FILE_BYTES,
  detectFileFormat,
  FILE_FORMAT_MEDIA_TYPES,
  type FileFormat,
} from './file-formats';
export {
  decodeChunkLayout,
  encodeChunkLayout,
  type ChunkLayout,
  type LayoutBlock,
  type LayoutBlockKind,
} from './chunk-layout';
export { appendCallout, type BlockSink, type CalloutBlock } from './callout-paragraphs';
export { isAllCode, isTermTitle, type MarkupNode } from './term-titles';
export { withoutPermalinkMark } from './permalink-marks';
export { tableGrid, type GridRow, type MarkupTableCell, type MarkupTableRow } from './table-grid';
