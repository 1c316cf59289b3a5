import { type PreTrainedTokenizer, Tensor } from '@huggingface/transformers';

/**
 * How the tokenizer turns one text's token ids (without special tokens) into a row of the
 * model's batch: the special tokens around them, the cut at the model's cap (the tokenizer cuts
 * the whole row, closing token included), the padding id, and whether the model takes
 * token_type_ids (all 0 for one sequence).
 */
export interface RowLayout {
  before: readonly number[];
  after: readonly number[];
  padId: number;
  maxLength: number;
  typeIds: boolean;
}

/**
 * The model's inputs for texts already tokenised: what `tokenizer(texts, { padding: true,
 * truncation: true, max_length })` returns for them, without tokenising them again. The
 * embedder counts a text's tokens before it embeds it (windows, batching by length); this spares
 * the second pass through the tokenizer.
 */
export function batchInputs(
  rows: ReadonlyArray<readonly number[]>,
  layout: RowLayout,
): Record<string, Tensor> {
  const { before, after, padId, maxLength } = layout;
  const lengths = rows.map((ids) => Math.min(before.length + ids.length + after.length, maxLength));
  const width = Math.max(0, ...lengths);
  const inputIds = new BigInt64Array(rows.length * width).fill(BigInt(padId));
  const mask = new BigInt64Array(rows.length * width);
  rows.forEach((ids, row) => {
    const at = row * width;
    let k = 0;
    const put = (id: number) => {
      if (k < lengths[row]!) inputIds[at + k++] = BigInt(id);
    };
    for (const id of before) put(id);
    for (const id of ids) {
      if (k >= lengths[row]!) break;
      put(id);
    }
    for (const id of after) put(id);
    mask.fill(1n, at, at + lengths[row]!);
  });
  const dims = [rows.length, width];
  return {
    input_ids: new Tensor('int64', inputIds, dims),
    attention_mask: new Tensor('int64', mask, dims),
    ...(layout.typeIds && {
      token_type_ids: new Tensor('int64', new BigInt64Array(rows.length * width), dims),
    }),
  };
}

/** Texts the layout is checked on: short, empty, of different lengths, and longer than the cap. */
function probeTexts(maxLength: number): string[] {
  return [
    'Docent checks how the tokenizer lays out a row.',
    '',
    'Ünïcode, punctuation (and numbers: 3.14) — all in one line.',
    Array.from({ length: maxLength }, (_, i) => `word${i % 7} and`).join(' '),
  ];
}

/**
 * The tokenizer's row layout, read from the tokenizer itself and checked: the inputs
 * `batchInputs` builds for a few probe texts must equal the tokenizer's own, key for key and id
 * for id. Null (tokenise every batch with the tokenizer) when they do not, or when the tokenizer
 * pads on the left or returns inputs this does not build.
 */
export function rowLayoutOf(tokenizer: PreTrainedTokenizer, maxLength: number): RowLayout | null {
  if (tokenizer.padding_side !== 'right') return null;
  const probe = 'layout probe';
  const content = tokenizer.encode(probe, { add_special_tokens: false });
  const full = tokenizer.encode(probe);
  const start = full.findIndex((_, i) => content.every((id, k) => full[i + k] === id));
  if (content.length === 0 || start < 0) return null;
  const texts = probeTexts(maxLength);
  const expected = tokenizer(texts, {
    padding: true,
    truncation: true,
    max_length: maxLength,
  }) as unknown as Record<string, Tensor>;
  const keys = Object.keys(expected).sort();
  const known = ['attention_mask', 'input_ids', 'token_type_ids'];
  if (!keys.every((key) => known.includes(key)) || !keys.includes('input_ids')) return null;
  const layout: RowLayout = {
    before: full.slice(0, start),
    after: full.slice(start + content.length),
    padId: tokenizer.pad_token_id ?? 0,
    maxLength,
    typeIds: keys.includes('token_type_ids'),
  };
  const built = batchInputs(
    texts.map((text) => tokenizer.encode(text, { add_special_tokens: false })),
    layout,
  );
  const same = keys.every((key) => {
    const a = expected[key]!;
    const b = built[key];
    return (
      b !== undefined &&
      a.dims.join() === b.dims.join() &&
      (a.data as BigInt64Array).every((value, i) => value === (b.data as BigInt64Array)[i])
    );
  });
  return same && Object.keys(built).length === keys.length ? layout : null;
}
