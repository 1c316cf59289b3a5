/** A marker that appears in the answer for the first time: `[marker]` cites this passage. */
export interface NewCitation {
  marker: number;
  passageId: string;
}

export interface MarkedText {
  text: string;
  citations: NewCitation[];
}

export interface CitationMarkerOptions {
  /** Keep the markers in the text (renumbered); false drops them all. Default true. */
  keep?: boolean;
  /** Passages the answer may cite; markers of further ones are dropped. Default: all. */
  maxCited?: number;
}

/** `[3]`, `[2, 5]`, `[1][4]` is two markers. */
const MARKER = /\[\s*\d{1,3}(?:\s*[,;]\s*\d{1,3})*\s*\]/g;
/** What may still become a marker when more text arrives. */
const OPEN_MARKER = /\[[\d\s,;]{0,24}$/;

/**
 * Rewrites the citation markers of a model's answer as it streams: the model numbers passages
 * as the prompt did, the reader gets `[n]` = the n-th passage the answer cites (so `[n]` is
 * `refs[n-1]`). A marker naming no passage of the prompt (or past `maxCited`) is dropped with
 * the space before it. Text is held back only while it may be part of a marker (an open `[`,
 * trailing spaces), so the output is the same however the input is cut.
 */
export class CitationMarkers {
  private pending = '';
  private started = false;
  private readonly order: string[] = [];
  private readonly keep: boolean;
  private readonly maxCited: number;

  /** `passageIds[n - 1]` is the passage the prompt numbered `n`. */
  constructor(
    private readonly passageIds: readonly string[],
    options: CitationMarkerOptions = {},
  ) {
    this.keep = options.keep ?? true;
    this.maxCited = options.maxCited ?? Number.POSITIVE_INFINITY;
  }

  /** The passages cited, in the order of their markers (`cited[n - 1]` is `[n]`'s). */
  get cited(): readonly string[] {
    return this.order;
  }

  push(text: string): MarkedText {
    this.pending += text;
    const held =
      OPEN_MARKER.exec(this.pending)?.index ??
      /\s*$/.exec(this.pending)?.index ??
      this.pending.length;
    // Trailing spaces go with a marker that may follow them.
    const cut = /\s*$/.exec(this.pending.slice(0, held))!.index;
    const ready = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    return this.rewrite(ready);
  }

  /** The rest, once the answer is complete (trailing spaces dropped). */
  end(): MarkedText {
    const rest = this.pending.trimEnd();
    this.pending = '';
    return this.rewrite(rest);
  }

  private rewrite(text: string): MarkedText {
    const citations: NewCitation[] = [];
    let out = '';
    let last = 0;
    for (const match of text.matchAll(MARKER)) {
      const replacement = this.replace(match[0], citations);
      let before = text.slice(last, match.index);
      if (replacement === '') before = before.replace(/[ \t]+$/, '');
      out += before + replacement;
      last = match.index + match[0].length;
    }
    out += text.slice(last);
    if (!this.started) {
      out = out.trimStart();
      if (out !== '') this.started = true;
    }
    return { text: out, citations };
  }

  private replace(marker: string, citations: NewCitation[]): string {
    const kept: number[] = [];
    for (const number of marker.match(/\d+/g) ?? []) {
      const id = this.passageIds[Number(number) - 1];
      if (id === undefined) continue;
      let index = this.order.indexOf(id);
      if (index < 0) {
        if (this.order.length >= this.maxCited) continue;
        index = this.order.push(id) - 1;
        citations.push({ marker: index + 1, passageId: id });
      }
      if (!kept.includes(index + 1)) kept.push(index + 1);
    }
    return this.keep ? kept.map((n) => `[${n}]`).join('') : '';
  }
}
