import { contentWords, tagWords, words, type TaggedWord } from '@docent/text-segmentation';
import { definedSubject } from './defined-subject';
import { isOneLetterOption, optionNames } from './option-names';
import { questionCues, type QuestionCue } from './question-cues';
import { questionSentences } from './question-sentences';
import { suppliedValues } from './supplied-values';
import { stemTerm, withoutAccents } from './term-stem';

/** What the answerer reads from a question before it looks at any passage. */
export interface QuestionAnalysis {
  /** Stems of its content words, weighted: 1 for the question's own, 0.5 for the history's. */
  terms: Map<string, number>;
  cues: QuestionCue[];
  /** Content-word bigrams (stems), for phrase matches. */
  bigrams: Set<string>;
  /**
   * Stems that name what the question is about — names, identifiers, numbers — each of which an
   * answer must hold (in its sentence, block, section titles or document name).
   */
  names: Set<string>;
  /** The command-line options it writes, as written ("-X", "--single-transaction"). */
  options: string[];
  /**
   * Stems of the words that describe the thing asked for ("which beverage company", "what
   * actor"): a page names the company or the actor, it need not call it so.
   */
  asked: Set<string>;
  /**
   * The question's focus: the content words of its wh-phrase that say what kind of thing is
   * asked about ("which **encryption algorithm**", "what **port**", "how many **euros**"),
   * without framing words ("name", "type") and names (required on their own). An answer must
   * hold one of them, or a close form, or say something close to them in meaning.
   */
  focus: string[];
  /** The focus as the question writes it ("encryption algorithm"), for comparing in meaning. */
  focusPhrase: string;
  /** Its words as compromise tags them (parts of speech). */
  tagged: TaggedWord[];
  /** The unit a count is asked in ("how many days" → "day"), when one is. */
  unit?: string;
  /**
   * Stems of its words that name things — nouns, names, numbers, acronyms, gerunds as nouns
   * ("billing") — as opposed to verbs and adjectives, which a page may well say otherwise.
   */
  things: Set<string>;
  /** Whether it asks for more than one thing ("which three…", "what port and protocol…"). */
  asksForSeveral: boolean;
  /**
   * Stems of its words that name things as part of a compound, next to another such word ("the
   * **staging** read replica", "the OSCAL assessment **workshop**"): together they say which of
   * several such things is meant.
   */
  compounds: Set<string>;
  /** Stems of the verb of an inverted question that a tagger may read as a noun. */
  verbs: Set<string>;
  /**
   * Stems of the values it supplies in code it quotes — its own table's name, a literal, a
   * call's argument (`suppliedValues`): never what it is about.
   */
  supplied: Set<string>;
  /** Stems of the words of its sentences other than the asking one, not in it (`situationWords`). */
  situation: Set<string>;
  /**
   * Stems of its names written as abbreviations ("Rev." in "SP 800-61 Rev. 2", "Vol."): a page
   * may write them in full ("Revision 2"), so a word beginning with one holds it.
   */
  abbreviations: Set<string>;
}

/**
 * Words that frame a question rather than say what it is about: an answer need not repeat
 * them, so they never make a question unanswerable.
 */
const FRAMING_WORDS = new Set(
  [
    'name',
    'named',
    'called',
    'call',
    'type',
    'kind',
    'sort',
    'number',
    'amount',
    'value',
    'use',
    'used',
    'using',
    'mean',
    'means',
    'meaning',
    'happen',
    'happens',
    'happened',
    'many',
    'much',
    'long',
    'often',
    'way',
    'get',
    'got',
    'make',
    'made',
    'need',
    'needs',
    'must',
    'shall',
    'may',
    'might',
    'ought',
    // Words of set phrases ("in advance", "on average", "in total"), not subjects.
    'advance',
    'average',
    'total',
    'according',
    'accord',
    'regarding',
    'regard',
    'general',
    'addition',
    'tell',
    'say',
    'said',
    'find',
    'know',
    'example',
    'also',
    'one',
    'thing',
    'things',
    'someone',
    'something',
    'anybody',
    'anyone',
    'anything',
    'everybody',
    'everyone',
    'everything',
    'somebody',
    'nobody',
    'nothing',
    'people',
    'person',
    'default',
    // What a question calls the document it asks about ("the OSCAL assessment presentation",
    // "the scenarios appendix"): the document's sentences do not call themselves so.
    'document',
    'presentation',
    'deck',
    'slide',
    'slides',
    'paper',
    'appendix',
    'chapter',
    'section',
    'spreadsheet',
    // "What does the acronym CSM stand for?": what a question calls a short form.
    'acronym',
    'abbreviation',
    'initialism',
  ].map(stemTerm),
);

export function analyseQuestion(question: string, standalone: string): QuestionAnalysis {
  const terms = new Map<string, number>();
  for (const term of contentWords(standalone).map(stemTerm)) terms.set(term, 0.5);
  for (const term of contentWords(question).map(stemTerm)) terms.set(term, 1);
  // "What does PEP stand for?": "stand" frames it; "This document does not stand alone" is no
  // answer.
  if (definedSubject(standalone)?.expands) terms.delete(stemTerm('stand'));
  const options = optionNames(question);
  // "Out of the box, how much memory…", "with the stock configuration": the default is asked.
  // Its words ask nothing more ("stock" names no thing a page would say).
  const saysDefault = SAYS_DEFAULT.exec(question)?.[0];
  if (saysDefault !== undefined) {
    for (const word of contentWords(saysDefault)) terms.delete(stemTerm(word));
    terms.set(stemTerm('default'), 1);
  }
  const cues = questionCues(question);
  const tagged = tagWords(question);
  const asked = new Set<string>();
  const focusWords: string[] = [];
  for (const index of askedPhrase(tagged)) {
    for (const word of contentWords(tagged[index]!.text)) {
      asked.add(stemTerm(word));
      focusWords.push(word);
    }
    // "What is Canon i-SENSYS MF643's IP address?": what is asked is the possessed thing.
    if (tagged[index]!.tags.has('Possessive')) focusWords.length = 0;
  }
  const names = namedTerms(question);
  for (const option of options) {
    // "-X" is said by "-X", not by the letter x.
    if (isOneLetterOption(option)) {
      const letter = stemTerm(option.slice(1).toLowerCase());
      terms.delete(letter);
      if (names.delete(letter)) names.add(option);
    }
    terms.set(option, 1);
  }
  const unit = unitOf(tagged);
  const things = new Set<string>();
  const acting = actingOnObjects(tagged, question);
  tagged.forEach((word, at) => {
    if (!namesAThing(word) || acting.has(at)) return;
    for (const w of contentWords(word.text)) things.add(stemTerm(w));
  });
  return {
    terms,
    options,
    cues,
    bigrams: bigramsOf(contentWords(question).map(stemTerm)),
    names,
    asked,
    ...focusOf(focusWords, names, /\bhow (?:many|much)\s+([a-z]+)/i.exec(question)?.[1]),
    tagged,
    things,
    ...unit,
    asksForSeveral: asksForSeveral(question, cues),
    verbs: invertedVerbs(tagged, names),
    supplied: suppliedValues(question),
    situation: situationWords(question),
    compounds: compoundsOf(tagged),
    abbreviations: abbreviationsOf(question),
  };
}

/**
 * Stems of the names, identifiers and numbers a question mentions: capitalised words after its
 * first ("Heron", "TCP"), words with digits ("R-99" gives "99"; "v1.2"), code-like words
 * ("core.autocrlf", "snake_case").
 */
function namedTerms(question: string): Set<string> {
  const out = new Set<string>();
  const tokens = question.split(/\s+/).filter(Boolean);
  tokens.forEach((token, index) => {
    const bare = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (bare === '') return;
    const capitalised = index > 0 && /^\p{Lu}/u.test(bare) && bare.toLowerCase() !== 'i';
    const coded = /\d/.test(bare) || /[._]/.test(bare);
    if (!capitalised && !coded) return;
    for (const word of contentWords(bare)) {
      if (!FRAMING_WORDS.has(stemTerm(word))) out.add(stemTerm(word));
    }
  });
  return out;
}

/** Short capitalised words closed by a full stop inside the question: "Rev.", "Vol.", "No.". */
function abbreviationsOf(question: string): Set<string> {
  const out = new Set<string>();
  for (const match of question.matchAll(/(?:^|\s)(\p{Lu}\p{Ll}{1,3})\.(?=\s+\S)/gu)) {
    out.add(stemTerm(match[1]!));
  }
  return out;
}

/**
 * Ways of saying "by default" that hold no word "default": "out of the box", "with the stock
 * configuration", "if I don't pass one", "when it is omitted".
 */
const SAYS_DEFAULT = new RegExp(
  [
    String.raw`\bout of the box\b`,
    String.raw`\b(?:stock|factory|shipped|untouched|unchanged) (?:configuration|config|settings?|install(?:ation)?)\b`,
    String.raw`\b(?:if|when|unless) (?:i|you|we|one) (?:don't|do not|didn't|never) (?:pass|set|give|specify|provide|supply|choose)\b`,
    String.raw`\b(?:if|when) (?:it is |it's |they are )?(?:omitted|left out|not (?:set|given|specified|passed|provided))\b`,
  ].join('|'),
  'i',
);

/** What a date or time is asked as ("what year", "which month"): its cue, not a word to hold. */
const TIME_NOUNS = new Set(
  ['year', 'month', 'day', 'date', 'time', 'century', 'decade', 'week', 'hour'].map(stemTerm),
);

/**
 * The focus words (stems, in order) of a wh-phrase's words and the unit a count is asked in:
 * framing words, names and digits go ("which NFL team" keeps "team"; "NFL" is a name), and
 * words of two letters or fewer.
 */
function focusOf(
  phrase: string[],
  names: ReadonlySet<string>,
  unit: string | undefined,
): { focus: string[]; focusPhrase: string } {
  const focus: string[] = [];
  const written: string[] = [];
  const add = (word: string) => {
    if (contentWords(word).length === 0 || /\d/.test(word) || word.length < 3) return;
    const stem = stemTerm(word);
    if (FRAMING_WORDS.has(stem) || TIME_NOUNS.has(stem) || names.has(stem)) return;
    if (focus.includes(stem)) return;
    focus.push(stem);
    written.push(word);
  };
  for (const word of phrase) add(word);
  if (unit) add(unit);
  return { focus, focusPhrase: written.join(' ') };
}

/**
 * "how many days…" → { unit: "day" } ("how many times" counts times): the last noun of the
 * phrase after "how many" ("how many NFL **teams**"), none when a verb follows it ("how many
 * **were** killed", "how many **will**…").
 */
export function unitOf(tagged: TaggedWord[]): { unit?: string } {
  const at = tagged.findIndex((w, i) => w.normal === 'how' && tagged[i + 1]?.normal === 'many');
  if (at < 0) return {};
  let unit: string | undefined;
  for (const word of tagged.slice(at + 2)) {
    const noun = (word.tags.has('Noun') || word.tags.has('Acronym')) && !word.tags.has('Pronoun');
    if (noun) {
      unit = word.normal;
      continue;
    }
    if (!word.tags.has('Adjective')) break;
  }
  const stem = unit === undefined ? undefined : stemTerm(unit.replace(/[^\p{L}\p{N}]+/gu, ''));
  return stem && !FRAMING_WORDS.has(stem) ? { unit: stem } : {};
}

function asksForSeveral(question: string, cues: QuestionCue[]): boolean {
  if (cues.some((cue) => cue.kind === 'list')) return true;
  const q = question.toLowerCase();
  // Two questions in one: "who owns it and who is on call?"
  if (
    /\b(?:what|which|who|when|where|how)\b.*\band\s+(?:what|which|who|when|where|how)\b/.test(q)
  ) {
    return true;
  }
  // Two things of one question: "what port and protocol…" (a month and a year is one date).
  const pair = /\b(?:what|which)\s+(\w+)\s+and\s+(\w+)\b/.exec(q);
  return pair !== null && !/^(?:year|month|day|date|time)$/.test(pair[1]!);
}

/**
 * The question's content words that no chunk of the collection holds, and that name a thing
 * (nouns, names, numbers — not verbs or adjectives, which a page may say otherwise): a question
 * about a "cafeteria" in a collection that never mentions one is not answered by a sentence
 * about the office's floor. Framing words never count, nor do the words of the thing asked for
 * ("what beverage company…", "which actor…": a page names the company or the actor, it need not
 * call it that), nor a word a retrieved passage spells nearly the same (a typo, "champs" for
 * "champions").
 */
export function absentSubjects(
  question: QuestionAnalysis,
  chunkCounts: ReadonlyMap<string, number>,
  passageWords: ReadonlySet<string>,
  /** The passages' capitalised words: a name is a typo of a name, never of "seven" ("Severn"). */
  passageNames: ReadonlySet<string> = passageWords,
): string[] {
  return absentWords(question, chunkCounts, passageWords, passageNames).subjects;
}

/** The question's words no chunk holds that name a thing, by what they name. */
export interface AbsentWords {
  /** What the question is about (`absentSubjects`). */
  subjects: string[];
  /**
   * The words of the thing asked for ("which **font**…", "what **gaussian** of time…"): the
   * subject rule lets them pass, since a page need not call the thing what the question does,
   * but one unrelated in meaning to the answering sentence was asked of another collection.
   */
  asked: string[];
}

/** `absentSubjects` and the asked-for words the collection lacks, in one pass over its counts. */
export function absentWords(
  question: QuestionAnalysis,
  chunkCounts: ReadonlyMap<string, number>,
  passageWords: ReadonlySet<string>,
  passageNames: ReadonlySet<string> = passageWords,
): AbsentWords {
  // "Which **Genghis's** was hosted…": a name is what the question is about, even where it
  // describes the thing asked for.
  const describesAsked = (word: string) =>
    question.asked.has(stemTerm(word)) && !namedOrNumber(word, question);
  const absent = new Set(
    [...chunkCounts]
      .filter(
        ([word, count]) =>
          count === 0 &&
          !FRAMING_WORDS.has(stemTerm(word)) &&
          !question.supplied.has(stemTerm(word)) &&
          !(question.names.has(word) || CAMEL_CASE.test(writtenAs(word, question))
            ? spelledNearly(word, passageNames, { sharedStem: false })
            : spelledNearly(word, passageWords)) &&
          !writtenOtherwise(word, question, passageWords),
      )
      .map(([word]) => word),
  );
  const out: AbsentWords = { subjects: [], asked: [] };
  if (absent.size === 0) return out;
  // "When does the OspreyQueueBacklog alert fire?": after an inverted auxiliary the last word
  // is the verb, however the tagger reads it.
  question.tagged.forEach((word, at) => {
    // One tagged term may hold several words ("R-99" is "r" and "99").
    for (const normal of words(word.text)) {
      if (question.verbs.has(stemTerm(normal))) continue;
      // "My zone didn't load because of a **typo** in the zone file. What do clients get…?"
      if (question.situation.has(stemTerm(normal)) && !namedOrNumber(normal, question)) continue;
      const counted = namesAThing(word) || /\d/.test(normal) || inNounSlot(question.tagged, at);
      if (absent.has(normal) && counted) {
        (describesAsked(normal) ? out.asked : out.subjects).push(normal);
      }
    }
  });
  return out;
}

/**
 * Stems of the words of the sentences of a question other than the one asking, not in it: the
 * situation a person describes ("My zone didn't load because of a typo in the zone file. What
 * do clients get back when they query it?"). A common noun the collection lacks there is how
 * they tell it, not what they ask about; a name or a number still is (`namedOrNumber`).
 */
function situationWords(text: string): Set<string> {
  const { sentences, asking } = questionSentences(text);
  const asked = new Set(words(sentences[asking]!));
  return new Set(
    sentences
      .filter((_, i) => i !== asking)
      .flatMap((sentence) => words(sentence))
      .filter((word) => !asked.has(word))
      .map(stemTerm),
  );
}

/**
 * Whether the number at `at` counts the things after it ("two electrons", "3 khanates"), rather
 * than being part of a name or code ("NIST SP 800-207 cite…", "version 3 crashes").
 */
function countsThings(tagged: TaggedWord[], at: number): boolean {
  const number = tagged[at]!;
  if (!number.tags.has('Cardinal') || !/^(?:\p{L}+|\d+)$/u.test(number.text)) return false;
  const before = tagged[at - 1];
  return !before || !(before.tags.has('Noun') || before.tags.has('Acronym'));
}

/** Auxiliaries a question puts before its subject. */
const INVERTING = /^(?:do|does|did|can|could|will|would|should|must|shall|may|might|has|have|had)$/;

/** Words that open a clause: a verb after one may be the clause's own ("when the queue fills"). */
const SUBORDINATORS =
  /^(?:when|whenever|if|unless|that|which|who|where|while|after|before|because|since|until|once|so|and|or)$/;

/**
 * Whether the tagger's verb or adjective at `at` stands where only a noun can: the head of a noun
 * phrase that a determiner, a possessive or a number opens ("the earth's **earnest** by mass",
 * "**two** reinforcements"), one that "what" or "which" opens before the verb ("what
 * **disguise** were…"), or the last word of the object of the question's verb ("was the missed
 * field **khanates**?"). A word the collection lacks there is what the question is about — a verb
 * a person asks with ("when the queue **overflows**", "what **happens**", "which team **won**")
 * is not in such a slot.
 */
function inNounSlot(tagged: TaggedWord[], at: number): boolean {
  const word = tagged[at]!;
  const before = tagged[at - 1];
  const after = tagged[at + 1];
  if (!before) return false;
  const opens = (w: TaggedWord, i: number) =>
    w.tags.has('Determiner') ||
    w.tags.has('Possessive') ||
    /'s$/.test(w.text) ||
    countsThings(tagged, i);
  // A head: a noun after it would make it a modifier ("a **brand**-new database": an adjective
  // too), a determiner or pronoun its object.
  const headed =
    !after ||
    !(
      after.tags.has('Noun') ||
      after.tags.has('Adjective') ||
      after.tags.has('Determiner') ||
      after.tags.has('Pronoun')
    );
  if (!headed) return false;
  if (opens(before, at - 1)) return true;
  if (/^(?:what|which)$/.test(before.normal)) {
    // "What disguise were…", not "what happens when…" or "what fails?".
    return (
      at === 1 &&
      after !== undefined &&
      (after.tags.has('Copula') || after.tags.has('Auxiliary') || after.tags.has('Verb')) &&
      !SUBORDINATORS.test(after.normal)
    );
  }
  if (word.tags.has('Adjective') || word.tags.has('PastTense') || word.tags.has('Gerund')) {
    return false;
  }
  if (after && !after.tags.has('Preposition')) return false;
  // Back over the phrase's modifiers to what opens it, then to the verb it is the object of.
  let start = at - 1;
  for (let n = 0; n < 3 && start >= 0; n++, start--) {
    const w = tagged[start]!;
    if (opens(w, start)) break;
    if (!(w.tags.has('Noun') || w.tags.has('Adjective') || w.tags.has('PastTense'))) return false;
  }
  if (start < 1 || !tagged[start]!.tags.has('Determiner')) return false;
  for (let j = start - 1; j >= 0; j--) {
    const w = tagged[j]!;
    if (SUBORDINATORS.test(w.normal) && j > 0) return false;
    // After an inverted auxiliary the phrase is the subject and the word its verb ("did the
    // Master **reincarnate** into…").
    if (w.tags.has('Verb')) return !INVERTING.test(w.normal);
  }
  return false;
}

/**
 * A word the collection lacks that is no subject, only written otherwise than its passages write
 * it: a compound split or joined ("gun powder" for "gunpowder", "superbowl" for "Super Bowl"),
 * an acronym's plural ("DSMs"), a month shortened ("Feb 2010"). Not a slip of a small word ("tp"
 * for "to"): "sso" and "bot" are one letter from "so" and "but" too.
 */
function writtenOtherwise(
  word: string,
  question: QuestionAnalysis,
  passageWords: ReadonlySet<string>,
): boolean {
  const written = writtenAs(word, question);
  if (MONTH_SHORT.test(word)) return true;
  if (/^\p{Lu}{2,}s$/u.test(written) && passageWords.has(word.slice(0, -1))) return true;
  // An identifier's parts are its own ("gc.stashExpire" is no "stash" and "expire"), a word in
  // camel case too ("ExpiresMaxAge" is no "expires" and "maxage").
  if (!/^\p{L}+$/u.test(written) || CAMEL_CASE.test(written)) return false;
  const sequence = question.tagged.flatMap((w) => words(w.text));
  const at = sequence.indexOf(word);
  const joined = (a?: string, b?: string) =>
    a !== undefined && b !== undefined && passageWords.has(a + b);
  if (joined(sequence[at - 1], word) || joined(word, sequence[at + 1])) return true;
  for (let cut = 3; cut <= word.length - 3; cut++) {
    if (passageWords.has(word.slice(0, cut)) && passageWords.has(word.slice(cut))) return true;
  }
  return false;
}

/** The question's word as it writes it, capitals and all. */
function writtenAs(word: string, question: QuestionAnalysis): string {
  return question.tagged.find((w) => words(w.text).includes(word))?.text ?? word;
}

/** A capital after a small letter inside a word: "ExpiresMaxAge", "maxAge". */
const CAMEL_CASE = /\p{Ll}\p{Lu}/u;

const MONTH_SHORT = /^(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)$/;

/**
 * Stems of the words a tagger may read as nouns that are the verb of an inverted question: its
 * last word ("When does the alert **fire**?", "How many points did the defense **surrender**?")
 * and the verb after "does Team" ("How much does Team **cost** per seat?") — never a name or a
 * number ("Who did Elway play for in **Celeron**?", "…in **1947**?").
 */
function invertedVerbs(tagged: TaggedWord[], names: ReadonlySet<string>): Set<string> {
  const inverted = tagged.some((w) =>
    /^(?:do|does|did|can|could|will|would|should|must|shall|may|might)$/.test(w.normal),
  );
  // "What does git rebase --autofixup **do**?": a verb that is no content word ends it, and the
  // word before it is the thing asked about, not the verb.
  const finalWord = [...tagged].reverse().find((w) => /\p{L}/u.test(w.text));
  const lastWord =
    finalWord && finalWord.tags.has('Verb') && contentWords(finalWord.text).length === 0
      ? finalWord
      : [...tagged].reverse().find((w) => contentWords(w.text).length > 0);
  const verb = invertedVerb(tagged);
  const out = new Set<string>();
  for (const word of tagged) {
    if (!((inverted && word === lastWord) || word === verb)) continue;
    for (const normal of words(word.text)) {
      const stem = stemTerm(normal);
      if (!/\d/.test(normal) && !names.has(stem) && !names.has(normal)) out.add(stem);
    }
  }
  return out;
}

/** Stems of the words naming things that stand next to another word naming a thing. */
function compoundsOf(tagged: TaggedWord[]): Set<string> {
  const out = new Set<string>();
  tagged.forEach((word, i) => {
    const before = tagged[i - 1];
    const after = tagged[i + 1];
    const joined = (other: TaggedWord | undefined) => other !== undefined && namesAThing(other);
    if (!namesAThing(word) || !(joined(before) || joined(after))) return;
    for (const w of contentWords(word.text)) out.add(stemTerm(w));
  });
  return out;
}

/** Whether a word of the question is one of its names or a number. */
function namedOrNumber(word: string, question: QuestionAnalysis): boolean {
  return /\d/.test(word) || question.names.has(stemTerm(word)) || question.names.has(word);
}

/**
 * The verb of an inverted question that the tagger read as a noun: "How much does Team
 * **cost** per seat?" (a name put in for "it" makes "Team cost" look like a compound). After
 * the auxiliary, a run of nouns with no verb in it that ends at a preposition: its last noun.
 */
function invertedVerb(tagged: TaggedWord[]): TaggedWord | undefined {
  const aux = tagged.findIndex((w) => /^(?:do|does|did)$/.test(w.normal));
  if (aux < 0) return undefined;
  const run: TaggedWord[] = [];
  for (const word of tagged.slice(aux + 1)) {
    if (word.tags.has('Determiner') || word.tags.has('Possessive')) continue;
    if (word.tags.has('Verb') || word.tags.has('Gerund')) return undefined;
    if (word.tags.has('Preposition')) break;
    if (!word.tags.has('Noun') || word.tags.has('Pronoun')) return undefined;
    run.push(word);
  }
  return run.length >= 2 ? run.at(-1) : undefined;
}

/**
 * A noun, a name, a number, an acronym, a gerund used as a noun — not a pronoun; and an
 * identifier, however the tagger reads it ("core.maxFileSize" reads as a verb).
 */
function namesAThing(word: TaggedWord): boolean {
  const thing =
    word.tags.has('Noun') ||
    word.tags.has('Gerund') ||
    word.tags.has('Value') ||
    word.tags.has('Acronym') ||
    IDENTIFIER_SHAPE.test(word.text);
  return thing && !word.tags.has('Pronoun');
}

/**
 * The positions of words in -ing that act on an object, after a preposition, a conjunction or a
 * comma, with the words hyphened to them: "before **truncating** it", ", **counting** INCLUDE
 * columns", "instead of **hand-editing** postgresql.conf", "after **beating** the Panthers".
 * They say what is done, not a thing the question is about ("the purpose of logging",
 * "Breathing oxygen…", "incoming water").
 */
function actingOnObjects(tagged: TaggedWord[], question: string): Set<number> {
  const out = new Set<number>();
  tagged.forEach((word, at) => {
    const next = tagged[at + 1];
    if (!/ing$/i.test(word.text) || next === undefined) return;
    const objectFollows =
      next.tags.has('Determiner') ||
      next.tags.has('Pronoun') ||
      /^\p{Lu}{2,}$/u.test(next.text) ||
      JOINED_NAME.test(next.text);
    if (!objectFollows) return;
    let first = at;
    while (first > 0 && question[tagged[first]!.start - 1] === '-') first--;
    const before = tagged[first - 1];
    if (before === undefined) return;
    const between = question.slice(before.start + before.text.length, tagged[first]!.start);
    if (before.tags.has('Preposition') || before.tags.has('Conjunction') || between.includes(',')) {
      for (let i = first; i <= at; i++) out.add(i);
    }
  });
  return out;
}

/** Dotted, underscored or camel-cased: a setting's or a symbol's name (not "e.g." or "U.S."). */
const IDENTIFIER_SHAPE = new RegExp(String.raw`\p{L}{2}[._]\p{L}{2}|${CAMEL_CASE.source}`, 'u');
/** Words joined by a dot or an underscore: "postgresql.conf", "log_lock_waits". */
const JOINED_NAME = /\p{L}[._]\p{L}/u;

/**
 * Positions of the words that describe what is asked for: after the question word up to the
 * verb ("which MVP honoree | died"), or the noun phrase after "what is the…" ("what is | an
 * expression | that…").
 */
function askedPhrase(tagged: TaggedWord[]): Set<number> {
  const out = new Set<number>();
  const first = tagged.findIndex((w) => w.tags.has('QuestionWord'));
  // "How many open roles": what is counted is the subject, not a description of the answer.
  if (first < 0 || !/^(?:what|which|whose)$/.test(tagged[first]!.normal)) return out;
  let i = first + 1;
  const copula = tagged[i]?.tags.has('Copula');
  if (copula) i++;
  for (; i < tagged.length; i++) {
    const word = tagged[i]!;
    if (word.tags.has('Determiner') || word.tags.has('Adjective') || word.tags.has('Value')) {
      out.add(i);
      continue;
    }
    if ((word.tags.has('Noun') || word.tags.has('Acronym')) && !word.tags.has('Pronoun')) {
      out.add(i);
      continue;
    }
    // "what month and year", "which port or protocol": both nouns describe the answer.
    if (
      /^(?:and|or)$/.test(word.normal) &&
      out.has(i - 1) &&
      tagged[i + 1]?.tags.has('Noun') &&
      !tagged[i + 1]?.tags.has('Pronoun')
    ) {
      continue;
    }
    // "what versioning scheme", "which operating system": a gerund before a noun describes it.
    if (word.tags.has('Gerund') && tagged[i + 1]?.tags.has('Noun')) {
      out.add(i);
      continue;
    }
    break;
  }
  return out;
}

/**
 * A passage word within one or two edits (by length), or sharing a long stem (another form of
 * the word; not for names: "Severn" is no form of "several"; nor for identifiers:
 * "log_lock_failure" is another setting than "log_lock_waits").
 */
export function spelledNearly(
  word: string,
  passageWords: ReadonlySet<string>,
  { sharedStem = true }: { sharedStem?: boolean } = {},
): boolean {
  if (word.length < 5 || /\d/.test(word)) return false;
  if (JOINED_NAME.test(word)) sharedStem = false;
  const budget = word.length >= 8 ? 2 : 1;
  word = withoutAccents(word);
  for (const written of passageWords) {
    // "Celeron" for "Céloron": accents are what a keyboard leaves out.
    const other = withoutAccents(written);
    if (Math.abs(other.length - word.length) > 3) continue;
    if (sharedStem && other.length >= 5 && commonPrefix(word, other) >= 5) return true;
    if (
      Math.abs(other.length - word.length) <= budget &&
      editDistance(word, other, budget) <= budget
    ) {
      return true;
    }
  }
  return false;
}

/** How many characters `a` and `b` begin with alike. */
export function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** Edit distance with adjacent transpositions ("tackels" is one from "tackles"), given up past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      row[j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

export function bigramsOf(stems: string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i < stems.length; i++) out.add(`${stems[i - 1]} ${stems[i]}`);
  return out;
}

export { FRAMING_WORDS };
