import type { SquadData } from '../datasets/squad';

export interface FollowUpPair {
  /** The previous turn: a question of the same paragraph and its gold answer. */
  previous: string;
  previousAnswer: string;
  /** The question as written in SQuAD. */
  full: string;
  /** The same question with its subject replaced by a pronoun. */
  followUp: string;
  answers: string[];
}

/**
 * Follow-ups made from SQuAD: within a paragraph, the second question becomes a follow-up of the
 * first when it names the article's subject (its title, or the longest capitalised phrase it
 * shares with the first question); that name is replaced by "it" ("its" for a possessive).
 */
export function buildFollowUps(squad: SquadData, limit?: number): FollowUpPair[] {
  const pairs: FollowUpPair[] = [];
  const byParagraph = new Map<string, typeof squad.questions>();
  for (const q of squad.questions) {
    const key = `${q.article}#${q.paragraph}`;
    if (!byParagraph.has(key)) byParagraph.set(key, []);
    byParagraph.get(key)!.push(q);
  }
  for (const questions of byParagraph.values()) {
    for (let i = 1; i < questions.length; i++) {
      const previous = questions[i - 1]!;
      const current = questions[i]!;
      const subject = sharedSubject(current.question, previous.question, current.article);
      if (!subject) continue;
      const followUp = current.question
        .replace(new RegExp(`\\b(the )?${escape(subject)}'s\\b`, 'i'), 'its')
        .replace(new RegExp(`\\b(the )?${escape(subject)}\\b`, 'i'), 'it');
      if (followUp === current.question) continue;
      pairs.push({
        previous: previous.question,
        previousAnswer: previous.answers[0] ?? '',
        full: current.question,
        followUp,
        answers: current.answers,
      });
      break;
    }
  }
  if (!limit || limit >= pairs.length) return pairs;
  const step = pairs.length / limit;
  return Array.from({ length: limit }, (_, i) => pairs[Math.floor(i * step)]!);
}

function sharedSubject(question: string, previous: string, article: string): string | null {
  if (question.toLowerCase().includes(article.toLowerCase())) return article;
  const phrases = question.match(/\b[A-Z][\p{L}\d]+(?: [A-Z][\p{L}\d]+)*/gu) ?? [];
  const shared = phrases
    .filter((p, i) => i > 0 || !question.startsWith(p)) // not the capitalised first word
    .filter((p) => previous.includes(p))
    .sort((a, b) => b.length - a.length);
  return shared[0] ?? null;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
