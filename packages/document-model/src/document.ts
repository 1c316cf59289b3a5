/**
 * The structured text a connector (or a file parser) hands to the pipeline. Blocks keep the
 * structure that chunking relies on: headings open sections, rows and list items stay whole.
 */
export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list_item'; text: string; depth: number; ordered?: boolean; checked?: boolean }
  | { kind: 'table_row'; cells: string[]; header?: boolean }
  | { kind: 'code'; text: string; language?: string }
  | { kind: 'quote'; text: string }
  /**
   * Panels, callouts, admonitions: `label` is e.g. "Note", "Warning" or the panel title. With
   * `term`, the label is the term the text describes (a definition list's option or setting):
   * its first sentence reads "term: sentence", where a panel's title is never part of one.
   */
  | { kind: 'callout'; text: string; label?: string; term?: boolean };

export interface DocumentPage {
  /** 1-based: the physical page, slide or sheet; 1 for sources without pages. */
  pageNum: number;
  /** Optional page label, e.g. a sheet name or slide title. */
  label?: string;
  blocks: Block[];
  /** True when the page holds no extractable text (e.g. a scanned image). */
  imageOnly?: boolean;
}

export interface ParsedDocument {
  pages: DocumentPage[];
}

/** Content of one document: already structured, or a file to be parsed by media type. */
export type DocumentContent =
  | { kind: 'parsed'; document: ParsedDocument }
  | {
      kind: 'file';
      mediaType: string;
      fileName?: string;
      /** Size in bytes when the source reports it (used to skip oversized files early). */
      size?: number;
      /** Opens the byte stream; called at most once. */
      open(): Promise<AsyncIterable<Uint8Array>>;
    };
