import type { Ingestion, IngestionNote } from '../api/wire-types';
import { formatTime } from '../components/format';
import { isActive, progressOf } from './ingestion-progress';

interface IngestionItemProps {
  ingestion: Ingestion;
  canceling: boolean;
  onCancel(ingestion: Ingestion): void;
}

/** One ingestion: its bar, its counts (announced as they change), its error and notes. */
export function IngestionItem({ ingestion, canceling, onCancel }: IngestionItemProps) {
  const view = progressOf(ingestion);
  const titleId = `ingestion-${ingestion.ingestion_id}`;
  return (
    <li
      className={`ingestion status-${ingestion.status}`}
      aria-labelledby={titleId}
      data-testid="ingestion"
    >
      <div className="ingestion-head">
        <h3 id={titleId}>
          {ingestion.collection_name} <span className="muted">· {ingestion.type}</span>
        </h3>
        <span className={`badge status ${ingestion.status}`} data-testid="ingestion-status">
          {ingestion.status}
        </span>
      </div>
      <progress
        aria-labelledby={titleId}
        aria-describedby={`${titleId}-summary`}
        max={view.max}
        {...(view.value === null ? {} : { value: view.value })}
      />
      <p
        id={`${titleId}-summary`}
        className="summary"
        aria-live="polite"
        data-testid="ingestion-summary"
      >
        {view.summary}
      </p>
      {ingestion.error ? (
        <p className="problem">
          <code>{ingestion.error.code}</code> {ingestion.error.message}
        </p>
      ) : null}
      <p className="muted small">
        Started {formatTime(ingestion.started_at ?? ingestion.created_at)}
        {ingestion.finished_at ? ` · finished ${formatTime(ingestion.finished_at)}` : ''} ·{' '}
        <code>{ingestion.ingestion_id}</code>
      </p>
      <Notes title="Failures" notes={ingestion.failures} />
      <Notes title="Unsupported (skipped)" notes={ingestion.unsupported} />
      <Notes title="Warnings" notes={ingestion.warnings} />
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
    </li>
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
