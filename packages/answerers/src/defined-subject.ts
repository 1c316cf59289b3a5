import { stemTerm } from './term-stem';

/**
 * What a question asks to be defined: "What is a hybrid cloud?", "What are precursors?", "What is
 * the role of the policy enforcement point?", "What does PEP stand for?", "What is meant by
 * 0-RTT?", "Define precursor." Its answer is the sentence saying what the thing is ("A
 * precursor is a sign that…", "Policy enforcement point (PEP): This system is responsible
 * for…"), and no span of it is the answer.
 */
export interface DefinedSubject {
  /** The thing's words as the question writes them, lower-cased, without articles. */
  words: string[];
  /**
   * It asks what an abbreviation stands for ("What does AFC stand for?"): the words it
   * abbreviates are a span that answers it.
   */
  expands: boolean;
  /**
   * False for "What is the X?", which may as well ask which thing fills a role ("What is the
   * Norman architecture idiom?" → "Romanesque"): a sentence defining X answers either way, but a
   * span of it may be the answer.
   */
  certain: boolean;
}

const ARTICLE = /^(?:a|an|the)$/;
/** What a thing is for, asked of it: the thing is defined by saying it. */
const ROLE = String.raw`(?:role|purpose|function|meaning|definition|job|responsibility|responsibilities|goal|task)`;
/**
 * The forms that ask what a thing is, and last "What is the X?", which may (`certain` false).
 * "What was…" asks of history, not of a definition.
 */
const FORMS: RegExp[] = [
  new RegExp(String.raw`^what (?:is|are) (?:meant by |the ${ROLE} of )?((?!the )\S.*)$`),
  new RegExp(String.raw`^what (?:is|are) the ${ROLE} of (.+)$`),
  /^what (?:does|do) (.+?) (?:mean|stand for|refer to)$/,
  /^(?:define|explain) (.+)$/,
];
const ROLE_OR_THING = /^what (?:is|are) the (.+)$/;
/** Words that make the phrase a clause or a choice, not the name of one thing. */
const NOT_A_NAME = new Set(
  (
    'it they this that these those there when which who whom whose how why where what one another ' +
    'other some any most more many much few each every his her its their our your my ' +
    'in on at for to from by with about into within under over between during after before ' +
    'of than like called known used using made done given example'
  ).split(' '),
);
const SUBJECT_MAX_WORDS = 5;
/** "the largest city", "the best route": which one, not what it is. */
const SUPERLATIVE =
  /^(?:best|worst|most|least|\w*(?:larg|small|high|low|long|short|fast|slow|bigg|great|old|new|young|hott|cold|near|clos|earli|lat|strong|weak|cheap|wid|deep|heavi|light)est)$/;

/** The thing a question asks to be defined, or null when it asks something else. */
export function definedSubject(question: string): DefinedSubject | null {
  const q = question
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[?.!\s]+$/, '')
    .trim();
  for (const form of [...FORMS, ROLE_OR_THING]) {
    const match = form.exec(q);
    if (!match) continue;
    const words = match[1]!
      .replace(/["“”]/g, '')
      .split(/\s+/)
      .filter((w) => w !== '');
    if (words.length > 0 && ARTICLE.test(words[0]!)) words.shift();
    if (words.length > 1 && /^(?:acronym|abbreviation|initialism|term|word)$/.test(words[0]!)) {
      words.shift();
    }
    if (words.length === 0 || words.length > SUBJECT_MAX_WORDS) return null;
    // "Super Bowl 50's theme", "the most common…", "used for": not a thing's name.
    if (words.some((w) => NOT_A_NAME.has(w) || /'s?$/.test(w) || SUPERLATIVE.test(w))) return null;
    return { words, expands: / stand for$/.test(q), certain: form !== ROLE_OR_THING };
  }
  return null;
}

/** What links a term to what it is: a copula, a verb of definition, a colon, a dash, a run-in period. */
const DEFINING_LINK =
  /^\s*(?:(?:is|are|was|were|refers?\s+to|means?|denotes?|describes?|represents?|consists?\s+of|serves?\s+as|provides?|stands?\s+for)\b|[:—–]|-\s|\.\s|,\s)/i;
/** The links that say what the thing is, not what it does or holds ("serves as", "provides"). */
const SAYING_WHAT_IT_IS =
  /^\s*(?:(?:is|are|was|were)\s+(?:an?|the|one)\b|(?:refers?\s+to|means?|denotes?|stands?\s+for)\b|[:—–]|-\s|\.\s)/i;
const OPENING_MARKS = /^[\s"'“‘([*_•-]+/;
const LEADING_ARTICLE = /^(?:a|an|the)\s+/i;
const OPENING_WORD = /^[\p{L}\p{N}](?:[\p{L}\p{N}._'’/-]*[\p{L}\p{N}])?/u;
const BRACKETED = /^\s*\(([^)]{1,40})\)/;
/** Up to six words, then an acronym in brackets: "Policy enforcement point (PEP)". */
const SPELLED_ACRONYM = /^(?:[\p{L}\p{N}-]+\s+){0,5}[\p{L}\p{N}-]+\s*\(([^)]{1,20})\)/u;

/**
 * Whether a sentence opens by defining the subject: an article or none, the subject's words in
 * order (an acronym in brackets after them), or the words an acronym subject abbreviates, then a
 * defining link ("A precursor is…", "AutoGen is an…", "Policy enforcement point (PEP): This
 * system…", "Hybrid cloud. The cloud infrastructure is…"). "AutoGen agents are…" or
 * "Precursors and indicators are…" say something else about it.
 */
export function definesSubject(sentence: string, subject: DefinedSubject): boolean {
  return definition(sentence, subject) !== 'none';
}

/**
 * How a sentence defines the subject: 'is' when it says what the thing is ("AutoGen is an
 * open-source framework…", "Policy engine (PE): This component…"), 'about' when it says what
 * the thing does or holds ("AutoGen serves as a generic framework…"), else 'none'.
 */
export function definition(sentence: string, subject: DefinedSubject): 'is' | 'about' | 'none' {
  if (subject.expands) return acronymExpansion(sentence, subject) !== null ? 'is' : 'none';
  const rest = afterSubject(sentence, subject);
  if (rest === null || !DEFINING_LINK.test(rest)) return 'none';
  return SAYING_WHAT_IT_IS.test(rest) ? 'is' : 'about';
}

/** What follows the subject when the sentence opens with it, or null. */
function afterSubject(sentence: string, subject: DefinedSubject): string | null {
  const text = sentence.replace(OPENING_MARKS, '').replace(LEADING_ARTICLE, '');
  const want = subject.words.map(stemTerm);
  if (want.length === 1) {
    const spelled = SPELLED_ACRONYM.exec(text);
    if (spelled && stemTerm(spelled[1]!.trim().toLowerCase()) === want[0]) {
      return text.slice(spelled[0].length);
    }
  }
  let rest = text;
  for (const stem of want) {
    const word = OPENING_WORD.exec(rest);
    if (!word || stemTerm(word[0].toLowerCase()) !== stem) return null;
    rest = rest.slice(word[0].length).replace(/^\s+/, ' ');
    if (rest.startsWith(' ') && stem !== want.at(-1)) rest = rest.slice(1);
  }
  const bracketed = BRACKETED.exec(rest);
  if (bracketed) rest = rest.slice(bracketed[0].length);
  return rest;
}

/** Small words an expansion may hold that its acronym skips ("Department of Defense", DoD). */
const SKIPPED = new Set(['of', 'and', 'for', 'the', 'on', 'in', 'to', 'a', '&']);

/**
 * The words an acronym stands for, as the sentence writes them: "American Football Conference
 * (AFC)", "PEP Policy Enforcement Point", "PEP (Policy Enforcement Point)", "AFC: American
 * Football Conference". Null when the sentence does not spell the subject out.
 */
export function acronymExpansion(sentence: string, subject: DefinedSubject): string | null {
  if (subject.words.length !== 1) return null;
  const acronym = subject.words[0]!.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
  if (acronym.length < 2 || acronym.length > 8) return null;
  const words = [...sentence.matchAll(/[\p{L}\p{N}&][\p{L}\p{N}'’&-]*/gu)];
  const at = (i: number) => words[i]![0].toLowerCase().replace(/[^\p{L}\p{N}&]/gu, '');
  // The expansion ending right before the acronym, or starting right after it.
  for (let i = 0; i < words.length; i++) {
    if (at(i) !== acronym) continue;
    const before = spelledEndingAt(words, i - 1, acronym);
    if (before !== null) return sentence.slice(words[before]!.index, wordEnd(words[i - 1]!));
    const after = spelledStartingAt(words, i + 1, acronym);
    if (after !== null) return sentence.slice(words[i + 1]!.index, wordEnd(words[after]!));
  }
  return null;
}

function wordEnd(word: RegExpMatchArray): number {
  return word.index! + word[0].length;
}

/** The first word of an expansion of `acronym` whose last word is `last`, if one. */
function spelledEndingAt(words: RegExpMatchArray[], last: number, acronym: string): number | null {
  let letter = acronym.length - 1;
  for (let i = last; i >= 0 && last - i < acronym.length * 2; i--) {
    const word = words[i]![0].toLowerCase();
    if (word.startsWith(acronym[letter]!)) {
      if (letter === 0) return i;
      letter--;
    } else if (!SKIPPED.has(word) || i === last) return null;
  }
  return null;
}

/** The last word of an expansion of `acronym` whose first word is `first`, if one. */
function spelledStartingAt(
  words: RegExpMatchArray[],
  first: number,
  acronym: string,
): number | null {
  let letter = 0;
  for (let i = first; i < words.length && i - first < acronym.length * 2; i++) {
    const word = words[i]![0].toLowerCase();
    if (word.startsWith(acronym[letter]!)) {
      if (letter === acronym.length - 1) return i;
      letter++;
    } else if (!SKIPPED.has(word) || i === first) return null;
  }
  return null;
}
