import {
  AutoTokenizer,
  env,
  type PreTrainedTokenizer,
  type Tensor,
} from '@huggingface/transformers';
import { batchInputs, rowLayoutOf } from '../src/local/token-batch';
import { MINILM, SHARED_MODELS_DIR, USE_LITE, words } from './support/shared-model';

async function tokenizerOf(modelId: string): Promise<PreTrainedTokenizer> {
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  env.localModelPath = SHARED_MODELS_DIR;
  return AutoTokenizer.from_pretrained(modelId, { local_files_only: true });
}

const TEXTS = [
  'Glucocorticoid receptor (GR) signalling in T-cells: 3.5-fold induction (p < 0.01).',
  '',
  'Title > Section\nA chunk under its heading, with a line break.',
  'naïve café — Ünïcode and emoji 🙂 in one line',
  words(120),
  '   leading and trailing spaces   ',
];

describe('batchInputs', () => {
  it("builds exactly the tokenizer's own inputs for MiniLM from token ids", async () => {
    const tokenizer = await tokenizerOf(MINILM);
    const layout = rowLayoutOf(tokenizer, 256);
    expect(layout).toMatchObject({ before: [101], after: [102], padId: 0, typeIds: true });
    for (const texts of [TEXTS, TEXTS.slice(0, 1), [TEXTS[4]!, TEXTS[1]!]]) {
      const expected = tokenizer(texts, {
        padding: true,
        truncation: true,
        max_length: 256,
      }) as unknown as Record<string, Tensor>;
      const built = batchInputs(
        texts.map((text) => tokenizer.encode(text, { add_special_tokens: false })),
        layout!,
      );
      expect(Object.keys(built).sort()).toEqual(Object.keys(expected).sort());
      for (const key of Object.keys(expected)) {
        expect(built[key]!.dims).toEqual(expected[key]!.dims);
        expect(Array.from(built[key]!.data as BigInt64Array)).toEqual(
          Array.from(expected[key]!.data as BigInt64Array),
        );
      }
    }
  });

  it('cuts a row at the cap as the tokenizer does: the closing token goes too', () => {
    const layout = { before: [1], after: [2], padId: 0, maxLength: 5, typeIds: false };
    const built = batchInputs([[7, 8, 9, 10], [7]], layout);
    expect(built.token_type_ids).toBeUndefined();
    expect(built.input_ids!.dims).toEqual([2, 5]);
    expect(Array.from(built.input_ids!.data as BigInt64Array)).toEqual(
      [1, 7, 8, 9, 10, 1, 7, 2, 0, 0].map(BigInt),
    );
    expect(Array.from(built.attention_mask!.data as BigInt64Array)).toEqual(
      [1, 1, 1, 1, 1, 1, 1, 1, 0, 0].map(BigInt),
    );
  });

  it("checks the layout on the tokenizer's own output: USE-lite's is found or refused, never wrong", async () => {
    const tokenizer = await tokenizerOf(USE_LITE);
    const layout = rowLayoutOf(tokenizer, 128);
    if (layout) {
      const expected = tokenizer(TEXTS, {
        padding: true,
        truncation: true,
        max_length: 128,
      }) as unknown as Record<string, Tensor>;
      const built = batchInputs(
        TEXTS.map((text) => tokenizer.encode(text, { add_special_tokens: false })),
        layout,
      );
      expect(Array.from(built.input_ids!.data as BigInt64Array)).toEqual(
        Array.from(expected.input_ids!.data as BigInt64Array),
      );
    }
    // A tokenizer that pads on the left is left to tokenise its batches itself.
    const left = Object.create(tokenizer) as PreTrainedTokenizer;
    left.padding_side = 'left';
    expect(rowLayoutOf(left, 128)).toBeNull();
  });
});
