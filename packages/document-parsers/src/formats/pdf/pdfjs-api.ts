/**
 * The slice of pdf.js this package uses. pdf.js is an ES module loaded with a real `import()`
 * inside the worker thread and handed in, so these structural types stand in for its own
 * (which pull in DOM types).
 */
export interface PdfTextItem {
  str: string;
  /** [a, b, c, d, e, f]: text space → page space; (e, f) is the origin on the baseline. */
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

export interface PdfPage {
  getTextContent(): Promise<{ items: Array<PdfTextItem | { type: string }> }>;
  getOperatorList(): Promise<{ fnArray: number[] }>;
  cleanup(): unknown;
}

export interface PdfDocument {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfPage>;
  destroy(): Promise<void>;
}

export interface PdfLoadingTask {
  promise: Promise<PdfDocument>;
  destroy(): Promise<void>;
}

export interface PdfjsModule {
  getDocument(parameters: Record<string, unknown>): PdfLoadingTask;
  OPS: Record<string, number>;
}

/** pdf.js and where its character maps live (needed to read CID-keyed CJK fonts). */
export interface PdfEngine {
  pdfjs: PdfjsModule;
  cMapUrl?: string;
}
