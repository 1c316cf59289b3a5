import { askedThing, shortAnswer, stemTerm, tagWords, type TaggedWord } from '@docent/answerers';
import { contentWords, words } from '@docent/text-segmentation';

export interface HistoryTurn {
  question: string;
  answer: string;
}

/** A follow-up made standalone: the question as retrieval and the answerer should read it. */
export interface StandaloneQuestion {
  text: string;
  /**
   * True when the thing a pronoun stood for was put in its place ("Which port does it use?" →
   * "Which port does Heron use?"): the question then names it as its own. False when the
   * previous question was put in front of the follow-up instead, or nothing was changed.
   */
  resolved: boolean;
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

/** Pronouns a name can stand in for, and whether they are possessive. */
const SUBSTITUTABLE: Record<string, 'plain' | 'possessive'> = {
  it: 'plain',
  they: 'plain',
  them: 'plain',
  he: 'plain',
  him: 'plain',
  she: 'plain',
  its: 'possessive',
  their: 'possessive',
  his: 'possessive',
};

/**
 * Makes a follow-up question standalone. When the previous exchange names one thing (the
 * answer's short answer when it is a name — "Heron" for "which tool…" — else the names of the
 * previous question), a pronoun of the follow-up becomes that thing, so retrieval and the answer
 * look for it alone; "and what about Heron?" re-asks the previous question about Heron. Else,
 * when the follow-up leans on the conversation (a pronoun, "what about…", too few words of its
 * own), the previous question is put in front of it.
 */
export function standaloneQuestion(question: string, history: HistoryTurn[]): StandaloneQuestion {
  const previous = history[history.length - 1];
  if (!previous || !isFollowUp(question)) return { text: question, resolved: false };
  const swapped = reaskAbout(question, previous.question);
  if (swapped) return { text: swapped, resolved: true };
  const subject = previousSubject(previous, pronounOf(question));
  const entity = subject && lowerDeterminer(subject);
  if (entity) {
    const substituted = substitutePronoun(question, entity);
    if (substituted) return { text: substituted, resolved: true };
  }
  return { text: `${previous.question.trim()} ${question.trim()}`, resolved: false };
}

export function isFollowUp(question: string): boolean {
  const all = words(question);
  if (all.some((w) => REFERRING.has(w))) return true;
  if (/^\s*(and|but|also|what about|how about|and what about)\b/i.test(question)) return true;
  return contentWords(question).length < 2;
}

/**
 * The thing the previous exchange was about. One that asked for a thing ("Which tool do we use
 * for canary releases?", "Which plan includes 100 GB?") made its answer the subject: the short
 * answer, when it is a name ("Which country…?" too), or the row a table answer reads from —
 * and one that asked "who" too, when the pronoun stands for a person ("they", "she"; never "it"). Otherwise it stays about what it asked about: its longest name
 * ("Which port does Skylark use?"), else its last noun phrase ("Who owns the billing service?").
 */
function previousSubject(turn: HistoryTurn, pronoun: string | undefined): string | undefined {
  const asked = askedThing(turn.question);
  const personal = pronoun !== undefined && !/^(?:it|its)$/.test(pronoun);
  const agent =
    asked?.shape === 'person' || (asked?.focus !== undefined && AGENT_FOCUS.has(asked.focus));
  const named =
    asked &&
    (agent
      ? personal
      : asked.shape === 'thing' || (asked.shape === 'place' && asked.focus !== undefined));
  // A table row's key, or the name the answer opens with ("Osprey is the metrics gateway…").
  const lead = named ? (rowKeyOf(turn.answer) ?? leadingName(turn.answer)) : undefined;
  if (lead) return lead;
  // "Which model is the Lisbon printer?" → "The Lisbon printer is a Brother…": the question's
  // own subject, not the model.
  const subject = COPULA_SUBJECT.exec(turn.question)?.[1];
  if (subject) return subject;
  if (asked && named) {
    // "Rooms in Lisbon are named after rivers; rooms in Leeds after hills." for "Which office
    // names its rooms after hills?": the name of the part that says what was asked.
    // Stems, as shortAnswer compares them: "orders" asked must not make "Orders" the answer.
    const stems = new Set(contentWords(turn.question).map(stemTerm));
    const chosen = nameOfAnsweringClause(turn.answer, stems);
    if (chosen) return chosen;
    const answered = shortAnswer(turn.question, turn.answer, { questionStems: stems });
    // A name or an identifier a pronoun can stand for; a number or a date is a value.
    const named = answered && /\p{L}/u.test(answered) && !/^[\d\s.,:%-]+$/.test(answered);
    if (named && answered.split(/\s+/).length <= 5) return answered;
  }
  const names = namesOf(turn.question).filter((name) => /\p{L}{2}/u.test(name) || /\d/.test(name));
  if (names.length > 0) {
    return names.reduce((longest, name) =>
      name.split(' ').length >= longest.split(' ').length ? name : longest,
    );
  }
  return lastNounPhrase(turn.question);
}

/**
 * When the answer names different things in different clauses (split at ";", ":", sentence ends
 * and ", while" / ", whereas" / ", but"), the name of the one clause that holds the most of the
 * previous question's words, when one holds strictly more than every other. Undefined when the
 * answer names one thing, or no clause stands out.
 */
function nameOfAnsweringClause(answer: string, asked: ReadonlySet<string>): string | undefined {
  const clauses = answer
    .split(/[;:]\s+|(?<=[.!?])\s+|,\s+(?:while|whereas|but)\s+/i)
    .map((clause) => ({ clause, names: namesOf(clause) }))
    .filter(({ names }) => names.length > 0);
  if (new Set(clauses.map(({ names }) => names.join(' '))).size < 2) return undefined;
  const scored = clauses
    .map(({ clause, names }) => ({ names, score: overlap(clause, names, asked) }))
    .sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  if (!best || best.score === 0 || (second && second.score === best.score)) return undefined;
  if (best.names.length !== 1) return undefined;
  return best.names[0];
}

/** How many of `stems` the text's content words hold, its `names` aside. */
function overlap(text: string, names: string[], stems: ReadonlySet<string>): number {
  const named = new Set(names.flatMap((n) => contentWords(n).map(stemTerm)));
  const held = new Set(contentWords(text).map(stemTerm));
  return [...stems].filter((s) => held.has(s) && !named.has(s)).length;
}

/** What a team, an owner or a person answers is an agent: "it" stays the thing asked about. */
const AGENT_FOCUS = new Set(['team', 'owner', 'group', 'department', 'squad', 'lead', 'manag']);

const COPULA_SUBJECT =
  /^\s*(?:which|what)\s+[\w-]+\s+(?:is|are|was|were)\s+((?:the|our|your|their)\s+[^?]+?)\s*\??\s*$/i;

/** Words that open a sentence without naming its subject. */
const NOT_A_NAME = new Set(
  'the our a an this that these those it its their we you they yes no in on at for from with by to if when while each every all some'.split(
    ' ',
  ),
);

/** "Kestrel is the feature flag service…" is about Kestrel: the name a sentence opens with. */
function leadingName(answer: string): string | undefined {
  const run: string[] = [];
  for (const token of answer.trim().split(/\s+/)) {
    const bare = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    const name = /^\p{Lu}/u.test(bare) || (run.length > 0 && /^\d/.test(bare));
    if (!name || (run.length === 0 && NOT_A_NAME.has(bare.toLowerCase()))) break;
    run.push(bare);
    if (bare !== token) break;
  }
  if (run.length === 0 || run.length > 4) return undefined;
  // "Rooms in Lisbon are…", "Dogs are welcome…": a plural common noun, not a name.
  if (run.length === 1 && tagWords(answer.trim())[0]?.tags.has('Plural')) return undefined;
  return run.join(' ');
}

/** "Our Lisbon office" reads "our Lisbon office" inside a question. */
function lowerDeterminer(phrase: string): string {
  return phrase.replace(/^(The|Our|Your|Their)\b/, (word) => word.toLowerCase());
}

/**
 * The row of a table answer: "Business — Minimum seats: 20" (or "Business, Minimum seats: 20")
 * is about Business, not about its column or value.
 */
function rowKeyOf(answer: string): string | undefined {
  const row = /^\s*([^\n,:—]{1,60}?)(?:\s+—\s+|,\s+)[^\n,:—]{1,60}:\s+\S/u.exec(answer);
  const key = row?.[1]?.trim();
  return key && key.split(/\s+/).length <= 5 ? key : undefined;
}

/** The first pronoun of the follow-up a name could replace, lower-cased. */
function pronounOf(question: string): string | undefined {
  return words(question).find((word) => SUBSTITUTABLE[word] !== undefined);
}

/**
 * The question's last noun phrase with its article ("the billing service" of "Who owns the
 * billing service?"), past its question word and the words right after it.
 */
function lastNounPhrase(question: string): string | undefined {
  const tagged = tagWords(question.replace(/[?!.]+\s*$/, ''));
  let end = tagged.length;
  while (end > 0 && !isNoun(tagged[end - 1]!)) end--;
  if (end === 0) return undefined;
  let start = end - 1;
  while (start > 0 && (isNoun(tagged[start - 1]!) || tagged[start - 1]!.tags.has('Adjective')))
    start--;
  if (start > 0 && tagged[start - 1]!.tags.has('Determiner')) start--;
  if (tagged.slice(0, start).every((w) => !w.tags.has('Verb'))) return undefined;
  const first = tagged[start]!;
  const last = tagged[end - 1]!;
  return question.slice(first.start, last.start + last.text.length);
}

function isNoun(word: TaggedWord): boolean {
  return (
    (word.tags.has('Noun') || word.tags.has('Acronym')) &&
    !word.tags.has('Pronoun') &&
    !word.tags.has('QuestionWord')
  );
}

/** Capitalised runs after the first word ("Heron", "Team Falcon", "Super Bowl 50"). */
function namesOf(text: string): string[] {
  const out: string[] = [];
  const tokens = text.replace(/[?!.]+$/, '').split(/\s+/);
  let run: string[] = [];
  const close = () => {
    if (run.length > 0) out.push(run.join(' '));
    run = [];
  };
  tokens.forEach((token, index) => {
    const bare = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    const named = index > 0 && (/^\p{Lu}/u.test(bare) || (run.length > 0 && /^\d+$/.test(bare)));
    if (named && bare.toLowerCase() !== 'i') run.push(bare);
    else close();
  });
  close();
  return out;
}

/** "Which port does it use?" + "Heron" → "Which port does Heron use?"; undefined when no pronoun fits. */
function substitutePronoun(question: string, entity: string): string | undefined {
  // "Who is our account manager there?": the place or organisation named before.
  if (/\bthere\s*\?\s*$/i.test(question) && !/\bthere\s+(?:is|are|was|were)\b/i.test(question)) {
    return question.replace(/\bthere(\s*\?\s*)$/i, `at ${entity}$1`);
  }
  let done = false;
  const out = question.replace(/\b[A-Za-z]+\b/g, (word) => {
    if (done) return word;
    const kind = SUBSTITUTABLE[word.toLowerCase()];
    if (!kind) return word;
    done = true;
    return kind === 'possessive' ? `${entity}'s` : entity;
  });
  return done ? out : undefined;
}

/**
 * "And Heron?" / "What about Heron?" after "Which port does Skylark listen on?": the previous
 * question about the new thing, when the previous question named one thing to swap.
 */
function reaskAbout(question: string, previousQuestion: string): string | undefined {
  const match =
    /^\s*(?:and|but|also)?\s*(?:what|how)\s+about\s+(.+?)\s*\??\s*$|^\s*and\s+(.+?)\s*\?\s*$/i.exec(
      question,
    );
  const subject = (match?.[1] ?? match?.[2])?.trim();
  if (!subject || contentWords(subject).length > 4) return undefined;
  const names = namesOf(previousQuestion);
  if (names.length !== 1) return undefined;
  return previousQuestion.replace(names[0]!, subject);
}
