import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { listCollections } from '../api/list-collections';
import type { AskResponse, Reference } from '../api/wire-types';
import { CollectionPicker } from '../ask/collection-picker';
import {
  exchangeOf,
  recentHistory,
  streamingExchange,
  withDelta,
  type Exchange,
} from '../ask/conversation';
import { DocumentPicker } from '../ask/document-picker';
import { ExchangeView } from '../ask/exchange-view';
import { revealAbove } from '../ask/reveal';
import { isValidName } from '../components/names';
import { ProblemMessage } from '../components/problem-message';
import { useAction } from '../components/use-action';
import { useLoaded } from '../components/use-loaded';
import { hashParam } from '../routing/hash-query';
import { useSession } from '../session/session';
import {
  COLLECTION_KEY,
  DEFAULT_NAMESPACE,
  NAMESPACE_KEY,
  useStoredValue,
} from '../session/use-stored-value';
import { PageHeading } from './page-heading';

/**
 * Ask a collection, picked from the namespace's collections; follow-ups carry the conversation
 * so far as `history_messages`. The composer stays pinned under the conversation, so the latest
 * question and its answer are scrolled into view above it and never away.
 */
export function AskPage() {
  const { api } = useSession();
  const [namespace, setNamespace] = useStoredValue(NAMESPACE_KEY, DEFAULT_NAMESPACE);
  const [storedCollection, setStoredCollection] = useStoredValue(COLLECTION_KEY, '');
  useEffect(() => {
    // `#/ask?collection=…` (an ingestion's link): that collection, remembered as the last used.
    const linked = hashParam(window.location.hash, 'collection');
    if (linked) setStoredCollection(linked);
    if (window.location.hash.includes('?')) window.history.replaceState(null, '', '#/ask');
  }, [setStoredCollection]);
  const [docName, setDocName] = useState('');
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [topK, setTopK] = useState('');
  const [question, setQuestion] = useState('');
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  // The answer being streamed, until its `done` event makes it an exchange.
  const [live, setLive] = useState<Exchange | null>(null);
  // Fields are checked when the form is sent, not while it is being filled in: an empty box is
  // not an error until the user asks.
  const [submitted, setSubmitted] = useState(false);
  const action = useAction();
  const questionRef = useRef<HTMLTextAreaElement>(null);
  const composerRef = useRef<HTMLDivElement>(null);
  const latestRef = useRef<HTMLElement>(null);
  const id = useId();
  const namespaceValid = isValidName(namespace);
  const collections = useLoaded(
    namespaceValid ? () => listCollections(api, namespace) : null,
    namespace,
  );
  const listed = collections.data ?? [];
  // The collection last used when it is in this namespace, else the namespace's first.
  const picked = listed.find((c) => c.collection_name === storedCollection) ?? listed[0] ?? null;
  const collection = picked?.collection_name ?? '';
  const followingUp = exchanges.length > 0;

  const namespaceError =
    namespace === ''
      ? submitted
        ? 'Enter the namespace of the collection.'
        : null
      : namespaceValid
        ? null
        : 'A namespace is 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit.';
  const collectionError =
    submitted && namespaceValid && collections.data && !collection
      ? 'There is no collection to ask in this namespace yet.'
      : null;
  const questionError = submitted && !question.trim() ? 'Type a question first.' : null;

  useEffect(() => {
    // The page is usable from here on: a mark for the time-to-interactive figure (README).
    performance.mark('docent:ask-ready');
  }, []);

  useLayoutEffect(() => {
    // An answer arrived: bring it into view, and put the cursor in the follow-up box without
    // letting the browser scroll to the box (it is pinned in view; the answer would scroll away).
    if (exchanges.length === 0 || !latestRef.current) return;
    revealAbove(latestRef.current, composerRef.current);
    questionRef.current?.focus({ preventScroll: true });
  }, [exchanges.length]);

  const liveRef = useRef<HTMLElement>(null);
  const liveShown = live !== null;
  useLayoutEffect(() => {
    // The streamed answer's sources arrived: show where it is being written.
    if (liveShown && liveRef.current) revealAbove(liveRef.current, composerRef.current);
  }, [liveShown]);

  async function ask(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (action.pending) return; // Enter in the box while an answer is on its way
    setSubmitted(true);
    const asked = question.trim();
    // The first field to fix takes the focus; its message is shown now that the user asked.
    const invalid = [
      !namespaceValid && `${id}-namespace`,
      namespaceValid && collections.data && !collection && `${id}-collection`,
      !asked && `${id}-question`,
    ].find((field) => field);
    if (invalid) {
      document.getElementById(invalid)?.focus();
      return;
    }
    if (!collection) return; // the collections are still loading
    const only = docName.trim() || null;
    const k = Number.parseInt(topK, 10);
    const where = { collection, docName: only };
    const response = await action.run(() =>
      api.stream<AskResponse>(
        '/docs/ask',
        {
          namespace_name: namespace,
          collection_name: collection,
          question: asked,
          stream: true,
          ...(Number.isInteger(k) ? { top_k: k } : {}),
          ...(only ? { doc_name: only } : {}),
          ...(followingUp ? { history_messages: recentHistory(exchanges) } : {}),
        },
        (event, data) => {
          if (event === 'refs') {
            setLive(streamingExchange(asked, (data as { refs: Reference[] }).refs, where));
          } else if (event === 'delta') {
            setLive((current) =>
              current
                ? withDelta(
                    current,
                    data as { text: string; citations: Array<{ marker: number; ref: number }> },
                  )
                : current,
            );
          }
        },
      ),
    );
    setLive(null);
    if (!response) return;
    setExchanges((list) => [...list, exchangeOf(asked, response, where)]);
    setQuestion('');
    setSubmitted(false);
  }

  function startOver(): void {
    setExchanges([]);
    setQuestion('');
    setSubmitted(false);
    action.clear();
    questionRef.current?.focus();
  }

  return (
    <section className="ask">
      <PageHeading>Ask</PageHeading>
      <form noValidate onSubmit={(e) => void ask(e)}>
        <div className="grid">
          <div className="field">
            <label htmlFor={`${id}-namespace`}>Namespace</label>
            <input
              id={`${id}-namespace`}
              value={namespace}
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              aria-invalid={namespaceError ? true : undefined}
              aria-describedby={namespaceError ? `${id}-namespace-error` : undefined}
              onChange={(e) => setNamespace(e.target.value)}
            />
            {namespaceError ? (
              <small id={`${id}-namespace-error`} className="field-error">
                {namespaceError}
              </small>
            ) : null}
          </div>
          <CollectionPicker
            id={`${id}-collection`}
            namespace={namespace}
            collections={listed}
            unavailable={
              !namespaceValid
                ? 'Enter a namespace first'
                : collections.problem
                  ? 'Could not list the collections'
                  : !collections.data
                    ? 'Loading…'
                    : listed.length === 0
                      ? 'No collections yet'
                      : null
            }
            value={collection}
            onChange={(name) => {
              setStoredCollection(name);
              setDocName('');
            }}
            error={collectionError}
          />
        </div>
        <ProblemMessage problem={collections.problem} />
        {collections.data && collections.data.length === 0 ? (
          <p data-testid="empty-state">
            Nothing to ask in <strong>{namespace}</strong> yet: questions are answered from a
            collection, and a collection is made by the first ingestion into it.{' '}
            <a href="#/ingestions">Start an ingestion</a>.
          </p>
        ) : null}
        <details
          className="options"
          open={optionsOpen}
          onToggle={(e) => setOptionsOpen(e.currentTarget.open)}
        >
          <summary>
            Options
            {docName.trim() ? (
              <span className="muted">
                {' '}
                · only <bdi>{docName.trim()}</bdi>
              </span>
            ) : null}
          </summary>
          <div className="grid">
            {optionsOpen && collection ? (
              <DocumentPicker
                key={`${namespace}/${collection}`}
                id={`${id}-doc`}
                namespace={namespace}
                collection={collection}
                total={picked?.document_count ?? null}
                value={docName}
                onChange={setDocName}
              />
            ) : null}
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

        <p className="visually-hidden" role="status" data-testid="ask-status">
          {action.pending ? 'Asking…' : announcement(exchanges.at(-1))}
        </p>
        <div className="conversation">
          {exchanges.map((exchange, i) => (
            <ExchangeView
              key={i}
              ref={i === exchanges.length - 1 ? latestRef : undefined}
              exchange={exchange}
              index={i}
            />
          ))}
          {live ? <ExchangeView ref={liveRef} exchange={live} index={exchanges.length} /> : null}
        </div>

        <div className="composer" ref={composerRef}>
          <div className="field">
            <label htmlFor={`${id}-question`}>
              {followingUp ? 'Follow-up question' : 'Question'}
            </label>
            <textarea
              id={`${id}-question`}
              ref={questionRef}
              rows={followingUp ? 2 : 3}
              maxLength={4000}
              value={question}
              aria-invalid={questionError ? true : undefined}
              aria-describedby={questionError ? `${id}-question-error` : undefined}
              onChange={(e) => setQuestion(e.target.value)}
              onKeyDown={(e) => {
                // Enter asks, Shift+Enter adds a line, as in chat boxes.
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
            />
            {questionError ? (
              <small id={`${id}-question-error`} className="field-error">
                {questionError}
              </small>
            ) : null}
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
        </div>
      </form>
    </section>
  );
}

/** What a screen reader announces when an answer arrives: the answer and where it is from. */
function announcement(exchange: Exchange | undefined): string {
  if (!exchange) return '';
  if (!exchange.found) return `Not found in ${exchange.collection}.`;
  const source = exchange.refs[0];
  return source?.highlight
    ? `Quoted from ${source.doc_name}, page ${source.page_num}: ${exchange.answer}`
    : `Answer: ${exchange.answer}`;
}
