import type { Connector, Ingestion, IngestionNote } from '../api/wire-types';
import { formatTime } from '../components/format';
import { asSentence } from '../components/sentence';
import { hashWith } from '../routing/hash-query';
import { isActive, progressOf } from './ingestion-progress';
import { nextStepOf, type StepPart } from './next-step';
import { credentialsPhrase, sourceViewOf } from './source-facts';

interface IngestionItemProps {
  ingestion: Ingestion;
  /** Its connector's descriptor (labels of the spec's fields); undefined until loaded. */
  connector: Connector | undefined;
  /** The account is connected to the ingestion's source type. */
  connected: boolean;
  /** Its collection is listed (it has documents): link to it and to Ask on it. */
  collectionListed: boolean;
  canceling: boolean;
  onCancel(ingestion: Ingestion): void;
}

/**
 * One ingestion: what it reads, its bar, its counts (announced as they change), its error with
 * the next step, its notes, and links to what it filled.
 */
export function IngestionItem({
  ingestion,
  connector,
  connected,
  collectionListed,
  canceling,
  onCancel,
}: IngestionItemProps) {
  const view = progressOf(ingestion);
  const source = sourceViewOf(ingestion.type, ingestion.spec, connector);
  const titleId = `ingestion-${ingestion.ingestion_id}`;
  const error = ingestion.error;
  const next = error ? nextStepOf(error.code, source, connected) : null;
  const collection = ingestion.collection_name;
  // Failed or canceled before the source listed anything: an empty bar and "Failed" say nothing
  // the badge and the error do not.
  const endedEmpty =
    (ingestion.status === 'failed' || ingestion.status === 'canceled') &&
    ingestion.progress.documents_discovered === 0;
  return (
    <li
      className={`ingestion status-${ingestion.status}`}
      aria-labelledby={titleId}
      data-testid="ingestion"
    >
      <div className="ingestion-head">
        <h3 id={titleId}>
          {collection} <span className="muted">· {source.title}</span>
        </h3>
        <span className={`badge status ${ingestion.status}`} data-testid="ingestion-status">
          {ingestion.status}
        </span>
      </div>
      <ul className="source-facts" data-testid="ingestion-source">
        {source.facts.map((f) => (
          <li key={f.field}>
            {f.value === '' ? (
              f.label
            ) : (
              <>
                <span className="muted">{f.label}</span> <bdi>{f.value}</bdi>
              </>
            )}
          </li>
        ))}
        <li>{credentialsPhrase(source)}</li>
      </ul>
      {endedEmpty ? null : (
        <progress
          aria-labelledby={titleId}
          aria-describedby={`${titleId}-summary`}
          max={view.max}
          {...(view.value === null ? {} : { value: view.value })}
        />
      )}
      <p
        id={`${titleId}-summary`}
        // Still announced when it ends: a screen reader hears "Failed" where the badge shows it.
        className={endedEmpty ? 'summary visually-hidden' : 'summary'}
        aria-live="polite"
        data-testid="ingestion-summary"
      >
        {view.summary}
      </p>
      {error ? (
        // The code is for programs (the API gives it); a person reads the message and the step.
        <div className="problem ingestion-error" data-code={error.code}>
          <p data-testid="ingestion-error">{asSentence(error.message)}</p>
          {next ? (
            <p className="next-step" data-testid="ingestion-next-step">
              <StepText parts={next} />
            </p>
          ) : null}
        </div>
      ) : null}
      <Notes title="Failures" notes={ingestion.failures} />
      <Notes title="Unsupported (skipped)" notes={ingestion.unsupported} />
      <Notes title="Warnings" notes={ingestion.warnings} />
      <div className="ingestion-foot">
        <p className="muted small">
          Started {formatTime(ingestion.started_at ?? ingestion.created_at)}
          {ingestion.finished_at ? ` · finished ${formatTime(ingestion.finished_at)}` : ''} ·{' '}
          <code>{ingestion.ingestion_id}</code>
        </p>
        {collectionListed || isActive(ingestion.status) ? (
          <div className="actions">
            {collectionListed ? (
              <>
                <a
                  href={hashWith('collections', { collection })}
                  data-testid="ingestion-collection"
                >
                  Documents in <bdi>{collection}</bdi>
                </a>
                <a href={hashWith('ask', { collection })} data-testid="ingestion-ask">
                  Ask <bdi>{collection}</bdi>
                </a>
              </>
            ) : null}
            {isActive(ingestion.status) ? (
              <button
                type="button"
                className="secondary"
                disabled={canceling}
                onClick={() => onCancel(ingestion)}
              >
                Cancel
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function StepText({ parts }: { parts: StepPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={i} href={part.href}>
            {part.text}
          </a>
        ),
      )}
    </>
  );
}

function Notes({ title, notes }: { title: string; notes: IngestionNote[] }) {
  if (notes.length === 0) return null;
  return (
    <details>
      <summary>
        {title} ({notes.length})
      </summary>
      <ul className="notes">
        {notes.map((n, i) => (
          <li key={`${n.source_id}-${i}`}>
            <strong>
              <bdi>{n.doc_name ?? n.source_id}</bdi>
            </strong>
            : {n.message}
          </li>
        ))}
      </ul>
    </details>
  );
}
