/**
 * Where each span's tokens sit in a tokenised text, searched from the end backwards: spans come
 * in reading order and the text may open with other tokens (a title, a section path) that could
 * repeat a short span's words. Returns [start, end) per span, or null when the span's tokens are
 * not found (cut off by the model's cap, or not in this text).
 */
export function locateSpans(
  rowIds: ArrayLike<bigint | number>,
  length: number,
  spanIds: ReadonlyArray<readonly number[]>,
): Array<[number, number] | null> {
  const out = new Array<[number, number] | null>(spanIds.length).fill(null);
  let limit = length;
  for (let s = spanIds.length - 1; s >= 0; s--) {
    const ids = spanIds[s]!;
    if (ids.length === 0 || ids.length > limit) continue;
    for (let start = limit - ids.length; start >= 0; start--) {
      let match = true;
      for (let k = 0; k < ids.length; k++) {
        if (Number(rowIds[start + k]!) !== ids[k]) {
          match = false;
          break;
        }
      }
      if (match) {
        out[s] = [start, start + ids.length];
        limit = start;
        break;
      }
    }
  }
  return out;
}

/** The mean of token states [start, end) of one row of a [rows, tokens, width] tensor, normalised. */
export function poolSpan(
  states: Float32Array,
  row: number,
  tokens: number,
  width: number,
  [start, end]: [number, number],
): Float32Array {
  const out = new Float32Array(width);
  for (let t = start; t < end; t++) {
    const at = (row * tokens + t) * width;
    for (let j = 0; j < width; j++) out[j]! += states[at + j]!;
  }
  let sumOfSquares = 0;
  for (let j = 0; j < width; j++) sumOfSquares += out[j]! * out[j]!;
  if (sumOfSquares > 0) {
    const inverse = 1 / Math.sqrt(sumOfSquares);
    for (let j = 0; j < width; j++) out[j]! *= inverse;
  }
  return out;
}
