import { isOptionName, OPTION_KINDS } from './option-names';
import { stemTerm } from './term-stem';

/**
 * What a question asks to be defined: "What is a hybrid cloud?", "What are precursors?", "What is
 * the role of the policy enforcement point?", "What does PEP stand for?", "What is meant by
 * 0-RTT?", "Define precursor.", "What is AutoGen used for?", "What does EcoOptiGen do?" Its
 * answer is the sentence saying what the thing is ("A precursor is a sign that…", "Policy
 * enforcement point (PEP): This system is responsible for…"), and no span of it is the answer.
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
  // What it is for, or does: said by what it is ("AutoGen is an open-source framework that
  // allows developers to build LLM applications…").
  /^what (?:is|are) (.+?) (?:used|meant|designed|intended) for$/,
  /^what (?:does|do) (.+?) (?:actually |really |exactly )?do(?: (?:to|with) (?:the|a|an|my|our|your) \S+)?$/,
  // What a function returns is what its description opens with ("Return a list of the n most
  // common elements…").
  /^what (?:does|do) (.+?) return$/,
  new RegExp(String.raw`^what (?:is|are) (?:meant by |the ${ROLE} of )?((?!the )\S.*)$`),
  new RegExp(String.raw`^what (?:is|are) the ${ROLE} of (.+)$`),
  /^what (?:does|do) (.+?) (?:mean|stand for|refer to|indicate|signify|denote)(?: in (?:this|the|our) \S+(?: \S+)?)?$/,
  /^(?:define|explain) (.+)$/,
];
const ROLE_OR_THING = /^what (?:is|are) the (.+)$/;
/**
 * A leading clause saying where to look ("In the FedRAMP SSP guide, …", "According to RFC 2119,
 * …"), which the document's name says: no part of what is asked.
 */
export const WHERE_TO_LOOK = /^\s*(?:in|according to|per|under) [^,]{1,60}, /i;
const WHERE_TO_LOOK_BEFORE_ASKING = new RegExp(
  `${WHERE_TO_LOOK.source}(?=what |define |explain )`,
  WHERE_TO_LOOK.flags,
);
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
/** What follows an option in a phrase that names it: "-r flag of pg_basebackup", "-x switch". */
const AFTER_OPTION = new RegExp(
  String.raw`^(?:${OPTION_KINDS.join('|')})(?: (?:of|in|for|to) \S+(?: \S+)?)?$`,
);

/**
 * The option a phrase names by calling it one ("the -r flag of pg_basebackup", "the -x switch in
 * git clean"); "git branch -d" names a command line, read as it is.
 */
function optionAskedOf(words: readonly string[]): string | undefined {
  const at = words.findLastIndex(isOptionName);
  if (at < 0 || !AFTER_OPTION.test(words.slice(at + 1).join(' '))) return undefined;
  return words[at];
}
/** "needed", "required", "being done": an action asked about, not a thing's name. */
const PARTICIPLE = /^(?:\w{3,}[^e]ed|done|given|known|shown|seen|made|taken|meant)$/;
/** "the largest city", "the best route": which one, not what it is. */
const SUPERLATIVE =
  /^(?:best|worst|most|least|\w*(?:larg|small|high|low|long|short|fast|slow|bigg|great|old|new|young|hott|cold|near|clos|earli|lat|strong|weak|cheap|wid|deep|heavi|light)est)$/;

/** The thing a question asks to be defined, or null when it asks something else. */
export function definedSubject(question: string): DefinedSubject | null {
  const q = question
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[?.!\s]+$/, '')
    .trim()
    // "In the FedRAMP SSP guide, what does…", "According to RFC 2119, what is…": where to look.
    .replace(WHERE_TO_LOOK_BEFORE_ASKING, '');
  for (const form of [...FORMS, ROLE_OR_THING]) {
    const match = form.exec(q);
    if (!match) continue;
    const words = match[1]!
      .replace(/["“”`]/g, '')
      // 'rebase', ‘0-RTT’: a quoted name, not a possessive.
      .replace(/(^|\s)'([^']+)'(?=\s|$)/g, '$1$2')
      .split(/\s+/)
      .filter((w) => w !== '');
    // "the -R flag of pg_basebackup": an option named is the thing asked of, whatever frames it.
    const option = optionAskedOf(words);
    if (option !== undefined) {
      return { words: [option], expands: false, certain: form !== ROLE_OR_THING };
    }
    if (words.length > 0 && ARTICLE.test(words[0]!)) words.shift();
    if (
      words.length > 1 &&
      /^(?:acronym|abbreviation|initialism|term|word|letters)$/.test(words[0]!)
    ) {
      words.shift();
    }
    if (words.length === 0 || words.length > SUBJECT_MAX_WORDS) return null;
    // "What is 2 + 2?": arithmetic, not a name; "What is needed?": what is done, not a thing.
    if (words.some((w) => !/[\p{L}\p{N}]/u.test(w)) || !words.some((w) => /\p{L}/u.test(w))) {
      return null;
    }
    if (words.length === 1 && PARTICIPLE.test(words[0]!)) return null;
    // "Super Bowl 50's theme", "the most common…", "used for": not a thing's name.
    if (words.some((w) => NOT_A_NAME.has(w) || /'s?$/.test(w) || SUPERLATIVE.test(w))) return null;
    return { words, expands: / stand for$/.test(q), certain: form !== ROLE_OR_THING };
  }
  return null;
}

/** What links a term to what it is: a copula, a verb of definition, a colon, a dash, a run-in period. */
const DEFINING_LINK =
  /^\s*(?:(?:is|are|was|were|refers?\s+to|means?|denotes?|describes?|represents?|consists?\s+of|serves?\s+as|provides?|stands?\s+for)\b|[:—–]|-\s|\.\s|,\s+(?:an?|the)\s)/i;
/** The links that say what the thing is, not what it does or holds ("serves as", "provides"). */
const SAYING_WHAT_IT_IS =
  /^\s*(?:(?:is|are|was|were)\s+(?:an?|the|one)\b|(?:refers?\s+to|means?|denotes?|stands?\s+for)\b|[:—–]|-\s|\.\s)/i;
/** Quotes, brackets and bullets before the term; not the dashes of an option ("--force:"). */
const OPENING_MARKS = /^(?:[\s"'“‘([*_•]|-(?=\s))+/;
const LEADING_ARTICLE = /^(?:a|an|the)\s+/i;
const OPENING_WORD = /^(?:--?)?[\p{L}\p{N}](?:[\p{L}\p{N}._'’/-]*[\p{L}\p{N}])?/u;
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
  for (const [index, stem] of want.entries()) {
    const word = OPENING_WORD.exec(rest);
    if (!word || stemTerm(word[0].toLowerCase()) !== stem) return null;
    rest = rest.slice(word[0].length).replace(/^\s+/, ' ');
    if (rest.startsWith(' ') && index < want.length - 1) rest = rest.slice(1);
  }
  const bracketed = BRACKETED.exec(rest);
  if (bracketed) rest = rest.slice(bracketed[0].length);
  return rest;
}

/** Small words an expansion may hold that its acronym skips ("Department of Defense", DoD). */
const SKIPPED = new Set(['of', 'and', 'for', 'the', 'on', 'in', 'to', 'a', 'an', '&']);
/** Words of a sentence, "&" and inner capitals kept: "R&D", "JavaScript". */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*|&/gu;

/**
 * The words an acronym stands for, as the sentence writes them: "American Football Conference
 * (AFC)", "Hypertext Transfer Protocol (HTTP)", "PEP Policy Enforcement Point", "PEP (Policy
 * Enforcement Point)", "AFC: American Football Conference". Null when the sentence does not
 * spell the subject out. Unbracketed and without a colon, only capitalised words spell it out:
 * "the PEP passes each packet" merely has the right initials.
 */
export function acronymExpansion(sentence: string, subject: DefinedSubject): string | null {
  if (subject.words.length !== 1) return null;
  const acronym = subject.words[0]!.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
  if (acronym.length < 2 || acronym.length > 8) return null;
  // "R&D", "CI/CD", "R.O.I.": the acronym's letters (letters and digits only) with its own
  // marks between them.
  const written = new RegExp(
    String.raw`(?<![\p{L}\p{N}])${[...acronym].join(String.raw`[&/.]?`)}\.?(?![\p{L}\p{N}])`,
    'giu',
  );
  const words = [...sentence.matchAll(WORD)];
  for (const found of sentence.matchAll(written)) {
    const start = found.index;
    const end = start + found[0].length;
    // Nearest first, both ways.
    const before = words.filter((w) => wordEnd(w) <= start).reverse();
    const after = words.filter((w) => w.index! >= end);
    // "… Transfer Protocol (HTTP)": the words right before it.
    const bracketedAfter =
      /\(\s*$/.test(sentence.slice(0, start)) && /^\s*\)/.test(sentence.slice(end));
    const ending = spellingLength(before, acronym, bracketedAfter, true);
    if (ending !== null) return sentence.slice(before[ending - 1]!.index, wordEnd(before[0]!));
    // "PEP (Policy Enforcement Point)", "PEP: Policy…", "PEP Policy…": the words right after.
    const link = /^\s*(?:\(|:|[-–—]\s)?\s*/.exec(sentence.slice(end))![0];
    const starting = spellingLength(after, acronym, /[(:\-–—]/.test(link), false);
    if (starting !== null) return sentence.slice(after[0]!.index, wordEnd(after[starting - 1]!));
  }
  return null;
}

function wordEnd(word: RegExpMatchArray): number {
  return word.index! + word[0].length;
}

/**
 * How many of the words nearest the acronym spell it out, fewest first, or null. `nearest` runs
 * away from it: the words before it come in reverse (`reversed`), to be spelt in reading order.
 */
function spellingLength(
  nearest: RegExpMatchArray[],
  acronym: string,
  marked: boolean,
  reversed: boolean,
): number | null {
  for (let count = 1; count <= Math.min(nearest.length, acronym.length * 2); count++) {
    const run = nearest.slice(0, count).map((w) => w[0]);
    if (spells(reversed ? run.reverse() : run, acronym, marked)) return count;
  }
  return null;
}

/**
 * Whether the words spell the acronym out: each of its letters, in order, starts a word or
 * continues one that an earlier letter started ("Hypertext Transfer" for HTT, "JavaScript" for
 * JS, "eXtensible" for X), every word not a small one gives a letter, and the first and last
 * words give one. Unless marked by brackets or a colon, every word giving one is capitalised.
 */
function spells(words: string[], acronym: string, marked: boolean): boolean {
  const lower = words.map((w) => w.toLowerCase());
  // The letters word i gives, from letter `at` on: its initial, then letters inside it.
  const from = (i: number, at: number): boolean => {
    if (i === words.length) return at === acronym.length;
    const word = lower[i]!;
    const small = SKIPPED.has(word);
    if (small && i > 0 && i < words.length - 1 && from(i + 1, at)) return true;
    if (at === acronym.length) return false;
    const starts = word.startsWith(acronym[at]!) || (acronym[at] === 'x' && word.startsWith('ex'));
    if (!starts) return false;
    if (!marked && !small && !/^[\p{Lu}\p{N}]/u.test(words[i]!)) return false;
    // The initial, then any more letters found inside the word, in order.
    let next = at + 1;
    let position = acronym[at] === 'x' && word.startsWith('ex') ? 2 : 1;
    if (from(i + 1, next)) return true;
    while (next < acronym.length) {
      const inside = word.indexOf(acronym[next]!, position);
      if (inside < 0) return false;
      position = inside + 1;
      next++;
      if (from(i + 1, next)) return true;
    }
    return false;
  };
  return words.length > 0 && from(0, 0);
}
