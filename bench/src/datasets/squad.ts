import { readFileSync } from 'node:fs';

export interface SquadQuestion {
  id: string;
  question: string;
  answers: string[];
  /** Article title as the document name ("Super Bowl 50"). */
  article: string;
  paragraph: number;
}

export interface SquadArticle {
  title: string;
  paragraphs: string[];
}

export interface SquadData {
  articles: SquadArticle[];
  questions: SquadQuestion[];
}

interface SquadFile {
  data: Array<{
    title: string;
    paragraphs: Array<{
      context: string;
      qas: Array<{ id: string; question: string; answers: Array<{ text: string }> }>;
    }>;
  }>;
}

export function loadSquad(path: string): SquadData {
  const file = JSON.parse(readFileSync(path, 'utf8')) as SquadFile;
  const articles: SquadArticle[] = [];
  const questions: SquadQuestion[] = [];
  for (const article of file.data) {
    const title = article.title.replace(/_/g, ' ');
    articles.push({ title, paragraphs: article.paragraphs.map((p) => p.context) });
    article.paragraphs.forEach((p, paragraph) => {
      for (const qa of p.qas) {
        questions.push({
          id: qa.id,
          question: qa.question.trim(),
          answers: [...new Set(qa.answers.map((a) => a.text))],
          article: title,
          paragraph,
        });
      }
    });
  }
  return { articles, questions };
}
