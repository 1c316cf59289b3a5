/**
 * A configuration name: lower-case dotted or snake_case ("gc.auto", "remote.<name>.prune",
 * "effective_cache_size"), each part after the first opening with a letter, a placeholder or a
 * wildcard, or an upper-case snake_case one ("GIT_DIR"). Section numbers ("2.1"), versions
 * ("v2.0"), "Node.js" and "e.g." are none.
 */
const SETTING_NAME = String.raw`\p{Ll}[\p{L}\p{N}]*(?:[._][\p{L}<*][\p{L}\p{N}<>*-]*)+|\p{Lu}[\p{Lu}\p{N}]*(?:_[\p{Lu}\p{N}]+)+`;

/**
 * One way of writing a term ("-a", "--depth <depth>", "<pathspec>…", "gc.auto",
 * "effective_cache_size (integer)"): a command-line option, a placeholder, or a setting's name
 * (with its "=value" or "[…]" glued on), followed by at most two words (an argument, a type).
 */
const TERM_ALTERNATIVE = new RegExp(
  String.raw`^(?:--?[\p{L}\p{N}[<]\S*|<[^>\s]+>\S*|(?:${SETTING_NAME})(?:[=[(]\S*)?)(?:\s+\S+){0,2}$`,
  'u',
);

/**
 * A bold title naming an option or a setting rather than a section ("**-a, --all**",
 * "**gc.auto**", a title all in code): every comma-separated alternative is written as a term.
 * The paragraphs under such a title are its description. "2.1 Access control" is a section.
 */
export function isTermTitle(title: string, allCode: boolean): boolean {
  if (allCode) return true;
  return title.split(/,\s+/).every((alternative) => TERM_ALTERNATIVE.test(alternative.trim()));
}

/** The shape of a parsed HTML/XML node the code test reads (domhandler's nodes fit it). */
export interface MarkupNode {
  readonly type: string;
  readonly name?: string;
  readonly data?: string;
  readonly children?: readonly MarkupNode[];
}

/** Nodes that are all code (`<code>`, or bold around code only), whitespace between aside. */
export function isAllCode(nodes: readonly MarkupNode[]): boolean {
  const parts = nodes.filter((node) => !(node.type === 'text' && (node.data ?? '').trim() === ''));
  return (
    parts.length > 0 &&
    parts.every(
      (node) =>
        node.type === 'tag' &&
        (node.name === 'code' ||
          ((node.name === 'strong' || node.name === 'b') && isAllCode(node.children ?? []))),
    )
  );
}
