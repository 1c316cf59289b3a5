import { contentWords, words } from '@docent/text-segmentation';

export interface HistoryTurn {
  question: string;
  answer: string;
}

const REFERRING = new Set([
  'it',
  'its',
  'they',
  'them',
  'their',
  'theirs',
  'this',
  'that',
  'these',
  'those',
  'he',
  'him',
  'his',
  'she',
  'her',
  'hers',
  'there',
  'then',
  'such',
  'former',
  'latter',
]);

/**
 * Makes a follow-up question standalone for retrieval: when it leans on the conversation
 * (a pronoun, "what about…", or too few words of its own), the previous question is put in
 * front of it, so both the BM25 and the vector leg see the subject the pronoun stands for.
 */
export function standaloneQuestion(question: string, history: HistoryTurn[]): string {
  const previous = history[history.length - 1];
  if (!previous) return question;
  if (!isFollowUp(question)) return question;
  return `${previous.question.trim()} ${question.trim()}`;
}

export function isFollowUp(question: string): boolean {
  const all = words(question);
  if (all.some((w) => REFERRING.has(w))) return true;
  if (/^\s*(and|but|also|what about|how about|and what about)\b/i.test(question)) return true;
  return contentWords(question).length < 2;
}
