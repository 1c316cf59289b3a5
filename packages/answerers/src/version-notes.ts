/**
 * Version notes as manuals built with Sphinx write them: "Changed in version 3.5: If max_workers
 * is None…". A note says what changed then, not what holds now: a later note about the same thing
 * ("Changed in version 3.8: Default value of max_workers is changed to…") supersedes it.
 */
/**
 * A version note's label ("Changed in version 3.5: ", "New in version 3.6: ", "Deprecated since
 * version 3.12: "): its kind and its version.
 */
const VERSION_LABEL =
  /^\s*(?:(Changed|New) in version|Deprecated since version) (\d+(?:\.\d+)*)\s*:\s*/;

/** The version a "Changed in version …:" note opens with, as numbers; null for other text. */
export function changedInVersion(text: string): number[] | null {
  const match = VERSION_LABEL.exec(text);
  return match?.[1] === 'Changed' ? match[2]!.split('.').map(Number) : null;
}

/** The text of a version note after its label: the version is when, not what, it says. */
export function withoutVersionLabel(text: string): string {
  return text.replace(VERSION_LABEL, '');
}

/**
 * A version named as a point in time ("first introduced in Python 3.4", "since version 2.1", "as
 * of v1.2"): it dates what the sentence says, it is not the thing the sentence is about.
 */
const VERSION_AS_TIME =
  /\b(?:(?:introduced|added|new|available|deprecated|removed|changed)\s+in|since|as\s+of|prior\s+to|until)\s+(?:\p{L}+\s+)?v?\d+(?:\.\d+)+\b/giu;

/** The text without the versions it names as points in time. */
export function withoutVersionTimes(text: string): string {
  return text.replace(VERSION_AS_TIME, ' ');
}

/** Whether version `a` comes after `b`, part by part: 3.10 after 3.8, 3.8.1 after 3.8. */
export function isLaterVersion(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? -1;
    const y = b[i] ?? -1;
    if (x !== y) return x > y;
  }
  return false;
}

/** A sentence with its words, as stems. */
export interface WordedSentence {
  text: string;
  terms: ReadonlySet<string>;
}

/**
 * The latest of `others` that supersedes the note `note`: a "Changed in version …" note of a
 * later version saying one of the `subjects` words that `note` says — the same thing changed
 * again ("max_workers" in 3.5's note and 3.8's), not another ("the mode argument" in 3.7's note
 * after 3.4.1's about exist_ok). Undefined when `note` is no such note, or none supersedes it.
 */
export function supersedingNote<T extends WordedSentence>(
  note: T,
  others: readonly T[],
  subjects: readonly string[],
): T | undefined {
  let latest = changedInVersion(note.text);
  if (!latest) return undefined;
  const said = subjects.filter((w) => note.terms.has(w));
  let superseding: T | undefined;
  for (const other of others) {
    const version = changedInVersion(other.text);
    if (version && isLaterVersion(version, latest) && said.some((w) => other.terms.has(w))) {
      superseding = other;
      latest = version;
    }
  }
  return superseding;
}
