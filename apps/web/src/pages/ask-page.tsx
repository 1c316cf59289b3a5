import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { listCollections } from '../api/list-collections';
import type { AskResponse } from '../api/wire-types';
import { recentHistory, type Exchange } from '../ask/conversation';
import { ExchangeView } from '../ask/exchange-view';
import { NameField } from '../components/name-field';
import { isValidName } from '../components/names';
import { ProblemMessage } from '../components/problem-message';
import { useAction } from '../components/use-action';
import { useLoaded } from '../components/use-loaded';
import { useSession } from '../session/session';
import {
  COLLECTION_KEY,
  DEFAULT_NAMESPACE,
  NAMESPACE_KEY,
  useStoredValue,
} from '../session/use-stored-value';
import { PageHeading } from './page-heading';

/** Ask a collection; follow-ups carry the conversation so far as `history_messages`. */
export function AskPage() {
  const { api } = useSession();
  const [namespace, setNamespace] = useStoredValue(NAMESPACE_KEY, DEFAULT_NAMESPACE);
  const [collection, setCollection] = useStoredValue(COLLECTION_KEY, '');
  const [docName, setDocName] = useState('');
  const [topK, setTopK] = useState('');
  const [question, setQuestion] = useState('');
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const action = useAction();
  const questionRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const collections = useLoaded(
    isValidName(namespace) ? () => listCollections(api, namespace) : null,
    namespace,
  );
  const followingUp = exchanges.length > 0;

  useEffect(() => {
    // The page is usable from here on: a mark for the time-to-interactive figure (README).
    performance.mark('docent:ask-ready');
  }, []);

  useEffect(() => {
    // After an answer the next question is a follow-up: put the cursor there.
    if (exchanges.length > 0) questionRef.current?.focus();
  }, [exchanges.length]);

  async function ask(event: FormEvent): Promise<void> {
    event.preventDefault();
    const asked = question.trim();
    if (!asked) return;
    const k = Number.parseInt(topK, 10);
    const response = await action.run(() =>
      api.post<AskResponse>('/docs/ask', {
        namespace_name: namespace,
        collection_name: collection,
        question: asked,
        ...(Number.isInteger(k) ? { top_k: k } : {}),
        ...(docName.trim() ? { doc_name: docName.trim() } : {}),
        ...(followingUp ? { history_messages: recentHistory(exchanges) } : {}),
      }),
    );
    if (!response) return;
    setExchanges((list) => [
      ...list,
      { question: asked, answer: response.answer, refs: response.refs },
    ]);
    setQuestion('');
  }

  function startOver(): void {
    setExchanges([]);
    setQuestion('');
    action.clear();
    questionRef.current?.focus();
  }

  return (
    <section className="ask">
      <PageHeading>Ask</PageHeading>
      <form onSubmit={(e) => void ask(e)}>
        <div className="grid">
          <NameField label="Namespace" value={namespace} onChange={setNamespace} />
          <NameField
            label="Collection"
            value={collection}
            onChange={setCollection}
            list={`${id}-collections`}
          />
          <datalist id={`${id}-collections`}>
            {(collections.data ?? []).map((c) => (
              <option key={c.collection_name} value={c.collection_name} />
            ))}
          </datalist>
        </div>
        {collections.data && collections.data.length === 0 ? (
          <p data-testid="empty-state">
            Nothing to ask in <strong>{namespace}</strong> yet: questions are answered from a
            collection, and a collection is made by the first ingestion into it.{' '}
            <a href="#/ingestions">Start an ingestion</a>.
          </p>
        ) : null}
        <details className="options">
          <summary>Options</summary>
          <div className="grid">
            <div className="field">
              <label htmlFor={`${id}-doc`}>Only this document (optional)</label>
              <input
                id={`${id}-doc`}
                value={docName}
                onChange={(e) => setDocName(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-topk`}>References (1–50, default 5)</label>
              <input
                id={`${id}-topk`}
                type="number"
                min={1}
                max={50}
                inputMode="numeric"
                value={topK}
                onChange={(e) => setTopK(e.target.value)}
              />
            </div>
          </div>
        </details>

        <div className="conversation" aria-live="polite" aria-busy={action.pending}>
          {exchanges.map((exchange, i) => (
            <ExchangeView key={i} exchange={exchange} index={i} />
          ))}
        </div>

        <div className="field">
          <label htmlFor={`${id}-question`}>
            {followingUp ? 'Follow-up question' : 'Question'}
          </label>
          <textarea
            id={`${id}-question`}
            ref={questionRef}
            rows={3}
            required
            maxLength={4000}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            onKeyDown={(e) => {
              // Enter asks, Shift+Enter adds a line, as in chat boxes.
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
          />
        </div>
        <ProblemMessage problem={action.problem} />
        <div className="actions">
          <button type="submit" disabled={action.pending}>
            {action.pending ? 'Asking…' : followingUp ? 'Ask follow-up' : 'Ask'}
          </button>
          {followingUp ? (
            <button type="button" className="secondary" onClick={startOver}>
              New conversation
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
