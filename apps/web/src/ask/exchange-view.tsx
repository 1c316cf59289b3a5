import { SourceLink } from '../components/source-link';
import type { Exchange } from './conversation';

/**
 * A question, its answer and the references it came from (document, page, excerpt), each
 * linking to its page in the source when the source gives a link.
 */
export function ExchangeView({ exchange, index }: { exchange: Exchange; index: number }) {
  const id = `exchange-${index}`;
  return (
    <article className="exchange" aria-labelledby={`${id}-q`} data-testid="exchange">
      <h3 id={`${id}-q`} className="question">
        {exchange.question}
      </h3>
      <p className="answer" data-testid="answer">
        {exchange.answer || 'No answer found in this collection.'}
      </p>
      {exchange.refs.length > 0 ? (
        <details open>
          <summary>References ({exchange.refs.length})</summary>
          <ol className="refs" data-testid="refs">
            {exchange.refs.map((ref, i) => (
              <li key={`${ref.doc_name}-${ref.page_num}-${i}`}>
                <p>
                  <SourceLink url={ref.url}>
                    <strong>
                      <bdi>{ref.doc_name}</bdi>
                    </strong>{' '}
                    <span className="muted">· page {ref.page_num}</span>
                  </SourceLink>
                </p>
                <blockquote>{ref.sample_text}</blockquote>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </article>
  );
}
