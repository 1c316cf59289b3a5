/** What the model is told to reply when the passages do not hold the answer. */
export const NOT_FOUND_TOKEN = 'NOT_FOUND';

const NOT_FOUND_REPLY = /^\W*not[\s_-]*found\b/i;
const PREFIXES = ['not_found', 'not found', 'not-found'];

/**
 * Decides, from the start of a streamed reply, whether it is the "not found" token (`NOT_FOUND`,
 * or "Not found." as small models write it): text is held back until its first non-space
 * characters can no longer become one.
 */
export class NotFoundGate {
  private held = '';
  private state: 'undecided' | 'answer' | 'not-found' = 'undecided';

  /** The text that is certainly answer text, to pass on now. */
  push(text: string): string {
    if (this.state === 'answer') return text;
    this.held += text;
    if (this.state === 'not-found') return '';
    const head = this.held.replace(/^[\s*"'`]+/, '').toLowerCase();
    if (PREFIXES.some((prefix) => prefix.startsWith(head))) return '';
    if (/^not[\s_-]*found(?!\w)/.test(head)) {
      this.state = 'not-found';
      return '';
    }
    this.state = 'answer';
    const out = this.held;
    this.held = '';
    return out;
  }

  /** At the end of the reply: the held text, or null when the reply is "not found". */
  end(fullReply: string): string | null {
    if (isNotFoundReply(fullReply)) return null;
    const out = this.held;
    this.held = '';
    return out;
  }
}

/** A reply that opens with the token, is empty, or states it alone at its end. */
export function isNotFoundReply(reply: string): boolean {
  const trimmed = reply.trim();
  return trimmed === '' || NOT_FOUND_REPLY.test(trimmed) || /\bNOT_FOUND\W*$/.test(trimmed);
}
