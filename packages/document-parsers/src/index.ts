export {
  createFileParser,
  type DocumentFileParser,
  type FileContent,
  type FileParserOptions,
} from './file-parser';
export { detectFileFormat, type FileFormat } from '@docent/document-model';
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip/zip-limits';
export { type ExtraFormatHandlers } from './worker-protocol';
