import { MIB } from '../byte-sizes';

/** Bounds applied to every ZIP container (DOCX, PPTX, XLSX) before and while inflating. */
export interface ZipLimits {
  /** Most entries the central directory may list. */
  maxEntries: number;
  /** Declared uncompressed size of all entries together, and bytes actually inflated. */
  maxTotalUncompressedBytes: number;
  /** Declared (and actual) uncompressed size of one entry. */
  maxEntryUncompressedBytes: number;
  /** Largest uncompressed/compressed ratio of an entry above `ratioCheckMinBytes`. */
  maxCompressionRatio: number;
  /** Entries smaller than this skip the ratio check (tiny parts compress absurdly well). */
  ratioCheckMinBytes: number;
}

export const DEFAULT_ZIP_LIMITS: Readonly<ZipLimits> = {
  maxEntries: 20_000,
  maxTotalUncompressedBytes: 512 * MIB,
  maxEntryUncompressedBytes: 256 * MIB,
  // DEFLATE peaks near 1032:1; real OOXML parts stay far below 200:1.
  maxCompressionRatio: 200,
  ratioCheckMinBytes: MIB,
};
