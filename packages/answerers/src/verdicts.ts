import { questionSentences } from './question-sentences';

/**
 * Yes or no. Asked "Can I open a BEGIN inside another BEGIN?", "Do I still need
 * SSLCertificateChainFile…?", the answer is a sentence that rules: it negates, restricts or
 * requires ("Transactions created using BEGIN...COMMIT do not nest.", "Ifnull() must have exactly
 * 2 arguments."). The sentences sharing most words with such a question describe the thing
 * ("If the transaction occurs within another transaction… it is a no-op") and rank above it.
 */

/** Whether a question asks yes or no: its asking sentence opens with an auxiliary verb. */
export function asksYesOrNo(question: string): boolean {
  const { sentences, asking } = questionSentences(question);
  return ASKS_YES_OR_NO.test(sentences[asking]!);
}

const ASKS_YES_OR_NO =
  /^\s*(?:do|does|did|is|are|was|were|can|could|will|would|should|shall|may|might|must|has|have|had|isn['’]t|aren['’]t|doesn['’]t|don['’]t|can['’]t|won['’]t)\b/i;

/**
 * Whether a sentence rules: it negates, restricts, requires or retires something, or allows it
 * ("In rare cases, a PATCH release might contain an incompatible model change…" answers "Can a
 * patch release ever contain one?").
 */
export function givesVerdict(sentence: string): boolean {
  return VERDICT.test(sentence);
}

const VERDICT =
  /\b(?:not|no|never|cannot|only|must|deprecated|obsolete|unsupported|forbidden|prohibited|disallowed|required|can|could|may|might)\b|n['’]t\b/i;

/**
 * Whether a question asks if something still holds ("Do I still need SSLCertificateChainFile…?",
 * "Is it still OK to use Order, Allow and Deny?"): a sentence saying it changed answers it.
 */
export function asksIfStill(question: string): boolean {
  return ASKS_IF_STILL.test(question);
}

const ASKS_IF_STILL = /\b(?:still|anymore|any longer|nowadays)\b/i;

/** Whether a sentence says something changed: "became obsolete with version 2.4.8", "deprecated". */
export function saysChanged(sentence: string): boolean {
  return SAYS_CHANGED.test(sentence);
}

const SAYS_CHANGED =
  /\b(?:obsolete|deprecated|no longer|removed|superseded|replaced by|became|has been dropped)\b/i;
