import { contentWords, type TableCell, words } from '@docent/text-segmentation';
import { hyphenedNames, optionNames, OPTION_KINDS } from './option-names';
import { commonPrefix, FRAMING_WORDS, type QuestionAnalysis } from './question-analysis';
import { sentenceMatchesCues } from './question-cues';
import { stemTerm } from './term-stem';
import type { CollectionTermCounts, Passage } from './types';
import { asksYesOrNo } from './verdicts';
import { withoutVersionTimes } from './version-notes';

/**
 * The support rule: an answer is supported when the question's distinguishing content (its
 * names, and the rarest in the collection of its words that name things) is held by the
 * answering sentence, its block, its section titles or its document's name — else the reply is
 * "not found" rather than another thing's fact. Also the evidence floor that tells a collection
 * that answers a question from one that merely resembles it.
 */

/** The words of a candidate sentence the rule looks at, as stems. */
export interface SentenceTerms {
  /** The sentence's own words. */
  terms: Set<string>;
  /** What the sentence is about without saying it: its label, row key, columns. */
  context: Set<string>;
  /** Its whole block (paragraph, list item, panel) with its context. */
  block: Set<string>;
  /** Which retrieved passage it is from. */
  passageIndex: number;
  /** Required words the sentence before it gives the thing it names by kind (`carryNames`). */
  carried?: Set<string>;
}

/**
 * A sentence's words with its label's, section titles' and document name's: "it" in a page about
 * the Lapwing depot is the Lapwing depot. Built once per sentence and ask.
 */
export interface HeldTerms {
  held: Set<string>;
}

/** What an answer must hold to be about what the question is about. */
export interface Subjects {
  /** Every one of them: the names, and the rarest word that names a thing. */
  required: string[];
  /** That rarest word, when there is one and it is not a name (a name is required as such). */
  rarest?: string;
  /**
   * The rarest word when it is no name, relaxable or not: the sentences before the answer in its
   * section may say it (`holdsSubjects`' `earlier`).
   */
  rarestThing?: string;
  /** The question's other words that name things (its names included), for `holdsSubjects`. */
  others: string[];
  /**
   * When a required word is part of a code the question names a document by ("SP 800-145" →
   * "800", "145") and the question names the thing it asks for: that thing's words ("which
   * **encryption algorithm**", as stems) and the required words that are no code's part.
   */
  namedByCode?: { asked: string[]; ownRequired: string[] };
}

/** No topic words: a word must be in the sentence itself. */
const NOTHING: ReadonlySet<string> = new Set();

/**
 * What an answer must hold to be about what the question is about: every name it mentions
 * ("Heron", "Osprey", "PagerDuty"; not bare numbers or two-letter abbreviations, which a page
 * often writes otherwise: "UK" for "United Kingdom"), and the rarest in the collection of its
 * words that name things ("billing" in "which port does billing listen on?", "R-17"'s "17";
 * not a verb, which a page may say otherwise) — unless that word frames the question or
 * describes the thing asked for.
 */
export function questionSubjects(
  question: QuestionAnalysis,
  rarity: ReadonlyMap<string, number>,
  /** Misspelt words and words no chunk holds: no sentence could hold them. */
  misspelt: ReadonlySet<string>,
  /** Names the collection writes everywhere: they distinguish nothing in it. */
  common: ReadonlySet<string>,
): Subjects {
  // A name describing the thing asked for ("which **European** country", "what **Catholic**
  // Church belief") is a kind the answer names otherwise ("Switzerland"); the phrase's last word
  // is the thing itself, and a possessor is what is asked about ("the Lisbon printer's IP
  // address").
  const head = [...question.asked].at(-1);
  const possessive = question.tagged.some((w) => w.tags.has('Possessive'));
  // An identifier's parts ("clone.timeout", "R-99") name the thing, never describe a kind.
  const coded = new Set(
    question.tagged
      .filter((w) => /[._]|\d/.test(w.text))
      .flatMap((w) => contentWords(w.text).map(stemTerm)),
  );
  const describing = (n: string) =>
    !possessive && !coded.has(n) && question.asked.has(n) && n !== head;
  const required = new Set(
    [...question.names].filter(
      (n) =>
        /\p{L}{3}/u.test(n) &&
        !misspelt.has(n) &&
        !common.has(n) &&
        !describing(n) &&
        !question.supplied.has(n),
    ),
  );
  const things: string[] = [];
  let rarest: string | undefined;
  const asking = askingPhraseWords(question);
  for (const [term, weight] of question.terms) {
    const skipped =
      weight < 1 ||
      asking.has(term) ||
      !question.things.has(term) ||
      !/\p{L}{3}|\d/u.test(term) ||
      FRAMING_WORDS.has(term) ||
      question.supplied.has(term) ||
      (question.options.length > 0 && OPTION_KIND_STEMS.has(term)) ||
      question.asked.has(term) ||
      question.verbs.has(term) ||
      misspelt.has(term);
    if (skipped) continue;
    // Rarity is known for every word when the collection's counts are; else only for the
    // passages' own words, and a word they lack says nothing about the collection.
    const here = rarity.get(term);
    if (here === undefined) continue;
    things.push(term);
    // A word only of the situation told around the asking sentence ("I run three views… How
    // much memory can each cache take?") says what the question is about no more than others.
    if (question.situation.has(term)) continue;
    if (!rarest || here > rarity.get(rarest)!) rarest = term;
  }
  // A name is required on its own: only a word that is not one may be said otherwise — and
  // not when the question holds a word the collection lacks (what it asks about may be just
  // that word: "What is the sovereignty band…?" of a page on the universal band).
  const lacking = [...question.terms.keys()].some((t) => misspelt.has(t));
  // Nor one of a compound, which says which of several things is meant ("the **staging** read
  // replica", "the OSCAL assessment **workshop**").
  const relaxable =
    rarest !== undefined && !required.has(rarest) && !lacking && !question.compounds.has(rarest)
      ? rarest
      : undefined;
  // Not a number: "R-17"'s "17" in the line before says nothing of R-18's line.
  const rarestThing =
    rarest !== undefined && !required.has(rarest) && !/\d/.test(rarest) ? rarest : undefined;
  if (rarest) required.add(rarest);
  // A name describing the thing asked for ("which **Jira** label") is not required, but a
  // sentence saying it restates what the question is about like its other words.
  const describingNames = [...question.names].filter(
    (n) => /\p{L}{3}/u.test(n) && !misspelt.has(n) && !common.has(n) && describing(n),
  );
  const wording = question.tagged.map((w) => w.text).join(' ');
  const codes = new Set(
    [...identifiersOf(wording).values()].flatMap((set) =>
      [...set].flatMap((code) => code.split(/[-.]/)),
    ),
  );
  // An acronym and a bare number name a document too ("RFC 793", "ISO 27001").
  for (const match of wording.matchAll(DOCUMENT_NUMBER)) {
    codes.add(stemTerm(match[1]!.toLowerCase()));
    codes.add(match[2]!);
  }
  const askedWords = [...question.focus].filter((t) => !FRAMING_WORDS.has(t));
  const namedByCode =
    askedWords.length > 0 && [...required].some((t) => codes.has(t))
      ? { asked: askedWords, ownRequired: [...required].filter((t) => !codes.has(t)) }
      : undefined;
  return {
    required: [...required],
    ...(relaxable !== undefined && { rarest: relaxable }),
    ...(rarestThing !== undefined && { rarestThing }),
    others: [...things.filter((t) => t !== rarest), ...describingNames],
    ...(namedByCode && { namedByCode }),
  };
}

/** The stems of what a question calls an option it names (`OPTION_KINDS`). */
const OPTION_KIND_STEMS = new Set(OPTION_KINDS.map(stemTerm));

/** An acronym and a number: how a standard or a request for comments is named. */
const DOCUMENT_NUMBER = /\b(\p{Lu}{2,})\s+(\d{2,})\b/gu;

/**
 * The words that end a "how" phrase ("how far **back**", "how long **ago**", "how much
 * **longer**"): with it they ask for an amount or a time, they do not say what it is of.
 */
function askingPhraseWords(question: QuestionAnalysis): Set<string> {
  const text = question.tagged.map((w) => w.normal).join(' ');
  const out = new Set<string>();
  for (const match of text.matchAll(HOW_PHRASE)) out.add(stemTerm(match[1]!));
  return out;
}

const HOW_PHRASE =
  /\bhow (?:far|long|soon|much|many) (back|ago|ahead|before|after|earlier|later|longer|sooner|more)\b/g;

/**
 * Whether a sentence holds what the question is about: every name, and the rarest word that
 * names a thing — or, in its place, two or more of the question's other such words and at
 * least half of them. A sentence that restates most of what the question names is about its
 * thing even when it says the rarest word otherwise ("two atoms of **oxygen**… under normal
 * **conditions**" → "At standard temperature and pressure, two atoms of the element bind…"); one
 * that shares a single word with it ("which **port** does billing listen on?" → Heron's port)
 * is a neighbour's fact.
 */
export function holdsSubjects(
  candidate: SentenceTerms,
  subjects: Subjects,
  topic: Set<string>,
  abbreviations: ReadonlySet<string> = new Set(),
  /**
   * The words of the sentences before it in its section. A section says what it is about once:
   * "Every meeting room with video uses a Logitech Rally Bar. … If the screen stays black, hold
   * the power button…", a paragraph on tickets before a table of their priorities, a slide's
   * "Agile approach" above "Implementing 20% of functionality…". They may hold the rarest word
   * that names a thing — never a name, which the sentence, its page or its titles must hold.
   */
  earlier: ReadonlySet<string> = NOTHING,
): boolean {
  const names = subjects.required.filter((t) => t !== subjects.rarest);
  const named = candidate.carried ? union(topic, candidate.carried) : topic;
  const sectionTopic = earlier.size > 0 ? union(topic, earlier) : topic;
  const thing = subjects.rarestThing;
  const heldName = (t: string) =>
    holdsAll(candidate, [t], t === thing ? union(named, sectionTopic) : named, abbreviations);
  if (!names.every(heldName)) return false;
  // Naming a document by its code ("NIST SP 800-145") is no support for what is asked of it:
  // when the sentence holds none of the question's required words but the code (which its
  // document's name or its own text gives: "…incorporated into Special Publication 800-145"),
  // it must say the thing asked for ("which encryption algorithm") — a title page's address or
  // a change log's line says nothing of one. Its section may say it ("Table 3-4 shows
  // recoverability effort categories…" above the row "Extended Time to recovery is…").
  const byCode = subjects.namedByCode;
  if (
    byCode &&
    !byCode.ownRequired.some((t) =>
      holdsAll(candidate, [t], t === thing ? earlier : NOTHING, abbreviations),
    ) &&
    !holdsAll(candidate, byCode.asked, earlier, abbreviations)
  ) {
    return false;
  }
  if (!subjects.rarest || holdsAll(candidate, [subjects.rarest], sectionTopic, abbreviations)) {
    return true;
  }
  const held = subjects.others.filter((t) => holdsAll(candidate, [t], topic, abbreviations));
  return held.length >= 2 && held.length * 2 >= subjects.others.length;
}

/**
 * Sets `carried` on each sentence that names by its kind, with a definite article, a thing the
 * sentence before it in its passage named: "The local UI listens on port 3070." after "…then
 * start the Dagster UI:" is about the Dagster UI. Only words the question requires (its
 * names, its rarest word), and only one the sentence before writes right before a word the
 * sentence's subject repeats ("Dagster **UI**" → "The local **UI**").
 */
export function carryNames(
  candidates: Array<SentenceTerms & { position: number; text: string; sequence: string[] }>,
  /** The words the question requires (`Subjects.required`). */
  names: ReadonlySet<string>,
): void {
  const at = new Map(candidates.map((c) => [`${c.passageIndex}:${c.position}`, c]));
  for (const candidate of candidates) {
    if (!DEFINITE.test(candidate.text)) continue;
    const before = at.get(`${candidate.passageIndex}:${candidate.position - 1}`);
    if (!before) continue;
    const subject = new Set(candidate.sequence.slice(0, SUBJECT_WORDS));
    const carried = new Set<string>();
    before.sequence.forEach((stem, i) => {
      const kind = before.sequence[i + 1];
      if (names.has(stem) && kind !== undefined && !names.has(kind) && subject.has(kind)) {
        carried.add(stem);
      }
    });
    if (carried.size > 0) candidate.carried = carried;
  }
}

const DEFINITE = /^(?:the|this|that|these|those)\s/i;
/** The content words of a sentence's opening that name its subject ("local UI"). */
const SUBJECT_WORDS = 3;

/**
 * Per passage, the question's names that half or more of its document's passages hold, when
 * three or more of them were retrieved: what a deck or a guide is about ("OSCAL" across the slides of
 * an OSCAL deck), which its slide or section need not repeat. A name that only another part of
 * the page holds (a neighbour's row, another service's section) is not one of them.
 */
export function namesOfDocuments(
  passages: Passage[],
  question: QuestionAnalysis,
): Array<Set<string>> {
  const byDocument = new Map<string, number[]>();
  passages.forEach((p, i) => {
    if (p.documentId === undefined) return;
    byDocument.set(p.documentId, [...(byDocument.get(p.documentId) ?? []), i]);
  });
  const out = passages.map(() => new Set<string>());
  for (const indices of byDocument.values()) {
    if (indices.length < 3) continue;
    const held = indices.map((i) => new Set(contextTerms(passages[i]!.text)));
    for (const name of question.names) {
      const holding = held.filter((terms) => terms.has(name)).length;
      if (holding * 2 >= indices.length) for (const i of indices) out[i]!.add(name);
    }
  }
  return out;
}

/**
 * The question's names that half or more of the collection's chunks hold ("NIST" in a folder
 * of NIST publications, "OSCAL" in its guides): the collection's topic, which a page rarely
 * repeats in the sentence that answers; and those a large collection writes everywhere
 * (`WIDESPREAD_NAME_CHUNKS`). Not decided in a collection too small to tell.
 */
export function commonNames(
  question: QuestionAnalysis,
  { chunks, byWord }: CollectionTermCounts,
): Set<string> {
  const out = new Set<string>();
  if (chunks < MIN_CHUNKS_FOR_COMMON_NAMES) return out;
  for (const [word, count] of byWord) {
    const widespread = count >= WIDESPREAD_NAME_CHUNKS && count >= WIDESPREAD_NAME_SHARE * chunks;
    if (count < COMMON_NAME_SHARE * chunks && !widespread) continue;
    for (const form of [word, stemTerm(word)]) if (question.names.has(form)) out.add(form);
  }
  return out;
}

const MIN_CHUNKS_FOR_COMMON_NAMES = 20;
const COMMON_NAME_SHARE = 0.5;
/**
 * A name a large collection writes in hundreds of chunks and a twentieth of them is its
 * vocabulary, not a thing: PostgreSQL's manual writes "PostgreSQL" and "SQL" in 800 and 650 of
 * its 5,100 chunks, SQLite's "PRAGMA", "NULL" and "UPDATE" in over 800 of 11,000. A question
 * quoting a statement ("SELECT sum(amount) FROM payments WHERE 0…") names them all; the sentence
 * answering it says `sum()`. A small wiki's names ("Heron" in five of 77 chunks) stay.
 */
const WIDESPREAD_NAME_CHUNKS = 100;
const WIDESPREAD_NAME_SHARE = 0.05;

/**
 * Whether the sentence holds every one of `terms` — in its own words, its block (the paragraph
 * or list item it is part of), its label, its section titles or its document's name; a name
 * also by another form of it ("Europe" for "European"). A question about "Heron" is not
 * answered by a sentence about Skylark.
 */
function holdsAll(
  candidate: SentenceTerms,
  terms: string[],
  topic: ReadonlySet<string>,
  abbreviations: ReadonlySet<string> = new Set(),
): boolean {
  return terms.every((term) => {
    const forms = [term, ...ordinalForms(term)];
    if (forms.some((form) => candidate.block.has(form) || topic.has(form))) return true;
    const held = [...candidate.block, ...topic];
    if (abbreviations.has(term)) {
      // "Rev." is also held by a code with its revision: "800-61r2" of a file's name.
      const revised = term === REVISION && ((word: string) => REVISED_CODE.test(word));
      return held.some((word) => word.startsWith(term) || (revised && revised(word)));
    }
    return term.length >= 5 && held.some((word) => sharesStem(word, term));
  });
}

const REVISION = stemTerm('rev');
/** A publication's number with its revision, as NIST names its files ("sp800-53r5"). */
const REVISED_CODE = /^\d+r\d+$/;

const ORDINAL_WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
];

/** "4th" is also written "fourth", "30th" of a date also "30": the other forms of an ordinal. */
function ordinalForms(term: string): string[] {
  const match = /^(\d+)(?:st|nd|rd|th)$/.exec(term);
  if (!match) return [];
  const word = ORDINAL_WORDS[Number(match[1]) - 1];
  return word ? [match[1]!, stemTerm(word)] : [match[1]!];
}

/**
 * The long options a question names ("--shallow-tags", "--include-ignored") that no passage
 * holds as written: options are names, each word of which a manual may well use elsewhere
 * ("shallow", "tags"), so only the whole option says the passages are about it. A passage
 * writing "--[no-]shallow-tags" or "shallow-tags" holds it.
 */
export function absentOptions(question: string, passages: Passage[]): string[] {
  // An en or em dash is what "--" becomes when typed into a word processor.
  const asked = question.replace(/(?<![\w-])[\u2013\u2014](?=[a-z])/gi, '--');
  const options = optionNames(asked)
    .filter((option) => option.startsWith('--'))
    .map((option) => option.slice(2).toLowerCase());
  if (options.length === 0) return [];
  const text = passages.map((p) => p.text.replace(/[\u2010\u2011]/g, '-').toLowerCase()).join('\n');
  // After its dashes, or a "[no-]": not inside a longer word. "--no-x" is "--[no-]x" negated.
  const held = (option: string) =>
    new RegExp(`(?<![a-z0-9_])${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(
      text,
    );
  return options.filter((option) => !held(option) && !held(option.replace(/^no-/, '')));
}

/**
 * The hyphened names a question writes ("max-negative-ttl", "allow-axfr") that no chunk of the
 * collection writes, when the passages write others of their family — sharing their first or
 * last part ("max-cache-ttl", "allow-transfer"): a setting or a command the manual lacks, whose
 * every word it uses elsewhere. A word English writes with a hyphen has no such family in a
 * manual's passages ("brand-new"), or opens with a prefix (`ENGLISH_COMPOUND`: "over-limit").
 */
export function absentHyphenedNames(
  question: string,
  passages: Passage[],
  /** The collection's counts of the question's words; unknown, no name is known absent. */
  chunkCounts: ReadonlyMap<string, number> | undefined,
): string[] {
  if (chunkCounts === undefined) return [];
  const asked = hyphenedNames(question).filter(
    (name) => chunkCounts.get(name) === 0 && !ENGLISH_COMPOUND.test(name),
  );
  if (asked.length === 0) return [];
  const written = new Set(passages.flatMap((p) => hyphenedNames(`${p.headings} ${p.text}`)));
  const ends = (name: string) => {
    const parts = name.split('-');
    return [parts[0]!, parts.at(-1)!];
  };
  return asked.filter((name) => {
    const [first, last] = ends(name);
    return [...written].some((other) => {
      const [otherFirst, otherLast] = ends(other);
      return other !== name && (otherFirst === first || otherLast === last);
    });
  });
}

/** A word English forms with a prefix and a hyphen: "over-limit", "non-zero", "self-signed". */
const ENGLISH_COMPOUND =
  /^(?:over|under|non|pre|post|re|multi|self|well|co|anti|semi|sub|super|inter|out|up|down|off|half|all|any|ever|never)-/;

/**
 * Identifiers with parts ("800-207", "R-99", "v1.2", "DE.CM-1") written in a text, by their
 * first part (their family: "800", "r", "v1", "de"), dashes of any kind read as hyphens.
 */
export function identifiersOf(text: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const normalised = text.replace(/[\u2010-\u2015]/g, '-').toLowerCase();
  for (const [code] of normalised.matchAll(/[\p{L}\p{N}]+(?:[-.][\p{L}\p{N}]+)+/gu)) {
    if (!/\d/.test(code)) continue;
    const family = code.split(/[-.]/)[0]!;
    out.set(family, (out.get(family) ?? new Set()).add(code));
  }
  return out;
}

/**
 * Whether a sentence names an identifier of the family of one the question names, but not the
 * question's own: "SP 800-63-3" for a question about SP 800-207, release train R-17 for R-99 —
 * another thing's fact. A version named as a point in time does not count.
 */
export function namesAnotherIdentifier(text: string, asked: Map<string, Set<string>>): boolean {
  if (asked.size === 0) return false;
  for (const [family, codes] of identifiersOf(withoutVersionTimes(text))) {
    const wanted = asked.get(family);
    // "800-61r2" names SP 800-61 too, "v1.2.3" version 1.2.
    const names = (code: string) =>
      [...wanted!].some(
        (w) => code === w || (/^[-.r]/.test(code.slice(w.length)) && code.startsWith(w)),
      );
    if (wanted && ![...codes].some(names)) return true;
  }
  return false;
}

/**
 * Whether the sentence, its label, section titles or document name hold one of the question's
 * focus words or another form of it ("version" / "versions", "european" / "europe").
 */
export function holdsFocusWords({ held }: HeldTerms, focus: string[]): boolean {
  return focus.some((f) => held.has(f) || [...held].some((w) => sharesStem(w, f)));
}

/** "europe" and "european": a common beginning that is most of the shorter word. */
function sharesStem(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  return shorter >= 5 && commonPrefix(a, b) >= Math.max(5, shorter - 2);
}

/** The passages' words written with a capital (names, and words opening a sentence). */
export function passageNames(passages: Passage[]): Set<string> {
  const out = new Set<string>();
  for (const p of passages) {
    for (const token of `${p.docName} ${p.headings} ${p.text}`.split(/[^\p{L}\p{N}]+/u)) {
      if (/^\p{Lu}/u.test(token)) out.add(token.toLowerCase());
    }
  }
  return out;
}

/**
 * The question's two-letter abbreviations ("the UN's", "the LP") that no passage writes — as
 * such, dotted ("U.S."), or spelt out by two capitalised words with its letters ("United
 * Kingdom" for UK, "Department of Defense"-style small words between). A three-letter name must
 * be held like any name; a two-letter one is no name the rule requires, since a page may spell
 * it out, so the passages are read for both forms. Common ones a page may write otherwise
 * ("ID", "TV", units) are left alone.
 */
export function unheldAbbreviations(question: string, passages: Passage[]): string[] {
  const asked = new Set(
    [...question.matchAll(TWO_LETTER_ABBREVIATION)]
      .map((match) => match[1]!)
      .filter((abbreviation) => !WRITTEN_OTHERWISE.has(abbreviation)),
  );
  if (asked.size === 0) return [];
  const text = passages.map((p) => `${p.headings}\n${p.text}`).join('\n');
  // A file's name is lower-cased as often as not: "nist-sp-800-207-….pdf".
  const fileWords = new Set(passages.flatMap((p) => words(p.docName)));
  return [...asked].filter((abbreviation) => {
    if (fileWords.has(abbreviation.toLowerCase())) return false;
    const [first, second] = [abbreviation[0]!, abbreviation[1]!];
    const written = new RegExp(
      String.raw`(?<![\p{L}\p{N}])${first}\.?${second}(?![\p{L}\p{N}])`,
      'u',
    );
    const spelt = new RegExp(
      String.raw`(?<![\p{L}\p{N}])${first}\p{Ll}+\s+(?:(?:of|and|for|the|de)\s+)?${second}\p{Ll}+`,
      'u',
    );
    return !written.test(text) && !spelt.test(text);
  });
}

/**
 * Three or more words in capitals in a row: "SHARE ROW EXCLUSIVE", "ON DELETE CASCADE". Two
 * ("NIST SP", "NFL MVP") are as often an acronym and a name a page spells out.
 */
const CAPITALS_PHRASE = /(?<![\p{L}\p{N}])\p{Lu}{2,}(?:[ /-]\p{Lu}{2,}){2,}(?![\p{L}\p{N}])/gu;

/**
 * The phrases in capitals the question writes ("the ROW UPDATE EXCLUSIVE lock", a keyword or a
 * constant of a reference manual) that no passage writes: each of its words may be there ("ROW
 * EXCLUSIVE", "SHARE UPDATE EXCLUSIVE"), the thing they name together is not. A question in
 * capitals throughout has none.
 */
export function unheldCapitalPhrases(question: string, passages: Passage[]): string[] {
  if (!/\p{Ll}/u.test(question)) return [];
  const asked = [...new Set([...question.matchAll(CAPITALS_PHRASE)].map((match) => match[0]))];
  if (asked.length === 0) return [];
  const text = passages.map((p) => `${p.docName}\n${p.headings}\n${p.text}`).join('\n');
  return asked.filter((phrase) => {
    // Its words are capital letters only: nothing to escape.
    const pattern = phrase.split(/[ /-]/).join('[\\s/-]+');
    return !new RegExp(String.raw`(?<![\p{L}\p{N}])${pattern}(?![\p{L}\p{N}])`, 'u').test(text);
  });
}

/**
 * The years the question names ("in 1950", "for 2015") that no passage holds: a page that
 * answers a question about a year says it (its text, titles or name).
 */
export function unheldYears(question: string, passages: Passage[]): string[] {
  const years = new Set([...question.matchAll(YEAR)].map((match) => match[0]));
  if (years.size === 0) return [];
  const held = new Set(
    passages.flatMap((p) =>
      [...`${p.docName} ${p.headings} ${p.text}`.matchAll(YEAR)].map((m) => m[0]),
    ),
  );
  return [...years].filter((year) => !held.has(year));
}

const YEAR = /(?<![\p{L}\p{N}.,])(?:1[0-9]|20)\d{2}(?![\p{L}\p{N}]|[.,]\d)/gu;

/** Not one naming a document with its number ("SP 800-207"): its pages need not say it. */
const TWO_LETTER_ABBREVIATION =
  /(?<![\p{L}\p{N}.])(\p{Lu}{2})(?:['’]s)?(?![\p{L}\p{N}.])(?!\s+\d)/gu;
const WRITTEN_OTHERWISE = new Set(
  'ID TV OK AM PM PC IT AI UI GB MB KB TB HZ MS NO OR IS IN ON AT TO OF BY'.split(' '),
);

/** Every word of the passages, as `words` splits them (for typo-tolerant look-ups). */
export function passageWords(passages: Passage[]): Set<string> {
  const out = new Set<string>();
  for (const p of passages) {
    for (const w of words(`${p.docName} ${p.headings} ${p.text}`)) out.add(w);
  }
  return out;
}

/**
 * How well the passages support an answer: 0.7 × the best share of the question's terms one
 * sentence holds (its document name's words included: a sentence about "it" still belongs to
 * its article) + 0.3 × the best-ranked passage's similarity to the question, when known.
 */
export function evidence(
  candidates: HeldTerms[],
  questionTerms: Map<string, number>,
  rarity: Map<string, number>,
  passages: Passage[],
): number {
  let coverage = 0;
  for (const c of candidates) {
    coverage = Math.max(coverage, lexicalCoverage(c.held, questionTerms, rarity));
  }
  const similarity = passages[0]?.similarity;
  return similarity === undefined ? coverage : 0.7 * coverage + 0.3 * Math.max(0, similarity);
}

/**
 * The question's words as the evidence floor weighs them. A value it supplies in code that the
 * collection lacks ("FROM payments", "10.0.0.0/8") no passage could hold: it would count at the
 * highest rarity against every sentence. One the collection holds ("DTIME(n)"'s "n") is evidence
 * like any word. A word of the situation told around the asking sentence weighs half ("We want to
 * ATTACH about 200 shard files… Can we just bump SQLITE_MAX_ATTACHED?"): a person's own telling is
 * no manual's wording.
 */
export function evidenceWeights(
  question: QuestionAnalysis,
  /** Stems of the words no chunk of the collection holds. */
  absent: ReadonlySet<string>,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const [term, weight] of question.terms) {
    if (question.supplied.has(term) && absent.has(term)) continue;
    out.set(term, question.situation.has(term) ? weight * SITUATION_WEIGHT : weight);
  }
  return out;
}

const SITUATION_WEIGHT = 0.5;

/**
 * BM25's idf per stem from collection-wide chunk counts; a stem written several ways in the
 * question takes its most common form's count. A word no chunk holds gets the highest idf.
 */
export function collectionRarity({ chunks, byWord }: CollectionTermCounts): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [word, count] of byWord) {
    const stem = stemTerm(word);
    counts.set(stem, Math.max(count, counts.get(stem) ?? 0));
  }
  const idf = new Map<string, number>();
  for (const [stem, count] of counts) {
    const holding = Math.min(count, chunks);
    idf.set(stem, Math.log(1 + (chunks - holding + 0.5) / (holding + 0.5)));
  }
  return idf;
}

export function lexicalCoverage(
  terms: Set<string>,
  question: Map<string, number>,
  idf: Map<string, number>,
): number {
  let total = 0;
  let hit = 0;
  // Terms absent from every candidate still count in the denominator, at the highest idf.
  const unseen = highestIdf(idf);
  for (const [term, weight] of question) {
    const w = weight * (idf.get(term) ?? unseen);
    total += w;
    if (terms.has(term)) hit += w;
  }
  return total === 0 ? 0 : hit / total;
}

const HIGHEST_IDF = new WeakMap<Map<string, number>, number>();

/** The map's highest idf (at least 1), once per map: it is asked for every candidate. */
function highestIdf(idf: Map<string, number>): number {
  let highest = HIGHEST_IDF.get(idf);
  if (highest === undefined) {
    highest = Math.max(1, ...idf.values());
    HIGHEST_IDF.set(idf, highest);
  }
  return highest;
}

/**
 * Stems of a document name and section titles, with the parts of glued codes as well: a file
 * named "rfc793-tcp.pdf" is about "RFC 793".
 */
export function contextTerms(text: string): string[] {
  return contentWords(text).flatMap((word) => {
    const parts = word.match(/\p{L}+|\p{N}+/gu) ?? [];
    return [word, ...(parts.length > 1 ? parts : [])].map(stemTerm);
  });
}

export function union(...sets: Array<ReadonlySet<string>>): Set<string> {
  const out = new Set<string>();
  for (const set of sets) for (const t of set) out.add(t);
  return out;
}

/**
 * Whether a table's cell answers the question as a person reads the table: its column is what
 * is asked for — the column's name says a word of the question ("Owner" for "who owns",
 * "Renewal date" for "when does it renew"), or, when no column of its row does, the question
 * names no kind of thing the column should be ("when does the alert fire?" of a "Threshold";
 * "which Slack channel…" is not answered from an "Office") — and its row is the thing asked
 * about: the question names the row's key, or names the cell's value and so asks for the key
 * ("which service listens on port 7301?"). "High — First reply: 4 hours" does not say the
 * target of low-priority tickets.
 */
function cellAnswers(
  cell: TableCell,
  question: QuestionAnalysis,
  /** The other cells of its row. */
  row: TableCell[],
): boolean {
  const asked = [...question.terms.keys()];
  const says = (text: string) => {
    const terms = contextTerms(text);
    return terms.some((t) => asked.some((q) => sameWord(t, q)));
  };
  const column =
    says(cell.column) || (question.focus.length === 0 && !row.some((c) => says(c.column)));
  const named = says(cell.key) || says(cell.value) || initialsOf(cell.key, asked);
  return column && named;
}

/**
 * One word in two forms: the same stem, another form of a long one ("europe" / "european"), or
 * a short stem that begins the other ("own" / "owner", "renew" / "renewal").
 */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return (short.length >= 3 && !/\d/.test(short) && long.startsWith(short)) || sharesStem(a, b);
}

/** "UK" for "United Kingdom": a question word made of the initials of a key of two or more words. */
function initialsOf(key: string, asked: string[]): boolean {
  const parts = contentWords(key);
  if (parts.length < 2) return false;
  const initials = parts.map((p) => p[0]).join('');
  return asked.includes(initials);
}

/** Auxiliary and framing verbs: they ask, they do not say which action is meant. */
const NOT_ACTIONS = new Set(
  ['be', 'is', 'are', 'was', 'were', 'do', 'does', 'did', 'have', 'has', 'had', 'can', 'could'].map(
    stemTerm,
  ),
);

/**
 * The stems of the actions a question asks about: its verbs, not auxiliaries, copulas or
 * framing words ("approves" in "who approves discounts above 15 percent?").
 */
function askedActions(question: QuestionAnalysis): string[] {
  const out: string[] = [];
  for (const word of question.tagged) {
    if (!word.tags.has('Verb') || word.tags.has('Copula') || word.tags.has('Auxiliary')) continue;
    if (word.tags.has('Modal') || word.tags.has('Gerund')) continue;
    for (const w of contentWords(word.text)) {
      const stem = stemTerm(w);
      if (!NOT_ACTIONS.has(stem) && !FRAMING_WORDS.has(stem) && !question.names.has(stem)) {
        out.push(stem);
      }
    }
  }
  return out;
}

/** Whether the question asks "who": its first word, or a lower-case one ("Doctor Who" is a name). */
function asksWho(question: QuestionAnalysis): boolean {
  return question.tagged.some(
    (w, i) => /^(?:who|whom|whose)$/.test(w.normal) && (i === 0 || w.text === w.normal),
  );
}

/**
 * Whether a candidate answers what the question asks as it asks it, checked for each candidate
 * of one ask (what the question asks is read once):
 * - a table's cell by its column and row (`cellAnswers`);
 * - a sentence for "who…" by its action: a sentence naming no one (no person or organisation
 *   beyond the question's) answers only when it states the action — "Annual billing gives a 15
 *   percent discount" names the discount, not who approves one. A sentence naming someone may
 *   say the action otherwise ("defeated" for "won").
 */
export function askedAnswerCheck(
  question: QuestionAnalysis,
  /** The candidates of the ask: the cells of a cell's row are among them. */
  candidates: AskedCandidate[] = [],
): (candidate: AskedCandidate) => boolean {
  const actions = asksWho(question) ? askedActions(question) : [];
  const stems = new Set(question.terms.keys());
  const wording = question.tagged.map((w) => w.normal).join(' ');
  // "What is the name of our data protection officer?" is answered by a name, not by a
  // sentence that names only the role; "how long does the review take?" by an amount.
  const wantsName = ASKS_NAME.test(wording);
  const wantsAmount = !asksYesOrNo(wording) && ASKS_AMOUNT.test(wording);
  // A name is a proper name or one written as an identifier ("docent.yaml", "gc.auto").
  const givesWanted = (text: string) =>
    (!wantsName ||
      sentenceMatchesCues(text, [{ kind: 'person' }, { kind: 'identifier' }], stems) ||
      WRITTEN_NAME.test(text)) &&
    (!wantsAmount || sentenceMatchesCues(text, [{ kind: 'quantity' }], stems));
  // The cells of each row of a table, grouped once: passage, block (the row) and key.
  const rows = new Map<string, TableCell[]>();
  const rowOf = (c: Pick<AskedCandidate, 'passageIndex' | 'unit'>, cell: TableCell) =>
    `${c.passageIndex}\u0000${c.unit.block}\u0000${cell.key}`;
  for (const { unit, passageIndex } of candidates) {
    if (!unit.cell) continue;
    const key = rowOf({ passageIndex, unit }, unit.cell);
    rows.set(key, [...(rows.get(key) ?? []), unit.cell]);
  }
  return (candidate) => {
    const cell = candidate.unit.cell;
    if (cell) {
      const row = (rows.get(rowOf(candidate, cell)) ?? []).filter((c) => c !== cell);
      // The value alone: the row's key is what the question names.
      return givesWanted(`: ${cell.value}`) && cellAnswers(cell, question, row);
    }
    if (!givesWanted(candidate.text)) return false;
    if (candidate.cue > 0 || actions.length === 0) return true;
    return actions.some((a) => [...candidate.held].some((t) => sameWord(t, a)));
  };
}

/** A lower-case name written with a dot or an underscore: a file, a setting, an event. */
const WRITTEN_NAME = /\b[a-z][\w-]*[._][\w-]{2,}/;
/** A dot-file's name (".gitignore", ".env"). */
const DOT_FILE = /(?:^|[\s"'`(])\.[a-z][\w-]+/;

/** Whether a text writes a name as code does: a setting, a file or a dot-file ("pack.window"). */
export function writesCodeName(text: string): boolean {
  return WRITTEN_NAME.test(text) || DOT_FILE.test(text);
}

/** "What is the name of…", "what are the names of…": a name is asked for. */
const ASKS_NAME =
  /\bwhat(?: is| was| are| were|'s)? (?:the |their |its |his |her |our |your )?(?:full )?names? of\b/;
/**
 * "How many…", "how much…", "how long…": an amount is asked for, which a sentence states. Not by
 * a question asking yes or no (`asksYesOrNo`: "Does mod_cache_disk cap how much space the cache
 * uses?").
 */
const ASKS_AMOUNT = /^(?:\S+ ){0,3}how (?:many|much|long)\b/;

/** What `askedAnswerCheck` reads of a candidate answer. */
export interface AskedCandidate {
  text: string;
  unit: { block: number; cell?: TableCell };
  passageIndex: number;
  held: Set<string>;
  /** Whether it holds the kind of thing the question asks for. */
  cue: number;
}
