import { DocumentError } from '@docent/document-model';
import { Inflate } from 'fflate';
import { type ZipLimits } from './zip-limits';

interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const EOCD_MIN_LENGTH = 22;
const MAX_COMMENT_LENGTH = 0xffff;
const U32_MARKER = 0xffffffff;
const U16_MARKER = 0xffff;
/** Compressed bytes fed to the inflater at a time: one step inflates at most ~16 MiB. */
const INFLATE_SLICE_BYTES = 16 * 1024;

const utf8 = new TextDecoder('utf-8');

function fail(message: string): never {
  throw new DocumentError(message);
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) fail('zip archive declares an impossible size');
  return Number(value);
}

/** Part names are case-insensitive in OOXML and may be written with a leading slash. */
export function normalisePartName(name: string): string {
  return name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
}

/**
 * A ZIP container read from memory under `ZipLimits`. The central directory's declared sizes
 * are checked before anything is inflated, and inflation is bounded again while it runs,
 * because declared sizes can lie.
 */
export class ZipArchive {
  private readonly entries = new Map<string, ZipEntry>();
  private inflatedBytes = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: ZipLimits,
  ) {
    this.readCentralDirectory();
  }

  has(name: string): boolean {
    return this.entries.has(normalisePartName(name));
  }

  /** Entry names as written in the archive. */
  names(): string[] {
    return [...this.entries.values()].map((entry) => entry.name);
  }

  readText(name: string): string {
    return utf8.decode(this.readBytes(name));
  }

  readBytes(name: string): Uint8Array {
    const entry = this.entries.get(normalisePartName(name));
    if (!entry) fail(`zip archive has no entry ${name}`);
    if (entry.encrypted) fail('the file is encrypted');
    const start = this.dataStart(entry);
    const end = start + entry.compressedSize;
    if (end > this.bytes.length) fail(`zip entry ${entry.name} runs past the end of the file`);
    const compressed = this.bytes.subarray(start, end);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) {
        fail(`zip entry ${entry.name} is stored with inconsistent sizes`);
      }
      this.countInflated(entry.uncompressedSize);
      return compressed.slice();
    }
    if (entry.method !== 8) fail(`zip entry ${entry.name} uses unsupported compression`);
    return this.inflate(entry, compressed);
  }

  private inflate(entry: ZipEntry, compressed: Uint8Array): Uint8Array {
    const chunks: Uint8Array[] = [];
    let produced = 0;
    const inflater = new Inflate((chunk) => {
      produced += chunk.length;
      if (produced > entry.uncompressedSize) {
        fail(`zip entry ${entry.name} inflates beyond its declared size`);
      }
      this.countInflated(chunk.length);
      chunks.push(chunk);
    });
    try {
      if (compressed.length === 0) inflater.push(new Uint8Array(0), true);
      for (let offset = 0; offset < compressed.length; offset += INFLATE_SLICE_BYTES) {
        const next = offset + INFLATE_SLICE_BYTES;
        inflater.push(compressed.subarray(offset, next), next >= compressed.length);
      }
    } catch (error) {
      if (error instanceof DocumentError) throw error;
      fail(`zip entry ${entry.name} is corrupt`);
    }
    const out = new Uint8Array(produced);
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }

  private countInflated(bytes: number): void {
    this.inflatedBytes += bytes;
    if (this.inflatedBytes > this.limits.maxTotalUncompressedBytes) {
      fail('zip archive inflates beyond the allowed total size');
    }
  }

  private dataStart(entry: ZipEntry): number {
    const view = this.view(entry.localHeaderOffset, 30);
    if (view.getUint32(0, true) !== LOCAL_HEADER_SIGNATURE) {
      fail(`zip entry ${entry.name} has no local header`);
    }
    return entry.localHeaderOffset + 30 + view.getUint16(26, true) + view.getUint16(28, true);
  }

  private view(offset: number, length: number): DataView {
    if (offset < 0 || offset + length > this.bytes.length) fail('zip archive is truncated');
    return new DataView(this.bytes.buffer, this.bytes.byteOffset + offset, length);
  }

  private findEndOfCentralDirectory(): number {
    const lowest = Math.max(0, this.bytes.length - EOCD_MIN_LENGTH - MAX_COMMENT_LENGTH);
    for (let at = this.bytes.length - EOCD_MIN_LENGTH; at >= lowest; at -= 1) {
      if (
        this.bytes[at] === 0x50 &&
        this.bytes[at + 1] === 0x4b &&
        this.view(at, 4).getUint32(0, true) === EOCD_SIGNATURE
      ) {
        return at;
      }
    }
    return fail('not a zip archive (no central directory)');
  }

  private readCentralDirectory(): void {
    const eocdAt = this.findEndOfCentralDirectory();
    const eocd = this.view(eocdAt, EOCD_MIN_LENGTH);
    let count = eocd.getUint16(10, true);
    let size = eocd.getUint32(12, true);
    let offset = eocd.getUint32(16, true);
    if (count === U16_MARKER || size === U32_MARKER || offset === U32_MARKER) {
      ({ count, size, offset } = this.readZip64End(eocdAt));
    }
    if (count > this.limits.maxEntries) {
      fail(`zip archive has ${count} entries, more than the ${this.limits.maxEntries} allowed`);
    }
    if (offset + size > eocdAt) fail('zip archive central directory is out of bounds');

    let declaredTotal = 0;
    let at = offset;
    for (let index = 0; index < count; index += 1) {
      const entry = this.readCentralEntry(at);
      at = entry.next;
      this.checkDeclaredSizes(entry.entry);
      declaredTotal += entry.entry.uncompressedSize;
      if (declaredTotal > this.limits.maxTotalUncompressedBytes) {
        fail('zip archive declares more uncompressed data than allowed');
      }
      const key = normalisePartName(entry.entry.name);
      if (this.entries.has(key)) fail(`zip archive lists ${entry.entry.name} twice`);
      this.entries.set(key, entry.entry);
    }
  }

  private readZip64End(eocdAt: number): { count: number; size: number; offset: number } {
    const locator = this.view(eocdAt - 20, 20);
    if (locator.getUint32(0, true) !== ZIP64_LOCATOR_SIGNATURE) {
      fail('zip archive has a malformed zip64 directory');
    }
    const endAt = safeNumber(locator.getBigUint64(8, true));
    const end = this.view(endAt, 56);
    if (end.getUint32(0, true) !== ZIP64_EOCD_SIGNATURE) {
      fail('zip archive has a malformed zip64 directory');
    }
    return {
      count: safeNumber(end.getBigUint64(32, true)),
      size: safeNumber(end.getBigUint64(40, true)),
      offset: safeNumber(end.getBigUint64(48, true)),
    };
  }

  private readCentralEntry(at: number): { entry: ZipEntry; next: number } {
    const header = this.view(at, 46);
    if (header.getUint32(0, true) !== CENTRAL_HEADER_SIGNATURE) {
      fail('zip archive central directory is corrupt');
    }
    const flags = header.getUint16(8, true);
    const nameLength = header.getUint16(28, true);
    const extraLength = header.getUint16(30, true);
    const commentLength = header.getUint16(32, true);
    this.view(at + 46, nameLength + extraLength);
    const name = utf8.decode(this.bytes.subarray(at + 46, at + 46 + nameLength));
    let compressedSize = header.getUint32(20, true);
    let uncompressedSize = header.getUint32(24, true);
    let localHeaderOffset = header.getUint32(42, true);

    const extra = this.bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    const zip64 = findExtraField(extra, 0x0001);
    if (zip64) {
      // The zip64 field holds only the values whose 32-bit slot is saturated, in this order.
      let cursor = 0;
      const next = (): number => {
        if (cursor + 8 > zip64.byteLength) fail('zip archive has a malformed zip64 field');
        const value = safeNumber(zip64.getBigUint64(cursor, true));
        cursor += 8;
        return value;
      };
      if (uncompressedSize === U32_MARKER) uncompressedSize = next();
      if (compressedSize === U32_MARKER) compressedSize = next();
      if (localHeaderOffset === U32_MARKER) localHeaderOffset = next();
    }
    return {
      entry: {
        name,
        method: header.getUint16(10, true),
        encrypted: (flags & 0x1) !== 0,
        compressedSize,
        uncompressedSize,
        localHeaderOffset,
      },
      next: at + 46 + nameLength + extraLength + commentLength,
    };
  }

  private checkDeclaredSizes(entry: ZipEntry): void {
    const { limits } = this;
    if (entry.uncompressedSize > limits.maxEntryUncompressedBytes) {
      fail(`zip entry ${entry.name} declares more uncompressed data than allowed`);
    }
    if (
      entry.uncompressedSize >= limits.ratioCheckMinBytes &&
      entry.uncompressedSize > limits.maxCompressionRatio * Math.max(1, entry.compressedSize)
    ) {
      fail(`zip entry ${entry.name} is compressed suspiciously well (possible zip bomb)`);
    }
  }
}

function findExtraField(extra: Uint8Array, id: number): DataView | undefined {
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  let at = 0;
  while (at + 4 <= extra.length) {
    const fieldId = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (at + 4 + length > extra.length) return undefined;
    if (fieldId === id) return new DataView(extra.buffer, extra.byteOffset + at + 4, length);
    at += 4 + length;
  }
  return undefined;
}
