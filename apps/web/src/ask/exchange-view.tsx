import { useEffect, useRef, useState, type Ref } from 'react';
import type { Reference } from '../api/wire-types';
import { SourceLink, webUrl } from '../components/source-link';
import { highlightRuns, shortAnswerRuns, shortenedRuns, type TextRun } from './answer-text';
import type { Exchange } from './conversation';

interface ExchangeViewProps {
  exchange: Exchange;
  index: number;
  ref?: Ref<HTMLElement>;
}

/**
 * A question and its answer. A found answer is a sentence of a page, shown as a quote from that
 * page (never in Docent's own voice: page text can be written by anyone who can edit the
 * source), with its short answer in bold; then the passage it quotes, the sentence highlighted,
 * and the other passages retrieved, folded away. "Not found" comes with no passages.
 */
export function ExchangeView({ exchange, index, ref }: ExchangeViewProps) {
  const id = `exchange-${index}`;
  const [cited, ...others] = exchange.refs;
  return (
    <article ref={ref} className="exchange" aria-labelledby={`${id}-q`} data-testid="exchange">
      <h3 id={`${id}-q`} className="question">
        <span className="visually-hidden">Question: </span>
        {exchange.question}
      </h3>
      {!exchange.found ? (
        <NotFound exchange={exchange} />
      ) : cited?.highlight ? (
        <figure className="answer quoted">
          <figcaption className="attribution">
            Quoted from <DocumentName reference={cited} />
          </figcaption>
          <blockquote cite={webUrl(cited.url) ?? undefined} data-testid="answer">
            <Runs runs={shortAnswerRuns(exchange.answer, exchange.shortAnswer)} as="strong" />
          </blockquote>
        </figure>
      ) : (
        // An answerer that writes its own text (DOCENT_ANSWERER=openai) quotes no sentence:
        // its words are the model's, and the page says so rather than passing them off as a quote.
        <div className="answer written">
          <p className="attribution">
            Written by the answering model from the passages below; check them before relying on it.
          </p>
          <p data-testid="answer">
            <Runs runs={shortAnswerRuns(exchange.answer, exchange.shortAnswer)} as="strong" />
          </p>
        </div>
      )}
      {cited ? <CitedPassage reference={cited} /> : null}
      {others.length > 0 ? (
        <details className="other-passages" data-testid="other-passages">
          <summary>Other passages ({others.length})</summary>
          <ol className="refs" data-testid="refs">
            {others.map((ref, i) => (
              <li key={`${ref.doc_name}-${ref.page_num}-${i}`}>
                <p className="ref-title">
                  <DocumentName reference={ref} />
                </p>
                <blockquote className="excerpt">{ref.sample_text}</blockquote>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </article>
  );
}

function NotFound({ exchange }: { exchange: Exchange }) {
  return (
    <div className="not-found" data-testid="not-found">
      <p>
        <strong>Not found.</strong> Nothing in <strong>{exchange.collection}</strong>
        {exchange.docName ? (
          <>
            {' '}
            (document <bdi>{exchange.docName}</bdi>)
          </>
        ) : null}{' '}
        answers this question, so Docent does not guess.
      </p>
      <p className="muted">
        Try the words the pages would use (the name of the tool, setting or team), ask about one
        thing at a time, or check that this is the collection
        {exchange.docName ? ' and document' : ''} that should know.
      </p>
    </div>
  );
}

/** The passage the answer quotes, its sentence highlighted; a long one shortened around it. */
function CitedPassage({ reference }: { reference: Reference }) {
  const [whole, setWhole] = useState(false);
  const toggled = useRef(false);
  const markRef = useRef<HTMLElement>(null);
  const shortened = shortenedRuns(reference.sample_text, reference.highlight);
  useEffect(() => {
    // Text now shows above and below the sentence: keep the sentence where the reader was.
    if (toggled.current) markRef.current?.scrollIntoView({ block: 'nearest' });
  }, [whole]);
  return (
    <section className="cited" aria-label="The passage quoted" data-testid="cited">
      <p className="ref-title">
        <span className="ref-kind">{reference.highlight ? 'In context' : 'Main source'}</span>{' '}
        <DocumentName reference={reference} />
      </p>
      <blockquote className="excerpt" data-testid="cited-excerpt">
        <Runs
          runs={
            shortened && !whole
              ? shortened
              : highlightRuns(reference.sample_text, reference.highlight)
          }
          as="mark"
          markRef={markRef}
        />
      </blockquote>
      {shortened ? (
        <button
          type="button"
          className="link"
          aria-expanded={whole}
          onClick={() => {
            toggled.current = true;
            setWhole((w) => !w);
          }}
        >
          {whole ? 'Show less of the passage' : 'Show the whole passage'}
        </button>
      ) : null}
    </section>
  );
}

/**
 * A document's name and page, linking to the page in its source when the source gives a link.
 * The name is isolated (`<bdi>`): a title with right-to-left override characters cannot reorder
 * the text around it.
 */
function DocumentName({ reference }: { reference: Reference }) {
  return (
    <>
      <SourceLink url={reference.url}>
        <bdi className="doc-name">{reference.doc_name}</bdi>
      </SourceLink>
      <span className="muted">, page {reference.page_num}</span>
    </>
  );
}

/** Text runs as text nodes (never HTML), the marked ones in `as` (the first one's element in `markRef`). */
function Runs({
  runs,
  as: Marked,
  markRef,
}: {
  runs: TextRun[];
  as: 'strong' | 'mark';
  markRef?: Ref<HTMLElement>;
}) {
  const first = runs.findIndex((run) => run.marked);
  return (
    <>
      {runs.map((run, i) =>
        run.marked ? (
          <Marked key={i} ref={i === first ? markRef : undefined}>
            {run.text}
          </Marked>
        ) : (
          run.text
        ),
      )}
    </>
  );
}
