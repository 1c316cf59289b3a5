/**
 * The sentences a question is written in, and which of them asks: its last with a question
 * mark, else its last. "My zone didn't load because of a typo in the zone file. What do clients
 * get back when they query it?" describes a situation, then asks.
 */
export function questionSentences(question: string): { sentences: string[]; asking: number } {
  // Not after "Y." of "Y. pestis": a sentence opens with a capital, a digit or a quote.
  const sentences = question.trim().split(/(?<=[.!?])\s+(?=[\p{Lu}\d"'“‘(])/u);
  const asking = sentences.findLastIndex((sentence) => sentence.includes('?'));
  return { sentences, asking: asking >= 0 ? asking : sentences.length - 1 };
}
