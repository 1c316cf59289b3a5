import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SciFactDoc {
  id: string;
  title: string;
  text: string;
}

export interface SciFactQuery {
  id: string;
  text: string;
  /** Relevant document ids. */
  relevant: Set<string>;
}

export function loadSciFact(dir: string): { docs: SciFactDoc[]; queries: SciFactQuery[] } {
  const lines = (file: string) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((l) => l.trim().length > 0);
  const docs = lines('corpus.jsonl').map((l) => {
    const d = JSON.parse(l) as { _id: string; title: string; text: string };
    return { id: d._id, title: d.title, text: d.text };
  });
  const relevant = new Map<string, Set<string>>();
  for (const line of lines('qrels-dev.tsv').slice(1)) {
    const [query, doc, score] = line.split('\t');
    if (Number(score) > 0) {
      if (!relevant.has(query!)) relevant.set(query!, new Set());
      relevant.get(query!)!.add(doc!);
    }
  }
  const queries = lines('queries-dev.jsonl').map((l) => {
    const q = JSON.parse(l) as { _id: string; text: string };
    return { id: q._id, text: q.text, relevant: relevant.get(q._id) ?? new Set<string>() };
  });
  return { docs, queries: queries.filter((q) => q.relevant.size > 0) };
}
