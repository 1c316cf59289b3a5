/**
 * A function's parameters, as its documented signature writes them. Asked "What does
 * ignore_errors do in shutil.rmtree()?", the sentence writing `ignore_errors` answers ("If
 * ignore_errors is true, errors resulting from failed removals will be ignored…"), not the one
 * sharing more of the function's words ("Raises an auditing event shutil.rmtree with arguments
 * path, dir_fd."): every sentence under the signature is about the function.
 */

/** The name of a function, a method or a module's function as code writes it: "shutil.rmtree". */
export const CALLABLE_NAME = String.raw`[\p{L}_][\p{L}\p{N}_.]*`;
/** A call or a signature: a name and its parenthesised list ("rmtree(path, ignore_errors=False)"). */
const SIGNATURE = new RegExp(String.raw`(${CALLABLE_NAME})\(([^()]*)\)`, 'gu');
/** One parameter of the list, with its default and its star: "*args", "ignore_errors=False". */
const PARAMETER = /^\**([\p{L}_][\p{L}\p{N}_]*)(?:\s*=.*)?$/su;
/** An identifier as code writes it. */
const IDENTIFIER = /[\p{L}_][\p{L}\p{N}_]*/gu;

/**
 * The parameters the signatures of a text write: "shutil.rmtree(path, ignore_errors=False,
 * onerror=None, *, dir_fd=None)" → path, ignore_errors, onerror, dir_fd. Optional ones in
 * brackets count ("most_common([n])"); one letter does not, prose writes it otherwise ("a").
 */
export function signatureParameters(text: string): Set<string> {
  const out = new Set<string>();
  for (const match of text.matchAll(SIGNATURE)) {
    for (const part of match[2]!.replace(/[[\]]/g, ' ').split(',')) {
      const parameter = PARAMETER.exec(part.trim())?.[1];
      if (parameter !== undefined && parameter.length > 1) out.add(parameter);
    }
  }
  return out;
}

/**
 * The question's words that are parameters, as written: "What does the typed argument of
 * lru_cache do?" → typed; "What does subprocess.run(check=True) raise…" → check.
 */
export function askedParameters(question: string, parameters: ReadonlySet<string>): string[] {
  return [...new Set(question.match(IDENTIFIER) ?? [])].filter((w) => parameters.has(w));
}

/**
 * Whether a sentence's prose writes one of the parameters, case and all — not as a signature
 * lists it ("subprocess.run(args, *, stdin=None, …)" lists every one and says what none does).
 */
export function writesParameter(text: string, parameters: readonly string[]): boolean {
  const prose = text.replace(SIGNATURE, '$1');
  return (prose.match(IDENTIFIER) ?? []).some((w) => parameters.includes(w));
}
