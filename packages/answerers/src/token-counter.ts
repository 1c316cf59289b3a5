/** Counts tokens as a model family's tokenizer cuts text. */
export interface TokenCounter {
  /** The tokenizer, e.g. `o200k_base`. */
  readonly name: string;
  count(text: string): number;
}

export const TOKENIZERS = ['o200k_base', 'cl100k_base', 'llama3'] as const;
export type TokenizerName = (typeof TOKENIZERS)[number];

/**
 * Families without a tokenizer here (Mistral, Qwen, Gemma, Phi…) are counted with o200k_base
 * and this margin: their vocabularies are smaller, so they cut text into more tokens.
 */
const UNKNOWN_FAMILY_MARGIN = 1.25;

/**
 * The tokenizer of the model's family, chosen by its name: o200k_base for GPT-4o, GPT-4.1,
 * GPT-5 and the o-series, cl100k_base for GPT-4 and GPT-3.5, Llama 3's own for Llama 3.x
 * (`llama3.1:8b` on Ollama, `meta-llama/Llama-3.1-8B-Instruct` on vLLM). The encodings ship
 * inside the npm packages (gpt-tokenizer, llama3-tokenizer-js): nothing is downloaded.
 */
export function tokenCounterFor(model: string, override?: TokenizerName): TokenCounter {
  const name = override ?? familyTokenizer(model);
  const margin =
    override || name !== 'o200k_base' || isOpenAiO200k(model) ? 1 : UNKNOWN_FAMILY_MARGIN;
  const count = loadTokenizer(name);
  return {
    name: margin === 1 ? name : `${name} × ${UNKNOWN_FAMILY_MARGIN}`,
    count: margin === 1 ? count : (text) => Math.ceil(count(text) * margin),
  };
}

function isOpenAiO200k(model: string): boolean {
  return /^(?:openai\/)?(?:gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o[134](?:-|$))/i.test(
    model,
  );
}

function familyTokenizer(model: string): TokenizerName {
  if (isOpenAiO200k(model)) return 'o200k_base';
  if (/^(?:openai\/)?(?:gpt-4|gpt-3\.5)/i.test(model)) return 'cl100k_base';
  if (/llama[-_ ]?3/i.test(model)) return 'llama3';
  return 'o200k_base';
}

const loaded = new Map<TokenizerName, (text: string) => number>();

/** Each encoding is loaded once per process, on first use (llama3's takes ~0.2 s). */
function loadTokenizer(name: TokenizerName): (text: string) => number {
  let count = loaded.get(name);
  if (count) return count;
  if (name === 'llama3') {
    // The package's CommonJS build (its main entry is an ES module).
    const { llama3Tokenizer } =
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require('llama3-tokenizer-js/bundle/commonjs-llama3-tokenizer-with-baked-data.cjs') as {
        llama3Tokenizer: {
          encode(text: string, options: { bos: boolean; eos: boolean }): number[];
        };
      };
    count = (text) => llama3Tokenizer.encode(text, { bos: false, eos: false }).length;
  } else {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const encoding = require(`gpt-tokenizer/encoding/${name}`) as {
      countTokens(text: string): number;
    };
    count = (text) => encoding.countTokens(text);
  }
  loaded.set(name, count);
  return count;
}
