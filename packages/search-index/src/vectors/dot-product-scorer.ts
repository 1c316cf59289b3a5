/**
 * Scores every row of a float32 matrix against one query vector (dot products). Rows are padded
 * to a multiple of 8 floats with zeros, which leaves every dot product unchanged and lets the
 * WebAssembly SIMD kernel work on whole 128-bit lanes without a tail loop.
 */
export interface DotProductScorer {
  readonly kind: ScorerKind;
  /** Floats per row: `dimensions` rounded up to a multiple of {@link ROW_ALIGNMENT}. */
  readonly stride: number;
  /** `rowCount × stride` floats; callers fill it before scoring. */
  readonly matrix: Float32Array;
  /** One score per row, written by {@link scoreRows}. */
  readonly scores: Float32Array;
  /** Copies the query (unpadded, `dimensions` long) into the scorer. */
  setQuery(query: Float32Array): void;
  /** Writes `scores[row] = matrix[row] · query` for `start <= row < end`. */
  scoreRows(start: number, end: number): void;
}

export type ScorerKind = 'wasm-simd' | 'js';

export const ROW_ALIGNMENT = 8;

/** The slice of the WebAssembly JS API used here (the repo's `lib` has no DOM typings). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
interface WasmModule {
  readonly __wasmModule?: never;
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (
    module: WasmModule,
    imports: { env: { memory: WasmMemory } },
  ) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
}

const wasmApi = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

const WASM_PAGE_BYTES = 65_536;
/** memory32 addresses at most 4 GiB; V8 allows 65 536 pages. */
const WASM_MAX_PAGES = 65_536;

export function paddedStride(dimensions: number): number {
  return Math.ceil(dimensions / ROW_ALIGNMENT) * ROW_ALIGNMENT;
}

/**
 * The SIMD kernel needs ~4× fewer instructions than the scalar JS loop (100k×512 scores in ~21 ms
 * instead of ~77 ms on the reference machine); the JS scorer is the fallback when SIMD is not
 * available or the matrix does not fit in a 32-bit WebAssembly memory.
 */
export function createDotProductScorer(
  rowCount: number,
  dimensions: number,
  preferred: ScorerKind = 'wasm-simd',
): DotProductScorer {
  if (preferred === 'wasm-simd') {
    const scorer = tryCreateWasmScorer(rowCount, dimensions);
    if (scorer) return scorer;
  }
  return new JsDotProductScorer(rowCount, dimensions);
}

class JsDotProductScorer implements DotProductScorer {
  readonly kind = 'js';
  readonly stride: number;
  readonly matrix: Float32Array;
  readonly scores: Float32Array;
  private readonly query: Float32Array;

  constructor(rowCount: number, dimensions: number) {
    this.stride = paddedStride(dimensions);
    this.matrix = new Float32Array(rowCount * this.stride);
    this.scores = new Float32Array(rowCount);
    this.query = new Float32Array(this.stride);
  }

  setQuery(query: Float32Array): void {
    this.query.fill(0);
    this.query.set(query);
  }

  scoreRows(start: number, end: number): void {
    const { matrix, query, scores, stride } = this;
    // Four independent accumulators break the add dependency chain (~15% faster in V8).
    for (let row = start, base = start * stride; row < end; row++, base += stride) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let j = 0; j < stride; j += 4) {
        s0 += matrix[base + j]! * query[j]!;
        s1 += matrix[base + j + 1]! * query[j + 1]!;
        s2 += matrix[base + j + 2]! * query[j + 2]!;
        s3 += matrix[base + j + 3]! * query[j + 3]!;
      }
      scores[row] = s0 + s1 + s2 + s3;
    }
  }
}

type WasmScanRows = (
  queryPtr: number,
  rowPtr: number,
  scorePtr: number,
  rowCount: number,
  blocksPerRow: number,
) => void;

class WasmDotProductScorer implements DotProductScorer {
  readonly kind = 'wasm-simd';
  readonly stride: number;
  readonly matrix: Float32Array;
  readonly scores: Float32Array;
  private readonly query: Float32Array;

  constructor(
    private readonly scanRows: WasmScanRows,
    memory: WasmMemory,
    rowCount: number,
    dimensions: number,
    private readonly layout: WasmLayout,
  ) {
    this.stride = paddedStride(dimensions);
    this.query = new Float32Array(memory.buffer, layout.queryOffset, this.stride);
    this.scores = new Float32Array(memory.buffer, layout.scoresOffset, rowCount);
    this.matrix = new Float32Array(memory.buffer, layout.matrixOffset, rowCount * this.stride);
  }

  setQuery(query: Float32Array): void {
    this.query.fill(0);
    this.query.set(query);
  }

  scoreRows(start: number, end: number): void {
    if (end <= start) return;
    const rowBytes = this.stride * 4;
    this.scanRows(
      this.layout.queryOffset,
      this.layout.matrixOffset + start * rowBytes,
      this.layout.scoresOffset + start * 4,
      end - start,
      this.stride / ROW_ALIGNMENT,
    );
  }
}

interface WasmLayout {
  queryOffset: number;
  scoresOffset: number;
  matrixOffset: number;
  totalBytes: number;
}

function wasmLayout(rowCount: number, stride: number): WasmLayout {
  const align16 = (n: number) => Math.ceil(n / 16) * 16;
  const queryOffset = 0;
  const scoresOffset = align16(stride * 4);
  const matrixOffset = align16(scoresOffset + rowCount * 4);
  return {
    queryOffset,
    scoresOffset,
    matrixOffset,
    totalBytes: matrixOffset + rowCount * stride * 4,
  };
}

let compiledKernel: WasmModule | null | undefined;

/** Compiled once per process; null where WebAssembly or its SIMD proposal is unavailable. */
function kernelModule(): WasmModule | null {
  if (compiledKernel === undefined) {
    const bytes = scanRowsModuleBytes();
    compiledKernel = wasmApi?.validate(bytes) ? new wasmApi.Module(bytes) : null;
  }
  return compiledKernel;
}

function tryCreateWasmScorer(rowCount: number, dimensions: number): DotProductScorer | null {
  const module = kernelModule();
  if (!module || !wasmApi) return null;
  const layout = wasmLayout(rowCount, paddedStride(dimensions));
  const pages = Math.max(1, Math.ceil(layout.totalBytes / WASM_PAGE_BYTES));
  if (pages > WASM_MAX_PAGES) return null;
  let memory: WasmMemory;
  try {
    memory = new wasmApi.Memory({ initial: pages, maximum: pages });
  } catch {
    return null; // the engine refused that much linear memory: the JS scorer allocates per array
  }
  const instance = new wasmApi.Instance(module, { env: { memory } });
  const scanRows = instance.exports.scanRows as WasmScanRows;
  return new WasmDotProductScorer(scanRows, memory, rowCount, dimensions, layout);
}

/**
 * A hand-assembled module exporting
 * `scanRows(queryPtr, rowPtr, scorePtr, rowCount, blocksPerRow)`: for each of `rowCount`
 * consecutive rows of `blocksPerRow × 8` floats starting at `rowPtr`, it stores the row's dot
 * product with the query as one f32 at `scorePtr` (advancing by 4 bytes per row). Two f32x4
 * accumulators per row keep two multiply-add chains in flight.
 */
function scanRowsModuleBytes(): Uint8Array {
  const i32 = 0x7f;
  const v128 = 0x7b;
  const op = {
    block: 0x02,
    loop: 0x03,
    end: 0x0b,
    brIf: 0x0d,
    localGet: 0x20,
    localSet: 0x21,
    localTee: 0x22,
    f32Store: 0x38,
    i32Const: 0x41,
    i32Eqz: 0x45,
    i32Add: 0x6a,
    i32Sub: 0x6b,
    f32Add: 0x92,
    simd: 0xfd,
  };
  const emptyBlockType = 0x40;
  // SIMD sub-opcodes (after the 0xfd prefix), LEB128-encoded.
  const v128Load = [op.simd, 0x00];
  const v128Const = [op.simd, 0x0c];
  const f32x4ExtractLane = [op.simd, 0x1f];
  const f32x4Add = [op.simd, 0xe4, 0x01];
  const f32x4Mul = [op.simd, 0xe6, 0x01];
  const memarg = (offset: number) => [0x02, offset]; // align hint 2^2, byte offset (< 128)

  const [query, row, score, rows, blocks, blocksLeft, queryCursor, acc0, acc1] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8,
  ];
  const get = (local: number) => [op.localGet, local];
  const set = (local: number) => [op.localSet, local];
  // `n` must stay below 64: it is written as a one-byte signed LEB128.
  const addConst = (local: number, n: number) => [
    ...get(local),
    op.i32Const,
    n,
    op.i32Add,
    ...set(local),
  ];
  const mulAdd = (acc: number, offset: number) => [
    ...get(acc),
    ...get(row),
    ...v128Load,
    ...memarg(offset),
    ...get(queryCursor),
    ...v128Load,
    ...memarg(offset),
    ...f32x4Mul,
    ...f32x4Add,
    ...set(acc),
  ];
  const lane = (n: number) => [...get(acc0), ...f32x4ExtractLane, n];

  // prettier-ignore
  const body = [
    op.block, emptyBlockType,
    ...get(rows), op.i32Eqz, op.brIf, 0,
    op.loop, emptyBlockType, // one iteration per row
    ...v128Const, ...new Array<number>(16).fill(0), ...set(acc0),
    ...v128Const, ...new Array<number>(16).fill(0), ...set(acc1),
    ...get(query), ...set(queryCursor),
    ...get(blocks), ...set(blocksLeft),
    op.loop, emptyBlockType, // one iteration per 8 floats
    ...mulAdd(acc0, 0),
    ...mulAdd(acc1, 16),
    ...addConst(row, 32),
    ...addConst(queryCursor, 32),
    ...get(blocksLeft), op.i32Const, 1, op.i32Sub, op.localTee, blocksLeft,
    op.brIf, 0,
    op.end,
    ...get(acc0), ...get(acc1), ...f32x4Add, ...set(acc0),
    ...get(score),
    ...lane(0), ...lane(1), op.f32Add,
    ...lane(2), ...lane(3), op.f32Add,
    op.f32Add,
    op.f32Store, 0x02, 0x00,
    ...addConst(score, 4),
    ...get(rows), op.i32Const, 1, op.i32Sub, op.localTee, rows,
    op.brIf, 0,
    op.end,
    op.end,
    op.end, // function body
  ];
  const localDecls = [0x02, 0x02, i32, 0x02, v128]; // 2 × i32 (blocksLeft, queryCursor), 2 × v128
  const code = [...localDecls, ...body];

  const section = (id: number, content: number[]) => [id, ...uleb128(content.length), ...content];
  const name = (text: string) => [text.length, ...Array.from(text, (c) => c.charCodeAt(0))];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
    ...section(1, [0x01, 0x60, 0x05, i32, i32, i32, i32, i32, 0x00]), // type: (5 × i32) -> ()
    ...section(2, [0x01, ...name('env'), ...name('memory'), 0x02, 0x00, 0x01]), // import memory
    ...section(3, [0x01, 0x00]), // one function of type 0
    ...section(7, [0x01, ...name('scanRows'), 0x00, 0x00]), // export function 0
    ...section(10, [0x01, ...uleb128(code.length), ...code]),
  ]);
}

function uleb128(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    out.push(byte);
  } while (rest !== 0);
  return out;
}
