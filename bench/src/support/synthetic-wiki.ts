import type { WikiCorpusPage } from '@docent/source-fakes';

const WORDS = (
  'service cluster deploy rollback invoice payment region replica snapshot backup quota ' +
  'latency throughput incident owner escalation runbook alert metric dashboard budget ' +
  'contract vendor release branch review approval policy security token rotation audit ' +
  'network gateway certificate storage archive retention schedule capacity forecast team'
).split(' ');

/**
 * `count` wiki pages of ~`words` words each, deterministic (a linear congruential generator),
 * each with a number of its own so every page differs.
 */
export function syntheticWikiPages(
  count: number,
  words = 60,
  firstId = 1_000_000,
): WikiCorpusPage[] {
  let state = 42;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state;
  };
  return Array.from({ length: count }, (_, i) => {
    const sentence = () =>
      Array.from({ length: 10 }, () => WORDS[next() % WORDS.length]).join(' ') + '.';
    const sentences = Array.from({ length: Math.ceil(words / 10) }, sentence);
    return {
      id: String(firstId + i),
      title: `Synthetic page ${i + 1}`,
      body: `<p>Page ${i + 1} records figure ${next() % 100_000}. ${sentences.join(' ')}</p>`,
    };
  });
}
