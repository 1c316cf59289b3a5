import type { ChatMessage, ChatPrompt, ScriptedReply } from './fake-chat-types';

const STOPWORDS = new Set(
  (
    'a an and are as at be by can do does did for from how i in is it its of on or our the this to ' +
    'was we what when where which who whom why will with you your default'
  ).split(' '),
);

/** The prompt as a script reads it. */
export function chatPrompt(model: string, messages: ChatMessage[]): ChatPrompt {
  const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const question = /(?:^|\n)Question:\s*([^\n]+)/.exec(lastUser)?.[1]?.trim() ?? lastUser.trim();
  return { messages, lastUser, question, model };
}

/** The numbered passages of the last user message: blocks that start with `[n]` on a line. */
export function promptPassages(prompt: ChatPrompt): Map<number, string> {
  const passages = new Map<number, string>();
  const context = prompt.lastUser.split(/\n\s*Question:/)[0] ?? '';
  const blocks = context.split(/\n(?=\[\d+\])/);
  for (const block of blocks) {
    const match = /^\[(\d+)\]/.exec(block.trimStart());
    if (match) passages.set(Number(match[1]), block);
  }
  return passages;
}

/** The script's reply to the prompt, its `{{cite:…}}` resolved against the prompt's passages. */
export function scriptedReply(
  prompt: ChatPrompt,
  replies: readonly ScriptedReply[],
  fallback: string | ((prompt: ChatPrompt) => string) | undefined,
): string {
  const script = replies.find((r) =>
    typeof r.question === 'string'
      ? prompt.question.toLowerCase().includes(r.question.toLowerCase())
      : r.question.test(prompt.question),
  );
  const reply = script?.reply ?? fallback ?? readingReply;
  const text = typeof reply === 'string' ? reply : reply(prompt);
  const passages = promptPassages(prompt);
  return text.replace(/\{\{cite:([^}]+)\}\}/g, (_whole, words: string) => {
    const wanted = words.trim().toLowerCase();
    for (const [n, block] of passages) if (block.toLowerCase().includes(wanted)) return `[${n}]`;
    throw new Error(`scripted citation: no passage of the prompt holds "${words}"`);
  });
}

/**
 * The reply of a model that reads: the sentence of the passages holding most of the question's
 * words, cited by its passage number; `NOT_FOUND` when no sentence holds half of them.
 */
export function readingReply(prompt: ChatPrompt): string {
  const wanted = contentWords(prompt.question);
  let best: { sentence: string; n: number; held: number } | null = null;
  for (const [n, block] of promptPassages(prompt)) {
    const body = block.split('\n').slice(1).join('\n');
    for (const sentence of body.split(/(?<=[.!?])\s+|\n+/)) {
      const words = new Set(contentWords(sentence));
      const held = wanted.filter((w) => words.has(w)).length;
      if (held > (best?.held ?? 0)) best = { sentence: sentence.trim(), n, held };
    }
  }
  if (!best || best.held * 2 < wanted.length) return 'NOT_FOUND';
  return `${best.sentence.replace(/[.!?]$/, '')} [${best.n}].`;
}

function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? []).filter(
    (w) => !STOPWORDS.has(w),
  );
}

/**
 * The reply cut as a model streams it: a word with the space before it, and `[`, the number
 * and `]` of a citation as pieces of their own (as BPE tokenizers cut them).
 */
export function replyPieces(reply: string): string[] {
  return reply.match(/\s*(?:[[\]]|[^\s[\]]+)|\s+$/g) ?? [];
}

/** A deterministic stand-in for token counts: about four characters a token. */
export function fakeTokenCount(text: string): number {
  return Math.ceil(text.length / 4);
}
