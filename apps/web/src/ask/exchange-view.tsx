import { useEffect, useRef, useState, type Ref } from 'react';
import type { Reference } from '../api/wire-types';
import { SourceLink, webUrl } from '../components/source-link';
import {
  citationRuns,
  highlightRuns,
  shortAnswerRuns,
  shortenedRuns,
  type TextRun,
} from './answer-text';
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
  // A quoting answer's refs are final from the start (its first one carries the highlight).
  const quoted = !!cited?.highlight;
  return (
    <article
      ref={ref}
      className="exchange"
      aria-labelledby={`${id}-q`}
      aria-busy={exchange.streaming}
      data-testid={exchange.streaming ? 'exchange-streaming' : 'exchange'}
    >
      <h3 id={`${id}-q`} className="question">
        <span className="visually-hidden">Question: </span>
        {exchange.question}
      </h3>
      {!exchange.found ? (
        <NotFound exchange={exchange} />
      ) : !quoted ? (
        <WrittenAnswer exchange={exchange} id={id} />
      ) : (
        <figure className="answer quoted">
          <figcaption className="attribution">
            Quoted from <DocumentName reference={cited} />
          </figcaption>
          <blockquote cite={webUrl(cited.url) ?? undefined} data-testid="answer">
            <Runs runs={shortAnswerRuns(exchange.answer, exchange.shortAnswer)} as="strong" />
          </blockquote>
        </figure>
      )}
      {quoted && cited ? <CitedPassage reference={cited} /> : null}
      {quoted && others.length > 0 ? <OtherPassages refs={others} /> : null}
    </article>
  );
}

/**
 * An answer the model wrote (DOCENT_ANSWERER=openai), in its words, so marked as not a quote;
 * each `[n]` links to its source, listed under it; the passages it did not cite are folded.
 * While it streams, the text grows and sources join the list as their markers appear.
 */
function WrittenAnswer({ exchange, id }: { exchange: Exchange; id: string }) {
  const sources = [...exchange.markers.entries()].sort(([a], [b]) => a - b);
  const cited = new Set(sources.map(([, ref]) => ref));
  const others = exchange.refs.filter((ref) => !cited.has(ref));
  const sourceId = (marker: number) => `${id}-source-${marker}`;
  const runs = citationRuns(shortAnswerRuns(exchange.answer, exchange.shortAnswer), (marker) =>
    exchange.markers.has(marker),
  );
  return (
    <>
      <div className="answer written">
        <p className="attribution">
          Written by the answering model from the passages below; check them before relying on it.
        </p>
        <p data-testid="answer">
          {runs.map((run, i) =>
            'marker' in run ? (
              <a
                key={i}
                className="citation"
                href={`#${sourceId(run.marker)}`}
                data-testid="citation"
                aria-label={`Source ${run.marker}: ${exchange.markers.get(run.marker)!.doc_name}`}
                onClick={(event) => {
                  // The app routes by the hash: go to the source without touching it.
                  event.preventDefault();
                  const source = document.getElementById(sourceId(run.marker));
                  source?.scrollIntoView({ block: 'nearest' });
                  source?.focus({ preventScroll: true });
                }}
              >
                [{run.marker}]
              </a>
            ) : run.marked ? (
              <strong key={i}>{run.text}</strong>
            ) : (
              run.text
            ),
          )}
          {exchange.streaming ? <span className="writing" aria-hidden="true" /> : null}
        </p>
      </div>
      {sources.length > 0 ? (
        <section className="sources" aria-label="Sources" data-testid="sources">
          <ol className="refs">
            {sources.map(([marker, reference]) => (
              <li key={marker} id={sourceId(marker)} tabIndex={-1} data-testid="source">
                <p className="ref-title">
                  <span className="ref-kind">[{marker}]</span>{' '}
                  <DocumentName reference={reference} />
                </p>
                <blockquote className="excerpt">{reference.sample_text}</blockquote>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {others.length > 0 && !exchange.streaming ? <OtherPassages refs={others} /> : null}
    </>
  );
}

/** The passages retrieved but not quoted or cited, folded away. */
function OtherPassages({ refs }: { refs: Reference[] }) {
  return (
    <details className="other-passages" data-testid="other-passages">
      <summary>Other passages ({refs.length})</summary>
      <ol className="refs" data-testid="refs">
        {refs.map((ref, i) => (
          <li key={`${ref.doc_name}-${ref.page_num}-${i}`}>
            <p className="ref-title">
              <DocumentName reference={ref} />
            </p>
            <blockquote className="excerpt">{ref.sample_text}</blockquote>
          </li>
        ))}
      </ol>
    </details>
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
