import type { AskResult, AskService } from '@docent/retrieval';
import type { Runtime } from '@docent/runtime';
import type { SciFactQuery } from '../datasets/scifact';
import { mean, mrrAt, ndcgAt, recallAt } from '../metrics/ranking-metrics';

/** doc_name → SciFact id (the page id the document came from). */
export async function documentSourceIds(
  runtime: Runtime,
  accountId: string,
  collection: string,
): Promise<Map<string, string>> {
  const { collection: c } = await runtime.resolver.collection(accountId, 'bench', collection);
  const names = new Map<string, string>();
  let after: string | undefined;
  do {
    const page = await runtime.store.catalog.listDocuments(c.id, { after, limit: 1000 });
    for (const d of page.items) names.set(d.name, d.sourceId);
    after = page.nextAfter ?? undefined;
  } while (after);
  return names;
}

export async function scoreSciFact(
  ask: AskService,
  accountId: string,
  queries: SciFactQuery[],
  sourceIds: Map<string, string>,
): Promise<{ ndcg: number; recall: number; mrr: number; queries: number }> {
  const nd: number[] = [];
  const rc: number[] = [];
  const mr: number[] = [];
  for (const q of queries) {
    const result: AskResult = await ask.ask(accountId, {
      namespaceName: 'bench',
      collectionName: 'scifact',
      question: q.text,
      topK: 10,
    });
    const ranked = [...new Set(result.refs.map((r) => sourceIds.get(r.docName) ?? r.docName))];
    nd.push(ndcgAt(ranked, q.relevant, 10));
    rc.push(recallAt(ranked, q.relevant, 10));
    mr.push(mrrAt(ranked, q.relevant, 10));
  }
  return { ndcg: mean(nd), recall: mean(rc), mrr: mean(mr), queries: queries.length };
}
